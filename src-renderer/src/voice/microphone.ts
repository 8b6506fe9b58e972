import { rmsOf } from './end-of-speech';
import { RecorderError, recorderErrorFrom } from './recorder-error';

/** An open microphone with a level meter (a WebAudio AnalyserNode). */
export interface Microphone {
  readonly stream: MediaStream;
  /** RMS level (0..1) of the latest ~43 ms of input. */
  level(): number;
  /** Stops the tracks (the browser's recording indicator goes off) and the audio graph. */
  close(): void;
}

/** Asks for the microphone; refusals and missing devices become RecorderErrors with their code. */
export async function openMicrophone(): Promise<Microphone> {
  if (!globalThis.navigator?.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
    throw new RecorderError('NO_MIC_API', 'Dieser Browser kann nicht aufnehmen');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 } });
  } catch (e) {
    throw recorderErrorFrom(e);
  }
  const audio = new AudioContext();
  const analyser = audio.createAnalyser();
  analyser.fftSize = 2048;
  audio.createMediaStreamSource(stream).connect(analyser);
  const frame = new Float32Array(analyser.fftSize);
  return {
    stream,
    level() {
      analyser.getFloatTimeDomainData(frame);
      return rmsOf(frame);
    },
    close() {
      for (const track of stream.getTracks()) track.stop();
      void audio.close().catch(() => {});
    },
  };
}

const MIME_CANDIDATES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm'];

export function pickMime(isSupported: (mime: string) => boolean = (m) => MediaRecorder.isTypeSupported(m)): string {
  return MIME_CANDIDATES.find((m) => isSupported(m)) ?? '';
}

/** The file name the master's upload expects for a recording of this type. */
export function uploadName(mime: string): string {
  return `turn.${mime.includes('ogg') ? 'ogg' : 'webm'}`;
}
