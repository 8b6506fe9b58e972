import type { StateCreator } from 'zustand';
import type { LearnedListResponse } from '../../../src-shared';
import { request } from '../api';
import { failed, idle, loading, messageOf, type Resource } from './resource';
import type { Store } from './index';

export interface LearnedSlice {
  /** What the assistant learnt that the viewer may see: their own and the household's. */
  learned: Resource<LearnedListResponse>;
  loadLearned(): Promise<void>;
  /** Accept (it is used from now on) or forget (it is deleted). */
  decideLearned(id: string, decision: 'accept' | 'forget'): Promise<void>;
}

export const createLearnedSlice: StateCreator<Store, [], [], LearnedSlice> = (set, get) => ({
  learned: idle(),
  async loadLearned() {
    set({ learned: loading(get().learned) });
    try {
      set({ learned: { status: 'ready', data: await request('GET /api/learned') } });
    } catch (e) {
      set({ learned: failed(get().learned, e) });
    }
  },
  async decideLearned(id, decision) {
    try {
      if (decision === 'accept') await request('POST /api/learned/{id}/accept', { params: { id }, body: {} });
      else await request('DELETE /api/learned/{id}', { params: { id } });
    } catch (e) {
      get().notify('error', messageOf(e));
    }
    await get().loadLearned();
  },
});
