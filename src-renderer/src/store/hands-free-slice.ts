import type { StateCreator } from 'zustand';
import { startHandsFreeListener, type HandsFreeListener } from '../voice/hands-free-listener';
import type { Recording } from '../voice/recorder';
import { playReply, sendVoiceCommand, voiceErrorOf } from '../voice/voice-command';
import type { Store } from './index';

/** off → starting (the browser asks for the microphone) → on (listening) → off. */
export type HandsFreeState = 'off' | 'starting' | 'on';

export interface HandsFreeSlice {
  handsFree: HandsFreeState;
  /** Speech is being heard right now (the indicator says so). */
  handsFreeHearing: boolean;
  /** Segments sent to the master and not answered yet. */
  handsFreePending: number;
  /** Starts or stops continuous listening (README "Hands-free mode"). */
  toggleHandsFree(): Promise<void>;
  /** Keeps listening from hearing anything until `until` settles (a reply playing, a push-to-talk turn). */
  holdHandsFree(until: Promise<unknown>): void;
}

/** A segment that turned out to be noise, a cough or a click: listening simply goes on. */
const NOT_A_COMMAND = new Set(['NO_SPEECH', 'AUDIO_TOO_SHORT']);

let listener: HandsFreeListener | undefined;
/** Counts listening sessions: callbacks of a session that was switched off do nothing. */
let session = 0;
/** Segments go to the master one after another, so replies arrive in the order spoken. */
let queue: Promise<void> = Promise.resolve();

export const createHandsFreeSlice: StateCreator<Store, [], [], HandsFreeSlice> = (set, get) => {
  const stop = () => {
    session++;
    listener?.stop();
    listener = undefined;
    set({ handsFree: 'off', handsFreeHearing: false });
  };

  const send = async (recording: Recording, mine: number) => {
    if (session !== mine) return;
    set((s) => ({ handsFreePending: s.handsFreePending + 1 }));
    try {
      const res = await sendVoiceCommand(recording, { handsFree: true });
      // No wake word: the master did nothing, and neither does the UI.
      if (res.ignored) return;
      get().addVoiceTurn(res.transcript, res);
      if (res.audio) get().holdHandsFree(playReply(res.audio));
    } catch (e) {
      const error = voiceErrorOf(e);
      if (NOT_A_COMMAND.has(error.code) || session !== mine) return;
      stop();
      set({ voiceError: error });
    } finally {
      set((s) => ({ handsFreePending: s.handsFreePending - 1 }));
    }
  };

  return {
    handsFree: 'off',
    handsFreeHearing: false,
    handsFreePending: 0,
    async toggleHandsFree() {
      if (get().handsFree !== 'off') return stop();
      const mine = ++session;
      set({ handsFree: 'starting', voiceError: undefined });
      try {
        const started = await startHandsFreeListener({
          onSegment: (recording) => {
            queue = queue.then(() => send(recording, mine));
          },
          onHearing: (hearing) => {
            if (session === mine) set({ handsFreeHearing: hearing });
          },
          onError: (error) => {
            if (session !== mine) return;
            stop();
            set({ voiceError: voiceErrorOf(error) });
          },
        });
        // Switched off while the browser was still asking for the microphone.
        if (session !== mine) return started.stop();
        listener = started;
        set({ handsFree: 'on' });
      } catch (e) {
        if (session !== mine) return;
        set({ handsFree: 'off', voiceError: voiceErrorOf(e) });
      }
    },
    holdHandsFree(until) {
      listener?.hold(until);
    },
  };
};
