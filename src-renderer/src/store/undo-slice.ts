import type { StateCreator } from 'zustand';
import type { Store } from './index';

// Deletes and "done" ticks happen at once and offer a few seconds to take them back: the
// toast's Undo runs the inverse tool calls. One offer at a time; a new one replaces it.

/** How long the Undo button stays. */
export const UNDO_MS = 8000;

export interface UndoOffer {
  readonly id: number;
  /** What happened, in the household's words ("„Müll“ gelöscht"). */
  readonly text: string;
  readonly undo: () => Promise<unknown>;
}

export interface UndoSlice {
  undoOffer?: UndoOffer;
  offerUndo(text: string, undo: () => Promise<unknown>): void;
  runUndo(): Promise<void>;
  dismissUndo(): void;
}

let nextOffer = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export const createUndoSlice: StateCreator<Store, [], [], UndoSlice> = (set, get) => ({
  offerUndo(text, undo) {
    const id = nextOffer++;
    clearTimeout(timer);
    set({ undoOffer: { id, text, undo } });
    timer = setTimeout(() => {
      if (get().undoOffer?.id === id) set({ undoOffer: undefined });
    }, UNDO_MS);
  },
  async runUndo() {
    const offer = get().undoOffer;
    if (!offer) return;
    clearTimeout(timer);
    set({ undoOffer: undefined });
    await offer.undo();
  },
  dismissUndo() {
    clearTimeout(timer);
    set({ undoOffer: undefined });
  },
});
