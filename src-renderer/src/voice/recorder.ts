import { DEFAULT_END_OF_SPEECH, EndOfSpeechDetector, rmsOf, type EndOfSpeechOptions } from './end-of-speech';

export interface Recording {
  readonly blob: Blob;
  readonly mime: string;
  readonly captureMs: number;
  /** Why the recording ended. */
  readonly reason: 'end' | 'max' | 'stopped' | 'no-speech';
}

/** A recording problem the user can act on; `code` picks the message. */
export class RecorderError extends Error {
  constructor(
    readonly code: 'NO_MIC_API' | 'MIC_PERMISSION' | 'MIC_BUSY' | 'NO_MIC' | 'RECORDER',
    message: string,
  ) {
    super(message);
    this.name = 'RecorderError';
  }
}

const MIME_CANDIDATES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm'];

export function pickMime(isSupported: (mime: string) => boolean = (m) => MediaRecorder.isTypeSupported(m)): string {
  return MIME_CANDIDATES.find((m) => isSupported(m)) ?? '';
}

export function recorderErrorFrom(error: unknown): RecorderError {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return new RecorderError('MIC_PERMISSION', 'Kein Zugriff auf das Mikrofon');
  if (name === 'NotReadableError' || name === 'AbortError') return new RecorderError('MIC_BUSY', 'Mikrofon ist belegt');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return new RecorderError('NO_MIC', 'Kein Mikrofon gefunden');
  return new RecorderError('RECORDER', (error as Error | undefined)?.message ?? String(error));
}

export interface ActiveRecording {
  /** Resolves when the detector or stop() ends the turn. */
  readonly done: Promise<Recording>;
  /** Ends the turn now (push-to-talk release, second click). */
  stop(): void;
  /** Ends without a result. */
  cancel(): void;
}

/**
 * Records one spoken turn as Opus/WebM and ends it by itself on silence. An AnalyserNode
 * samples the input every ~50 ms for the energy detector.
 */
export async function startRecording(options: { endOfSpeech?: EndOfSpeechOptions; onLevel?: (rms: number) => void } = {}): Promise<ActiveRecording> {
  if (!globalThis.navigator?.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
    throw new RecorderError('NO_MIC_API', 'Dieser Browser kann nicht aufnehmen');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 } });
  } catch (e) {
    throw recorderErrorFrom(e);
  }
  const mime = pickMime();
  const recorder = new MediaRecorder(stream, mime ? { mimeType: mime } : undefined);
  const audio = new AudioContext();
  const source = audio.createMediaStreamSource(stream);
  const analyser = audio.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  const frame = new Float32Array(analyser.fftSize);
  const detector = new EndOfSpeechDetector(options.endOfSpeech ?? DEFAULT_END_OF_SPEECH);
  const chunks: Blob[] = [];
  const started = performance.now();
  let reason: Recording['reason'] = 'stopped';
  let cancelled = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const cleanup = () => {
    if (timer) clearInterval(timer);
    for (const track of stream.getTracks()) track.stop();
    void audio.close().catch(() => {});
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
  const FRAME_MS = 50;
  timer = setInterval(() => {
    analyser.getFloatTimeDomainData(frame);
    const rms = rmsOf(frame);
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
