import { create } from 'zustand';
import { createSystemSlice, type SystemSlice } from './system-slice';
import { createUiSlice, type UiSlice } from './ui-slice';

/** One store built from slices (zustand slices pattern); components select the smallest piece. */
export type Store = SystemSlice & UiSlice;

export const useStore = create<Store>()((...a) => ({
  ...createSystemSlice(...a),
  ...createUiSlice(...a),
}));
