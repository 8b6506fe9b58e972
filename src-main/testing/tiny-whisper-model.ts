// Writes a minimal whisper.cpp model file (the legacy ggml format read by
// whisper_model_load in whisper.cpp/src/whisper.cpp, v1.9.1): magic, hparams, mel filters,
// vocabulary, then every tensor with its dims, name and f32 data. The dimensions are tiny
// and the weights are pseudo-random, so the real whisper-cli loads and runs it in
// milliseconds and transcribes nonsense: enough to test the binary, its flags and the
// parsing of its output without downloading a model.
import { writeFileSync } from 'node:fs';

const GGML_FILE_MAGIC = 0x67676d6c;
const N_MELS = 80;
/** 1 + WHISPER_N_FFT / 2: whisper.cpp checks the filter bank has exactly this many bins. */
const N_FFT_BINS = 201;
/** ≥ 51865 makes the model multilingual, so `-l de` and `-l auto` are accepted. */
const N_VOCAB = 51865;
/** The text tokens before <|endoftext|> in a multilingual vocabulary. */
const N_TEXT_TOKENS = 50257;

export interface TinyModelShape {
  readonly state: number;
  readonly heads: number;
  readonly audioLayers: number;
  readonly textLayers: number;
  readonly audioCtx: number;
  readonly textCtx: number;
}

export const TINY_SHAPE: TinyModelShape = { state: 16, heads: 2, audioLayers: 1, textLayers: 1, audioCtx: 1500, textCtx: 448 };

/**
 * The dimensions of OpenAI's whisper "tiny" (39 M parameters, ~75 MB as f16), the smallest
 * model a household would run: with random weights it costs whisper-cli what the real one
 * costs per decoded token, so a benchmark can weigh the pipeline against real engine work.
 */
export const WHISPER_TINY_SHAPE: TinyModelShape = { state: 384, heads: 6, audioLayers: 4, textLayers: 4, audioCtx: 1500, textCtx: 448 };

interface Tensor {
  readonly name: string;
  /** ggml order: ne[0] is the fastest-varying dimension. */
  readonly ne: readonly number[];
  readonly fill: 'random' | 'ones' | 'zeros';
  /** Weight matrices and convolution kernels are f16 (ftype 1); ggml's CPU im2col takes only f16 kernels. */
  readonly f16?: boolean;
}

function tensorList(s: TinyModelShape): Tensor[] {
  const n = s.state;
  const t: Tensor[] = [
    { name: 'encoder.positional_embedding', ne: [n, s.audioCtx], fill: 'random' },
    { name: 'encoder.conv1.weight', f16: true, ne: [3, N_MELS, n], fill: 'random' },
    { name: 'encoder.conv1.bias', ne: [1, n], fill: 'zeros' },
    { name: 'encoder.conv2.weight', f16: true, ne: [3, n, n], fill: 'random' },
    { name: 'encoder.conv2.bias', ne: [1, n], fill: 'zeros' },
    { name: 'encoder.ln_post.weight', ne: [n], fill: 'ones' },
    { name: 'encoder.ln_post.bias', ne: [n], fill: 'zeros' },
  ];
  const block = (prefix: string, cross: boolean): Tensor[] => {
    const out: Tensor[] = [
      { name: `${prefix}.mlp_ln.weight`, ne: [n], fill: 'ones' },
      { name: `${prefix}.mlp_ln.bias`, ne: [n], fill: 'zeros' },
      { name: `${prefix}.mlp.0.weight`, f16: true, ne: [n, 4 * n], fill: 'random' },
      { name: `${prefix}.mlp.0.bias`, ne: [4 * n], fill: 'zeros' },
      { name: `${prefix}.mlp.2.weight`, f16: true, ne: [4 * n, n], fill: 'random' },
      { name: `${prefix}.mlp.2.bias`, ne: [n], fill: 'zeros' },
    ];
    for (const attn of cross ? ['attn', 'cross_attn'] : ['attn']) {
      out.push(
        { name: `${prefix}.${attn}_ln.weight`, ne: [n], fill: 'ones' },
        { name: `${prefix}.${attn}_ln.bias`, ne: [n], fill: 'zeros' },
        { name: `${prefix}.${attn}.query.weight`, f16: true, ne: [n, n], fill: 'random' },
        { name: `${prefix}.${attn}.query.bias`, ne: [n], fill: 'zeros' },
        { name: `${prefix}.${attn}.key.weight`, f16: true, ne: [n, n], fill: 'random' },
        { name: `${prefix}.${attn}.value.weight`, f16: true, ne: [n, n], fill: 'random' },
        { name: `${prefix}.${attn}.value.bias`, ne: [n], fill: 'zeros' },
        { name: `${prefix}.${attn}.out.weight`, f16: true, ne: [n, n], fill: 'random' },
        { name: `${prefix}.${attn}.out.bias`, ne: [n], fill: 'zeros' },
      );
    }
    return out;
  };
  for (let i = 0; i < s.audioLayers; i++) t.push(...block(`encoder.blocks.${i}`, false));
  t.push(
    { name: 'decoder.positional_embedding', ne: [n, s.textCtx], fill: 'random' },
    { name: 'decoder.token_embedding.weight', f16: true, ne: [n, N_VOCAB], fill: 'random' },
    { name: 'decoder.ln.weight', ne: [n], fill: 'ones' },
    { name: 'decoder.ln.bias', ne: [n], fill: 'zeros' },
  );
  for (let i = 0; i < s.textLayers; i++) t.push(...block(`decoder.blocks.${i}`, true));
  return t;
}

