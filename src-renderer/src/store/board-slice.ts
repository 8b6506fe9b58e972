import type { StateCreator } from 'zustand';
import { request } from '../api';
import { t } from '../i18n';
import { messageOf } from './resource';
import type { Store } from './index';

export interface BoardSlice {
  organizing: boolean;
  /** AI ORGANIZE: the assistant sorts the board (a rule-based pass when the model is away). */
  organizeBoard(): Promise<void>;
}

export const createBoardSlice: StateCreator<Store, [], [], BoardSlice> = (set, get) => ({
  organizing: false,
  async organizeBoard() {
    if (get().organizing) return;
    set({ organizing: true });
    try {
      const result = await request('POST /api/kanban/organize', { body: {} });
      const moved = result.moved.filter((m) => m.success).length;
      get().notify('info', moved ? t('board.organized', { count: moved }) : t('board.organizedNothing'));
      await get().loadHomeParts(['kanban']);
    } catch (e) {
      get().notify('error', messageOf(e));
    } finally {
      set({ organizing: false });
    }
  },
});
