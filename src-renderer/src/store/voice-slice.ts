import type { StateCreator } from 'zustand';
import type { VoiceStatus } from '../../../src-shared';
import { ApiError, request } from '../api';
import { RecorderError, startRecording, type ActiveRecording } from '../voice/recorder';
import { playReply, sendVoiceCommand, voiceErrorOf, type VoiceErrorView } from '../voice/voice-command';
import { idle, messageOf, type Resource, resourceLoader } from './resource';
import type { Store } from './index';

export type VoicePhase = 'idle' | 'recording' | 'sending';

export interface VoiceSlice {
  voiceStatus: Resource<VoiceStatus>;
  voicePhase: VoicePhase;
  /** The module whose mic is active (undefined: the global button). */
  voiceModule?: string;
  voiceLevel: number;
  /** The code of the last failure: a key into voice.errors.* in the translations. */
  voiceError?: VoiceErrorView;
  loadVoiceStatus(): Promise<void>;
  toggleVoice(module?: string): Promise<void>;
  dismissVoiceError(): void;
}

let active: ActiveRecording | undefined;

export const createVoiceSlice: StateCreator<Store, [], [], VoiceSlice> = (set, get) => {
  const loadResource = resourceLoader(set, get);
  return {
    voiceStatus: idle(),
    voicePhase: 'idle',
    voiceLevel: 0,
    loadVoiceStatus: () => loadResource('voiceStatus', () => request('GET /api/voice/status')),
    async toggleVoice(module) {
      if (get().voicePhase === 'recording') {
        active?.stop();
        return;
      }
      if (get().voicePhase === 'sending') return;
      set({ voiceError: undefined, voiceModule: module });
      // Hands-free listening must not turn this push-to-talk turn into a second command.
      let turnOver: () => void = () => undefined;
      get().holdHandsFree(new Promise<void>((resolve) => (turnOver = resolve)));
      let recording: ActiveRecording;
      try {
        recording = await startRecording({ onLevel: (rms) => set({ voiceLevel: rms }) });
      } catch (e) {
        turnOver();
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
        const res = await sendVoiceCommand(result, module ? { module } : {});
        get().addVoiceTurn(res.transcript, res, module);
        if (res.audio) get().holdHandsFree(playReply(res.audio));
      } catch (e) {
        set({ voiceError: voiceErrorOf(e) });
      } finally {
        turnOver();
        active = undefined;
        set({ voicePhase: 'idle', voiceLevel: 0 });
      }
    },
    dismissVoiceError() {
      set({ voiceError: undefined });
    },
  };
};
