import type { StateCreator } from 'zustand';
import { ApiError, apiFetch, apiPostForm, isUnavailable } from '../api';
import { RecorderError, startRecording, type ActiveRecording } from '../voice/recorder';
import type { ChatResponse } from './chat-slice';
import { failed, idle, loading, messageOf, type Resource } from './resource';
import type { Store } from './index';

/** GET /api/voice/status (COMMON.md, voice contract). */
export interface VoiceStatus {
  readonly stt: { state: 'BIN' | 'MODEL' | 'FFMPEG' | 'LOCAL'; bin?: string; model?: string; ffmpeg?: string; language?: string; errors: readonly string[] };
  readonly tts: { engine: 'piper' | 'espeak-ng' | 'none'; bin?: string; voice?: string; errors: readonly string[] };
  readonly last_turn?: Readonly<Record<string, number>>;
  readonly hands_free?: { enabled: boolean; wake_word?: string };
}

interface VoiceCommandResponse extends ChatResponse {
  readonly transcript: string;
  readonly audio?: { mime: string; base64: string };
  readonly timings?: Readonly<Record<string, number>>;
}

export type VoicePhase = 'idle' | 'recording' | 'sending';

export interface VoiceSlice {
  voiceStatus: Resource<VoiceStatus>;
  voicePhase: VoicePhase;
  /** The module whose mic is active (undefined: the global button). */
  voiceModule?: string;
  voiceLevel: number;
  /** The code of the last failure: a key into voice.errors.* in the translations. */
  voiceError?: { code: string; detail: string };
  loadVoiceStatus(): Promise<void>;
  toggleVoice(module?: string): Promise<void>;
  dismissVoiceError(): void;
}

let active: ActiveRecording | undefined;

function playReply(audio: { mime: string; base64: string }): void {
  try {
    const bytes = Uint8Array.from(atob(audio.base64), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: audio.mime }));
    const el = new Audio(url);
    el.onended = () => URL.revokeObjectURL(url);
    void el.play().catch(() => URL.revokeObjectURL(url));
  } catch {
    // A reply without playable audio is still shown as text.
  }
}

export const createVoiceSlice: StateCreator<Store, [], [], VoiceSlice> = (set, get) => ({
  voiceStatus: idle(),
  voicePhase: 'idle',
  voiceLevel: 0,
  async loadVoiceStatus() {
    set({ voiceStatus: loading(get().voiceStatus) });
    try {
      set({ voiceStatus: { status: 'ready', data: await apiFetch<VoiceStatus>('/api/voice/status') } });
    } catch (e) {
      set({ voiceStatus: failed(get().voiceStatus, e) });
    }
  },
  async toggleVoice(module) {
    if (get().voicePhase === 'recording') {
      active?.stop();
      return;
    }
    if (get().voicePhase === 'sending') return;
    set({ voiceError: undefined, voiceModule: module });
    let recording: ActiveRecording;
    try {
      recording = await startRecording({ onLevel: (rms) => set({ voiceLevel: rms }) });
    } catch (e) {
      const err = e instanceof RecorderError ? e : new RecorderError('RECORDER', messageOf(e));
      set({ voiceError: { code: err.code, detail: err.message }, voicePhase: 'idle' });
      return;
    }
    active = recording;
    set({ voicePhase: 'recording' });
    try {
      const result = await recording.done;
      set({ voicePhase: 'sending', voiceLevel: 0 });
      if (result.reason === 'no-speech') throw new ApiError(422, 'NO_SPEECH', 'Keine Sprache erkannt');
      const form = new FormData();
      form.append('audio', result.blob, `turn.${result.mime.includes('ogg') ? 'ogg' : 'webm'}`);
      if (module) form.append('module', module);
      form.append('capture_ms', String(result.captureMs));
      const res = await apiPostForm<VoiceCommandResponse>('/api/voice/command', form);
      get().addVoiceTurn(res.transcript, res, module);
      if (res.audio) playReply(res.audio);
    } catch (e) {
      if (e instanceof RecorderError) set({ voiceError: { code: e.code, detail: e.message } });
      else if (isUnavailable(e) && !(e instanceof ApiError && e.code !== 'NOT_FOUND' && e.code !== 'HTTP_ERROR')) set({ voiceError: { code: 'UNAVAILABLE', detail: messageOf(e) } });
      else set({ voiceError: { code: e instanceof ApiError ? e.code : 'SERVER', detail: messageOf(e) } });
    } finally {
      active = undefined;
      set({ voicePhase: 'idle', voiceLevel: 0 });
    }
  },
  dismissVoiceError() {
    set({ voiceError: undefined });
  },
});
