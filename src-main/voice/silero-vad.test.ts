import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { SpeechSegment } from './speech-energy';
import { segmentsFromProbabilities, type SileroOptions } from './silero-vad';
import { SILERO_OPTIONS } from './vad';

interface VadNodeFrameProcessor {
  resume(): void;
  process(frame: Float32Array): Promise<{ msg?: string }>;
  endSegment(): { msg?: string };
}
type FrameProcessorClass = new (
  model: (f: Float32Array) => Promise<{ isSpeech: number; notSpeech: number }>,
  reset: () => void,
  o: object,
) => VadNodeFrameProcessor;

/** What @ricky0123/vad-node's NonRealTimeVAD makes of the same probabilities: the reference. */
async function vadNodeSegments(probabilities: readonly number[], o: SileroOptions): Promise<SpeechSegment[]> {
  const { FrameProcessor } = createRequire(import.meta.url)('@ricky0123/vad-node') as { FrameProcessor: FrameProcessorClass };
  // The "model" answers with the scripted probability of the frame it is handed.
  const processor = new FrameProcessor(
    async (frame) => ({ isSpeech: probabilities[frame[0]!]!, notSpeech: 1 - probabilities[frame[0]!]! }),
    () => undefined,
    { ...o, submitUserSpeechOnPause: false },
  );
  processor.resume();
  const out: SpeechSegment[] = [];
  let start = 0;
  for (let i = 0; i < probabilities.length; i++) {
    const { msg } = await processor.process(Float32Array.of(i));
    if (msg === 'SPEECH_START') start = (i * o.frameSamples) / 16;
    if (msg === 'SPEECH_END') out.push({ startMs: start, endMs: ((i + 1) * o.frameSamples) / 16 });
  }
  if (processor.endSegment().msg === 'SPEECH_END') out.push({ startMs: start, endMs: (probabilities.length * o.frameSamples) / 16 });
  return out;
}

/** A small seeded generator: the same "random" sequences on every run. */
function sequence(seed: number, length: number): number[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: number[] = [];
  // Runs of speech-like and quiet frames, with probabilities near the thresholds as well.
  while (out.length < length) {
    const voiced = next() < 0.5;
    const run = 1 + Math.floor(next() * 12);
    for (let i = 0; i < run && out.length < length; i++) out.push(voiced ? 0.3 + next() * 0.7 : next() * 0.55);
  }
  return out;
}

const ms = (frames: number) => (frames * SILERO_OPTIONS.frameSamples) / 16;

describe('Silero speech segments', () => {
  it('a sentence between two silences is one segment, from its first voiced frame to the end of the redemption', () => {
    const probs = [...Array(5).fill(0.05), ...Array(10).fill(0.95), ...Array(12).fill(0.05)];
    expect(segmentsFromProbabilities(probs, SILERO_OPTIONS)).toEqual([{ startMs: ms(5), endMs: ms(15 + SILERO_OPTIONS.redemptionFrames) }]);
  });

  it('a pause shorter than the redemption frames does not split a sentence', () => {
    const probs = [...Array(6).fill(0.9), ...Array(5).fill(0.1), ...Array(6).fill(0.9), ...Array(10).fill(0.1)];
    expect(segmentsFromProbabilities(probs, SILERO_OPTIONS)).toHaveLength(1);
  });

  it('two voiced frames are a misfire, not speech', () => {
    expect(segmentsFromProbabilities([0.1, 0.9, 0.9, ...Array(10).fill(0.1)], SILERO_OPTIONS)).toEqual([]);
  });

  it('speech that runs to the end of the clip ends with the clip', () => {
    expect(segmentsFromProbabilities([0.1, 0.1, 0.8, 0.8, 0.8, 0.8], SILERO_OPTIONS)).toEqual([{ startMs: ms(2), endMs: ms(6) }]);
  });

  it('silence is no segment', () => {
    expect(segmentsFromProbabilities(Array(40).fill(0.02), SILERO_OPTIONS)).toEqual([]);
    expect(segmentsFromProbabilities([], SILERO_OPTIONS)).toEqual([]);
  });

  it('decides exactly as @ricky0123/vad-node does, frame by frame', async () => {
    const variants: SileroOptions[] = [
      SILERO_OPTIONS,
      { ...SILERO_OPTIONS, preSpeechPadFrames: 0, redemptionFrames: 3 },
      { ...SILERO_OPTIONS, preSpeechPadFrames: 4, minSpeechFrames: 5 },
    ];
    for (const options of variants) {
      for (let seed = 1; seed <= 60; seed++) {
        const probs = sequence(seed, 20 + seed * 3);
        expect(segmentsFromProbabilities(probs, options), `seed ${seed}`).toEqual(await vadNodeSegments(probs, options));
      }
    }
  });
});
