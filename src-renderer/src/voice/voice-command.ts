import type { VoiceCommandResponse } from '../../../src-shared';
import { ApiError, postForm } from '../api';
import { messageOf } from '../store/resource';
import { uploadName } from './microphone';
import type { Recording } from './recorder';
import { RecorderError } from './recorder-error';

/** A failure shown to the user: `code` is a key into voice.errors.* in the translations. */
export interface VoiceErrorView {
  readonly code: string;
  readonly detail: string;
}

export async function sendVoiceCommand(
  recording: Recording,
  options: { module?: string; handsFree?: boolean } = {},
): Promise<VoiceCommandResponse> {
  return postForm(
    'POST /api/voice/command',
    {
      audio: recording.blob,
      ...(options.module ? { module: options.module } : {}),
      capture_ms: String(recording.captureMs),
      ...(options.handsFree ? { hands_free: 'true' as const } : {}),
    },
    { audio: uploadName(recording.mime) },
  );
}

export function voiceErrorOf(e: unknown): VoiceErrorView {
  if (e instanceof RecorderError) return { code: e.code, detail: e.message };
  return { code: e instanceof ApiError ? e.code : 'SERVER', detail: messageOf(e) };
}

/** Plays a spoken reply; resolves when it has ended (or could not play: the text is shown anyway). */
export function playReply(audio: { mime: string; base64: string }): Promise<void> {
  return new Promise((resolve) => {
    try {
      const bytes = Uint8Array.from(atob(audio.base64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: audio.mime }));
      const done = () => {
        URL.revokeObjectURL(url);
        resolve();
      };
      const el = new Audio(url);
      el.onended = done;
      el.onerror = done;
      void el.play().catch(done);
    } catch {
      resolve();
    }
  });
}
