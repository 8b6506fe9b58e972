import { openMicrophone, pickMime, type Microphone } from './microphone';
import { FRAME_MS, type Recording } from './recorder';
import { RecorderError, recorderFailure } from './recorder-error';
import { DEFAULT_SEGMENTER, SpeechSegmenter, type SegmenterOptions } from './speech-segmenter';

export interface HandsFreeHandlers {
  /** A recording that holds speech, ready for POST /api/voice/command with hands_free=true. */
  onSegment(recording: Recording): void;
  /** Speech started (true) or its segment ended (false): drives the indicator. */
  onHearing(hearing: boolean): void;
  /** The microphone or the recorder failed; the listener has stopped. */
  onError(error: RecorderError): void;
}

export interface HandsFreeListener {
  /** Stops listening and releases the microphone. */
  stop(): void;
  /**
   * Ignores the microphone until `until` settles (a reply being played, a push-to-talk turn),
   * then drops what was recorded meanwhile and listens afresh: JARVIS must not hear itself.
   */
  hold(until: Promise<unknown>): void;
}

interface Take {
  readonly recorder: MediaRecorder;
  readonly chunks: Blob[];
  readonly started: number;
}

/**
 * Listens continuously: an energy detector on the microphone level (the same one push-to-talk
 * uses) cuts the input into recordings. A MediaRecorder runs all the time, so the first
 * syllable of a sentence is already being recorded when the detector notices it; at the end
 * of a segment the next recorder starts before the finished one stops.
 */
export async function startHandsFreeListener(
  handlers: HandsFreeHandlers,
  options: SegmenterOptions = DEFAULT_SEGMENTER,
): Promise<HandsFreeListener> {
  const mic: Microphone = await openMicrophone();
  const mime = pickMime();
  const segmenter = new SpeechSegmenter(options);
  let stopped = false;
  let holds = 0;
  let hearing = false;

  const fail = (error: RecorderError) => {
    if (stopped) return;
    stop();
    handlers.onError(error);
  };

  const begin = (): Take => {
    const recorder = new MediaRecorder(mic.stream, mime ? { mimeType: mime } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    recorder.onerror = () => fail(new RecorderError('RECORDER', 'Aufnahme fehlgeschlagen'));
    recorder.start(250);
    return { recorder, chunks, started: performance.now() };
  };

  const end = (take: Take, send: boolean) => {
    const { recorder, chunks, started } = take;
    if (send) {
      const captureMs = Math.round(performance.now() - started);
      recorder.onstop = () => {
        const type = recorder.mimeType || mime || 'audio/webm';
        handlers.onSegment({ blob: new Blob(chunks, { type }), mime: type, captureMs, reason: 'end' });
      };
    }
    if (recorder.state !== 'inactive') recorder.stop();
  };

  const setHearing = (now: boolean) => {
    if (now === hearing) return;
    hearing = now;
    handlers.onHearing(now);
  };

  let take: Take;
  try {
    take = begin();
  } catch (e) {
    mic.close();
    throw recorderFailure(e);
  }

  /** Hands the current recording on (or drops it) and records into a new one. */
  const rotate = (send: boolean) => {
    const finished = take;
    try {
      take = begin();
    } catch (e) {
      fail(recorderFailure(e));
      return;
    }
    end(finished, send);
  };

  const timer = setInterval(() => {
    if (holds > 0) return;
    const event = segmenter.push(mic.level(), FRAME_MS);
    if (event === 'segment' || event === 'rotate') rotate(event === 'segment');
    setHearing(segmenter.hearing);
  }, FRAME_MS);

  // An unplugged microphone ends the stream; the user must know listening stopped.
  for (const track of mic.stream.getAudioTracks())
    track.addEventListener('ended', () => fail(new RecorderError('NO_MIC', 'Mikrofon getrennt')));

  function stop() {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    end(take, false);
    mic.close();
    setHearing(false);
  }

  return {
    stop,
    hold(until) {
      holds++;
      setHearing(false);
      void until
        .catch(() => undefined)
        .then(() => {
          holds--;
          if (holds > 0 || stopped) return;
          segmenter.reset();
          rotate(false);
        });
    },
  };
}
