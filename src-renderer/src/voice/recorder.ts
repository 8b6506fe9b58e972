import { DEFAULT_END_OF_SPEECH, EndOfSpeechDetector, type EndOfSpeechOptions } from './end-of-speech';
import { openMicrophone, pickMime } from './microphone';
import { RecorderError, recorderFailure } from './recorder-error';

export { RecorderError, recorderErrorFrom } from './recorder-error';
export { pickMime } from './microphone';

export interface Recording {
  readonly blob: Blob;
  readonly mime: string;
  readonly captureMs: number;
  /** Why the recording ended. */
  readonly reason: 'end' | 'max' | 'stopped' | 'no-speech';
}

export interface ActiveRecording {
  /** Resolves when the detector or stop() ends the turn. */
  readonly done: Promise<Recording>;
  /** Ends the turn now (push-to-talk release, second click). */
  stop(): void;
  /** Ends without a result. */
  cancel(): void;
}

/** The analyser is read this often; the detectors count time in these steps. */
export const FRAME_MS = 50;

/**
 * Records one spoken turn as Opus/WebM and ends it by itself on silence. An AnalyserNode
 * samples the input every ~50 ms for the energy detector.
 */
export async function startRecording(
  options: { endOfSpeech?: EndOfSpeechOptions; onLevel?: (rms: number) => void } = {},
): Promise<ActiveRecording> {
  const mic = await openMicrophone();
  const mime = pickMime();
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(mic.stream, mime ? { mimeType: mime } : undefined);
  } catch (e) {
    mic.close();
    throw recorderFailure(e);
  }
  const detector = new EndOfSpeechDetector(options.endOfSpeech ?? DEFAULT_END_OF_SPEECH);
  const chunks: Blob[] = [];
  const started = performance.now();
  let reason: Recording['reason'] = 'stopped';
  let cancelled = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const cleanup = () => {
    if (timer) clearInterval(timer);
    mic.close();
  };

  const done = new Promise<Recording>((resolve, reject) => {
    recorder.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    recorder.onerror = () => {
      cleanup();
      reject(new RecorderError('RECORDER', 'Aufnahme fehlgeschlagen'));
    };
    recorder.onstop = () => {
      cleanup();
      if (cancelled) return reject(new RecorderError('RECORDER', 'Aufnahme abgebrochen'));
      const type = recorder.mimeType || mime || 'audio/webm';
      resolve({ blob: new Blob(chunks, { type }), mime: type, captureMs: Math.round(performance.now() - started), reason });
    };
  });

  const end = (why: Recording['reason']) => {
    if (recorder.state === 'inactive') return;
    reason = why;
    recorder.stop();
  };

  recorder.start(250);
  timer = setInterval(() => {
    const rms = mic.level();
    options.onLevel?.(rms);
    const verdict = detector.push(rms, FRAME_MS);
    if (verdict === 'end' || verdict === 'max' || verdict === 'no-speech') end(verdict);
  }, FRAME_MS);

  return {
    done,
    stop: () => end('stopped'),
    cancel: () => {
      cancelled = true;
      end('stopped');
    },
  };
}