/** A small deterministic generator, so two runs write the same file. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000 - 0.5;
  };
}

/** IEEE 754 half precision, round-toward-zero: exact enough for random test weights. */
function toHalf(values: Float32Array): Buffer {
  const out = new Uint16Array(values.length);
  const f = new Float32Array(1);
  const u = new Uint32Array(f.buffer);
  for (let i = 0; i < values.length; i++) {
    f[0] = values[i]!;
    const bits = u[0]!;
    const sign = (bits >>> 16) & 0x8000;
    const exp = ((bits >>> 23) & 0xff) - 127 + 15;
    const mant = bits & 0x7fffff;
    if (exp <= 0)
      out[i] = sign; // too small for a normal half: zero
    else if (exp >= 31) out[i] = sign | 0x7c00;
    else out[i] = sign | (exp << 10) | (mant >>> 13);
  }
  return Buffer.from(out.buffer);
}

/** A pseudo-word per token: what the random model "says" is made of these. */
function tokenText(i: number): string {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'so', 'be', 'di', 'fu', 'ga', 'he'];
  let word = '';
  let v = i;
  do {
    word += syllables[v % syllables.length];
    v = Math.floor(v / syllables.length);
  } while (v > 0);
  return i % 3 === 0 ? ` ${word}` : word;
}

/**
 * A model with random weights samples near-uniformly over 51 865 tokens: every step has a
 * log-probability near −10, so whisper-cli falls back through all its temperatures and
 * decodes until its token limit, five times over. `speaks: n` makes the decoder certain
 * instead: the positional embedding of each of the first `n` text positions points
 * (scaled far above what the random blocks add) at one pseudo-word's token embedding, and
 * every later position at <|endoftext|>. whisper-cli then decodes n tokens once, as a real
 * model does for a short sentence, and the engine's work is a real model's of that shape.
 */
export interface TinyModelOptions {
  readonly seed?: number;
  readonly speaks?: number;
}

/**
 * Positions 0–2 hold <|startoftranscript|>, the language and the task; the output at a
 * position predicts the next token, so the task's position says the first word.
 */
const FIRST_WORD_POSITION = 2;
/** Far above the norm the random attention and MLP blocks add to the residual stream. */
const CERTAINTY = 2000;

