import type { VoiceCommandResponse as SharedVoiceCommandResponse } from '../../../src-shared';
import { ApiError, apiPostForm, isUnavailable } from '../api';
import type { ChatResponse } from '../store/chat-slice';
import { messageOf } from '../store/resource';
import { uploadName } from './microphone';
import type { Recording } from './recorder';
import { RecorderError } from './recorder-error';

/** POST /api/voice/command: the chat answer plus what voice adds (src-shared/voice.ts). */
export type VoiceCommandResponse = ChatResponse & Pick<SharedVoiceCommandResponse, 'transcript' | 'audio' | 'timings' | 'ignored'>;

/** A failure shown to the user: `code` is a key into voice.errors.* in the translations. */
export interface VoiceErrorView {
  readonly code: string;
  readonly detail: string;
}

export async function sendVoiceCommand(recording: Recording, options: { module?: string; handsFree?: boolean } = {}): Promise<VoiceCommandResponse> {
  const form = new FormData();
  form.append('audio', recording.blob, uploadName(recording.mime));
  if (options.module) form.append('module', options.module);
  form.append('capture_ms', String(recording.captureMs));
  if (options.handsFree) form.append('hands_free', 'true');
  return apiPostForm<VoiceCommandResponse>('/api/voice/command', form);
}

export function voiceErrorOf(e: unknown): VoiceErrorView {
  if (e instanceof RecorderError) return { code: e.code, detail: e.message };
  // A build without the voice routes answers 404 without an error code of its own.
  if (isUnavailable(e) && !(e instanceof ApiError && e.code !== 'NOT_FOUND' && e.code !== 'HTTP_ERROR')) return { code: 'UNAVAILABLE', detail: messageOf(e) };
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
