import type { StateCreator } from 'zustand';
import type { LearnedListResponse } from '../../../src-shared';
import { request } from '../api';
import { t } from '../i18n';
import { idle, messageOf, type Resource, resourceLoader } from './resource';
import type { Store } from './index';

export interface LearnedSlice {
  /** What the assistant learnt that the viewer may see: their own and the household's. */
  learned: Resource<LearnedListResponse>;
  loadLearned(): Promise<void>;
  /** Accept (it is used from now on) or forget (it is no longer shown or used; Undo brings it back). */
  decideLearned(id: string, decision: 'accept' | 'forget'): Promise<void>;
}

export const createLearnedSlice: StateCreator<Store, [], [], LearnedSlice> = (set, get) => {
  const loadResource = resourceLoader(set, get);
  return {
    learned: idle(),
    loadLearned: () => loadResource('learned', () => request('GET /api/learned')),
    async decideLearned(id, decision) {
      const content = get().learned.data?.records.find((r) => r.id === id)?.content ?? '';
      try {
        if (decision === 'accept') await request('POST /api/learned/{id}/accept', { params: { id }, body: {} });
        else {
          const { undoable } = await request('DELETE /api/learned/{id}', { params: { id } });
          // The master kept the record marked forgotten: Undo brings it back with every field.
          if (undoable)
            get().offerUndo(t('learned.forgotten', { content }), async () => {
              try {
                await request('POST /api/learned/{id}/restore', { params: { id }, body: {} });
              } catch (e) {
                get().notify('error', t('undo.failed', { reason: messageOf(e) }));
              }
              await get().loadLearned();
            });
        }
      } catch (e) {
        get().notify('error', messageOf(e));
      }
      await get().loadLearned();
    },
  };
};
