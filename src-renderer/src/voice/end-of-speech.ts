/**
 * Energy-based end-of-speech detection: the turn ends after `silenceMs` of quiet that
 * follows at least `minSpeechMs` of speech, or at `maxMs` whatever happens. The threshold
 * adapts to the room: speech is energy clearly above the noise floor seen so far.
 */
export interface EndOfSpeechOptions {
  readonly silenceMs: number;
  readonly minSpeechMs: number;
  readonly maxMs: number;
  /** RMS (0..1) below which a frame is always quiet, whatever the noise floor. */
  readonly minRms: number;
  /** Speech must be this many times the noise floor… */
  readonly factor: number;
  /** …but never more than this, so a turn that starts with speech still counts as speech. */
  readonly maxThreshold: number;
  /** Give up when nobody spoke within this time. */
  readonly noSpeechMs: number;
}

export const DEFAULT_END_OF_SPEECH: EndOfSpeechOptions = {
  silenceMs: 900,
  minSpeechMs: 250,
  maxMs: 15_000,
  minRms: 0.015,
  factor: 2.5,
  maxThreshold: 0.08,
  noSpeechMs: 6000,
};

export type Verdict = 'listening' | 'speaking' | 'end' | 'no-speech' | 'max';

/** The part of the options that tells a loud frame from the room's own noise. */
export type LoudnessOptions = Pick<EndOfSpeechOptions, 'minRms' | 'factor' | 'maxThreshold'>;

/** Tells speech-loud frames from the room: the threshold follows the noise floor of quiet frames. */
export class LoudnessGate {
  private noiseFloor: number | undefined;

  constructor(private readonly options: LoudnessOptions) {}

  isLoud(rms: number): boolean {
    const o = this.options;
    // The first frame seeds the floor: steady fan noise from the start is not speech.
    this.noiseFloor ??= rms;
    const threshold = Math.max(o.minRms, Math.min(o.maxThreshold, this.noiseFloor * o.factor));
    const loud = rms >= threshold;
    // The floor follows quiet frames slowly so a pause does not raise it.
    if (!loud) this.noiseFloor = this.noiseFloor * 0.95 + rms * 0.05;
    return loud;
  }

  /** Takes `rms` as the new floor: a room that stayed loud for long is the room, not a voice. */
  reseed(rms: number): void {
    this.noiseFloor = rms;
  }
}

/** Loud and quiet time of one recording, frame by frame, through a LoudnessGate. */
export class SpeechClock {
  private readonly gate: LoudnessGate;
  /** Loud time since the recording began (or since `forgetSpeech`). */
  speechMs = 0;
  /** Quiet time since the last loud frame. */
  quietMs = 0;
  elapsedMs = 0;

  constructor(options: LoudnessOptions) {
    this.gate = new LoudnessGate(options);
  }

  /** Counts one frame; returns whether it was loud. */
  tick(rms: number, frameMs: number): boolean {
    this.elapsedMs += frameMs;
    const loud = this.gate.isLoud(rms);
    if (loud) {
      this.speechMs += frameMs;
      this.quietMs = 0;
    } else {
      this.quietMs += frameMs;
    }
    return loud;
  }

  reseed(rms: number): void {
    this.gate.reseed(rms);
  }

  reset(): void {
    this.speechMs = 0;
    this.quietMs = 0;
    this.elapsedMs = 0;
  }
}

export class EndOfSpeechDetector {
  private readonly clock: SpeechClock;

  constructor(private readonly options: EndOfSpeechOptions = DEFAULT_END_OF_SPEECH) {
    this.clock = new SpeechClock(options);
  }

  /** Feeds one analysis frame; returns what the recorder should do. */
  push(rms: number, frameMs: number): Verdict {
    const o = this.options;
    const c = this.clock;
    const loud = c.tick(rms, frameMs);
    if (c.elapsedMs >= o.maxMs) return 'max';
    if (c.speechMs >= o.minSpeechMs && c.quietMs >= o.silenceMs) return 'end';
    if (c.speechMs < o.minSpeechMs && c.elapsedMs >= o.noSpeechMs) return 'no-speech';
    return c.speechMs > 0 && loud ? 'speaking' : 'listening';
  }
}

/** Root mean square of a time-domain frame in [-1, 1]. */
export function rmsOf(frame: Float32Array): number {
  let sum = 0;
  for (const v of frame) sum += v * v;
  return frame.length ? Math.sqrt(sum / frame.length) : 0;
}