export function tinyWhisperModel(shape: TinyModelShape = TINY_SHAPE, { seed = 42, speaks }: TinyModelOptions = {}): Buffer {
  const parts: Buffer[] = [];
  const i32 = (...values: number[]) => {
    const b = Buffer.alloc(4 * values.length);
    values.forEach((v, i) => b.writeInt32LE(v, i * 4));
    parts.push(b);
  };
  const rnd = random(seed);

  const magic = Buffer.alloc(4);
  magic.writeUInt32LE(GGML_FILE_MAGIC, 0);
  parts.push(magic);
  // n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, n_text_ctx,
  // n_text_state, n_text_head, n_text_layer, n_mels, ftype (1 = f16 weights, f32 the rest)
  i32(
    N_VOCAB,
    shape.audioCtx,
    shape.state,
    shape.heads,
    shape.audioLayers,
    shape.textCtx,
    shape.state,
    shape.heads,
    shape.textLayers,
    N_MELS,
    1,
  );

  i32(N_MELS, N_FFT_BINS);
  const filters = Buffer.alloc(N_MELS * N_FFT_BINS * 4);
  // A triangular-ish bank: each mel band looks at a couple of neighbouring bins.
  for (let m = 0; m < N_MELS; m++) {
    const centre = Math.round(((m + 1) * (N_FFT_BINS - 1)) / (N_MELS + 1));
    for (const [bin, w] of [
      [centre - 1, 0.5],
      [centre, 1],
      [centre + 1, 0.5],
    ] as const) {
      if (bin >= 0 && bin < N_FFT_BINS) filters.writeFloatLE(w * 0.01, (m * N_FFT_BINS + bin) * 4);
    }
  }
  parts.push(filters);

  i32(N_TEXT_TOKENS);
  for (let i = 0; i < N_TEXT_TOKENS; i++) {
    // whisper.cpp looks up " " by name (it suppresses a blank first token): GPT-2 has it at 220.
    const word = Buffer.from(i === N_TEXT_TOKENS - 1 ? '<|endoftext|>' : i === 220 ? ' ' : tokenText(i), 'utf8');
    i32(word.length);
    parts.push(word);
  }

  const tensors = tensorList(shape).map((t) => {
    const count = t.ne.reduce((a, b) => a * b, 1);
    const data = new Float32Array(count);
    if (t.fill === 'ones') data.fill(1);
    else if (t.fill === 'random') for (let i = 0; i < count; i++) data[i] = rnd() * 0.2;
    return { ...t, data };
  });
  if (speaks !== undefined) scriptDecoder(tensors, shape, speaks);
  for (const t of tensors) {
    const name = Buffer.from(t.name, 'utf8');
    i32(t.ne.length, name.length, t.f16 ? 1 : 0, ...t.ne);
    parts.push(name);
    // ggml files are little-endian, like every machine this runs on.
    parts.push(t.f16 ? toHalf(t.data) : Buffer.from(t.data.buffer));
  }
  return Buffer.concat(parts);
}

export function writeTinyWhisperModel(file: string, shape: TinyModelShape = TINY_SHAPE, options: TinyModelOptions = {}): string {
  writeFileSync(file, tinyWhisperModel(shape, options));
  return file;
}

/** What a model written with `speaks: words` transcribes, whatever it hears. */
export function spokenText(words: number): string {
  let text = '';
  for (let k = 0; k < words; k++) text += tokenText(scriptedToken(k));
  return text.trim();
}

const scriptedToken = (k: number) => 1000 + 37 * k;

/** The `speaks` option: see TinyModelOptions. */
function scriptDecoder(tensors: readonly (Tensor & { data: Float32Array })[], shape: TinyModelShape, words: number): void {
  const find = (name: string) => tensors.find((t) => t.name === name)!.data;
  const positions = find('decoder.positional_embedding');
  const tokens = find('decoder.token_embedding.weight');
  const n = shape.state;
  const point = (position: number, token: number) => {
    for (let d = 0; d < n; d++) positions[position * n + d] = CERTAINTY * tokens[token * n + d]!;
  };
  // Distinct ordinary words, so whisper's repetition check sees no loop.
  for (let k = 0; k < words; k++) point(FIRST_WORD_POSITION + k, scriptedToken(k));
  for (let p = FIRST_WORD_POSITION + words; p < shape.textCtx; p++) point(p, N_TEXT_TOKENS);
}
