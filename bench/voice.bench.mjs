// Voice pipeline overhead: the served master's /api/voice/transcribe + /api/voice/speak
// (HTTP, multipart, temp files, ffmpeg decode, voice activity detection, whisper-cli,
// espeak-ng) against the two engines run directly on the same audio with the same
// arguments (whisper-cli on the 16 kHz WAV, espeak-ng on the same text). Target <= 1.1x.
// whisper-cli is built from the nodejs-whisper sources (cached). The model is generated in
// the dimensions of whisper "tiny", the smallest real model, with a decoder made certain of
// a 20-token sentence (src-main/testing/tiny-whisper-model.ts): whisper-cli encodes the
// window and beam-searches 20 tokens once, the work the smallest real model does for a short
// command. BENCH_WHISPER_SHAPE=test: the 16-wide random test model, where the engines cost
// almost nothing; BENCH_WHISPER_MODEL: a real ggml model (the app's default is ggml-small).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndImport, median, report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SETTLE_MS = 1000;
/** About what a real model decodes for TEXT. */
const SPOKEN_TOKENS = 20;
const TEXT = 'Morgen um acht Uhr ist der Zahnarzttermin, und Milch steht auf der Einkaufsliste.';

function runProcess(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err.slice(-500)}`))));
  });
}

async function startServe(env) {
  const child = spawn(process.execPath, [join(root, 'dist/main/serve.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (c) => (log += c));
  child.stderr.on('data', (c) => (log += c));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL: ${log}`)), 30_000);
    child.stdout.on('data', () => {
      const m = /running at (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${log}`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-voice-bench-'));
  try {
    const whisper = execFileSync(process.execPath, [join(root, 'scripts/build-whisper-cli.mjs')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .trim()
      .split('\n')
      .pop();
    const entry = await bundleAndImport('voice', 'bench/fixtures/voice-bench-entry.ts');
    const shape = process.env.BENCH_WHISPER_SHAPE === 'test' ? 'test' : 'tiny';
    const model =
      process.env.BENCH_WHISPER_MODEL ??
      (shape === 'tiny'
        ? entry.writeTinyWhisperModel(join(dir, 'ggml-tiny-speaks.bin'), entry.WHISPER_TINY_SHAPE, { speaks: SPOKEN_TOKENS })
        : entry.writeTinyWhisperModel(join(dir, 'ggml-test-random.bin')));
    const modelName = process.env.BENCH_WHISPER_MODEL
      ? 'from BENCH_WHISPER_MODEL'
      : shape === 'tiny'
        ? `whisper-tiny dimensions, says ${SPOKEN_TOKENS} tokens`
        : '16-wide random test model';
    const spoken = join(dir, 'spoken.wav');
    execFileSync('espeak-ng', ['-v', 'de', '-w', spoken, TEXT]);
    // What the browser sends (Opus in WebM, with some silence around the speech) …
    const webm = join(dir, 'turn.webm');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      spoken,
      '-af',
      'adelay=500,apad=pad_dur=0.8',
      '-ar',
      '48000',
      '-c:a',
      'libopus',
      webm,
    ]);
    // … and what whisper reads: the pipeline's own 16 kHz mono s16 WAV of it, trimmed to the speech.
    const wav16 = join(dir, 'turn16.wav');
    writeFileSync(wav16, await entry.preparedWav(readFileSync(webm), join(dir, 'tools')));
    const threads = String(Math.max(1, Math.min(4, availableParallelism())));
    const audio = readFileSync(webm);

    const app = await startServe({
      PATH: process.env.PATH,
      JARVIS_ADDR: '127.0.0.1:0',
      JARVIS_DATA: join(dir, 'jarvis.db'),
      JARVIS_SKILLS_DIR: join(dir, 'skills'),
      JARVIS_TOOLS_DIR: join(dir, 'tools'),
      OLLAMA_URL: 'http://127.0.0.1:9',
      JARVIS_WHISPER_BIN: whisper,
      JARVIS_WHISPER_MODEL: model,
    });
    const pipelineTurn = async () => {
      const form = new FormData();
      form.append('audio', new Blob([audio], { type: 'audio/webm' }), 'turn.webm');
      const t = await fetch(`${app.url}/api/voice/transcribe`, { method: 'POST', body: form });
      if (t.status !== 200) throw new Error(`transcribe: ${t.status} ${await t.text()}`);
      transcripts.push((await t.json()).text);
      const s = await fetch(`${app.url}/api/voice/speak`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: TEXT }),
      });
      if (s.status !== 200) throw new Error(`speak: ${s.status} ${await s.text()}`);
      await s.arrayBuffer();
    };
    const enginesTurn = async () => {
      await runProcess(whisper, ['-m', model, '-f', wav16, '-l', 'de', '-t', threads, '-oj', '-otxt', '-of', join(dir, 'out'), '-np']);
      await runProcess('espeak-ng', ['-v', 'de', '-w', join(dir, 'reply.wav'), TEXT]);
    };

    const transcripts = [];
    const pipeline = [];
    const engines = [];
    const prepare = [];
    try {
      await pipelineTurn(); // warm-up: first file reads, the VAD session
      await enginesTurn();
      for (let i = 0; i < RUNS; i++) {
        let t = performance.now();
        await enginesTurn();
        engines.push(performance.now() - t);
        t = performance.now();
        await pipelineTurn();
        pipeline.push(performance.now() - t);
        // A pause between turns, as between two spoken commands: the master starts the next
        // turn's ffmpeg after a turn, and that must not land inside the engines' timing.
        await new Promise((r) => setTimeout(r, SETTLE_MS));
      }
      // The master's own record of each turn: decoding plus voice activity detection.
      const trace = (await (await fetch(`${app.url}/api/debug/export`)).json()).trace;
      prepare.push(
        ...trace
          .filter((e) => e.component === 'voice' && e.stage === 'convert')
          .slice(1)
          .map((e) => e.data.ms),
      );
    } finally {
      await app.stop();
    }
    // The certain decoder is what makes the engines' work a real model's: check it held.
    if (!process.env.BENCH_WHISPER_MODEL && shape === 'tiny' && transcripts.some((t) => t !== entry.spokenText(SPOKEN_TOKENS)))
      throw new Error(`the generated model did not say its sentence: ${transcripts[0]}`);
    const p = median(pipeline);
    const e = median(engines);
    const ratio = p / e;
    report(`voice turn: pipeline vs engines alone (median of ${RUNS}, model: ${modelName})`, [
      ['pipeline: /transcribe + /speak over HTTP', `${p.toFixed(1)} ms`],
      ['engines alone: whisper-cli + espeak-ng', `${e.toFixed(1)} ms`],
      ['pipeline overhead', `${(p - e).toFixed(1)} ms`],
      ['  of it: decode + VAD (master trace)', prepare.length ? `${median(prepare).toFixed(1)} ms` : 'n/a'],
      ['ratio (target <= 1.1)', `${ratio.toFixed(2)}x`],
      // Under load single runs swing by seconds; these two say whether the median is luck.
      ['  median of per-turn ratios', `${median(pipeline.map((v, i) => v / engines[i])).toFixed(2)}x`],
      [
        '  fastest pipeline / fastest engines',
        `${(Math.min(...pipeline) / Math.min(...engines)).toFixed(2)}x (${Math.min(...pipeline).toFixed(0)} / ${Math.min(...engines).toFixed(0)} ms)`,
      ],
    ]);
    return { name: 'voice pipeline vs engines', ratio, target: 1.1 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
