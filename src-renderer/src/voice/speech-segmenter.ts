import { DEFAULT_END_OF_SPEECH, SpeechClock, type LoudnessOptions } from './end-of-speech';

/**
 * Continuous listening (hands-free mode) cuts the microphone into recordings: one ends as a
 * segment when speech is followed by `silenceMs` of quiet (or reaches `maxSegmentMs`), and a
 * recording that held no speech for `rotateMs` is dropped and started afresh, always at a
 * quiet moment, so the start of the next sentence is never cut off.
 */
export interface SegmenterOptions extends LoudnessOptions {
  readonly silenceMs: number;
  /** Less loud time than this is a click or a cough, not something said. */
  readonly minSpeechMs: number;
  readonly maxSegmentMs: number;
  readonly rotateMs: number;
}

export const DEFAULT_SEGMENTER: SegmenterOptions = {
  minRms: DEFAULT_END_OF_SPEECH.minRms,
  factor: DEFAULT_END_OF_SPEECH.factor,
  maxThreshold: DEFAULT_END_OF_SPEECH.maxThreshold,
  silenceMs: DEFAULT_END_OF_SPEECH.silenceMs,
  minSpeechMs: DEFAULT_END_OF_SPEECH.minSpeechMs,
  maxSegmentMs: 15_000,
  rotateMs: 5_000,
};

/**
 * What the listener does after a frame: keep going (`quiet`, `speech`), send the recording
 * (`segment`), or drop it and record afresh (`rotate`).
 */
export type SegmenterEvent = 'quiet' | 'speech' | 'segment' | 'rotate';

export class SpeechSegmenter {
  private readonly clock: SpeechClock;

  constructor(private readonly options: SegmenterOptions = DEFAULT_SEGMENTER) {
    this.clock = new SpeechClock(options);
  }

  /** Whether the current recording holds speech that has not ended yet. */
  get hearing(): boolean {
    return this.clock.speechMs > 0;
  }

  push(rms: number, frameMs: number): SegmenterEvent {
    const o = this.options;
    const c = this.clock;
    const loud = c.tick(rms, frameMs);
    const spoke = c.speechMs >= o.minSpeechMs;
    if (spoke && c.quietMs >= o.silenceMs) return this.next('segment');
    if (c.elapsedMs >= o.maxSegmentMs) {
      // Loud for this long without a pause: the room got louder (a fan, music); learn it.
      if (c.quietMs === 0) c.reseed(rms);
      return this.next(spoke ? 'segment' : 'rotate');
    }
    if (!spoke && c.quietMs >= o.silenceMs) {
      // A click long ago is forgotten; the recording is dropped once it is long enough.
      c.speechMs = 0;
      if (c.elapsedMs >= o.rotateMs) return this.next('rotate');
    }
    return loud ? 'speech' : 'quiet';
  }

  /** Starts over with a new recording (after a reply was played, for instance). */
  reset(): void {
    this.clock.reset();
  }

  private next(event: 'segment' | 'rotate'): SegmenterEvent {
    this.reset();
    return event;
  }
}
