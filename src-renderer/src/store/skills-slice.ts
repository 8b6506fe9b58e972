import type { StateCreator } from 'zustand';
import type { SkillSourcesEvent, SkillSourcesResponse, SkillsResponse } from '../../../src-shared';
import { request } from '../api';
import { t } from '../i18n';
import { idle, messageOf, type Resource, resourceLoader } from './resource';
import type { Store } from './index';

export interface SkillsSlice {
  skills: Resource<SkillsResponse>;
  skillsReloading: boolean;
  skillSources: Resource<SkillSourcesResponse>;
  /** A sync of the skill sources runs (started here or elsewhere); `source` is the one it is at. */
  skillSync: { readonly running: boolean; readonly source?: string };
  loadSkills(): Promise<void>;
  reloadSkills(): Promise<void>;
  loadSkillSources(): Promise<void>;
  syncSkillSources(source?: string): Promise<void>;
  /** A `skills.sources` event from the master: progress, then the result as a notice. */
  skillSourcesEvent(event: SkillSourcesEvent): void;
  removeSkillOverlay(id: string, name: string): Promise<void>;
  /** An admin accepts or rejects what a skill learnt (its LearningRecord). */
  decideSkillLearning(learningId: string, name: string, decision: 'accept' | 'reject'): Promise<void>;
  /** An admin takes back an accepted improvement. */
  undoSkillLearning(learningId: string, name: string): Promise<void>;
}

export const createSkillsSlice: StateCreator<Store, [], [], SkillsSlice> = (set, get) => {
  const loadResource = resourceLoader(set, get);
  return {
    skills: idle(),
    skillsReloading: false,
    skillSources: idle(),
    skillSync: { running: false },
    loadSkills: () => loadResource('skills', () => request('GET /api/skills')),
    async reloadSkills() {
      set({ skillsReloading: true });
      try {
        const r = await request('POST /api/skills/reload', { body: {} });
        const waiting = r.proposed?.length ? ` · ${t('notices.skillsWaiting', { count: r.proposed.length })}` : '';
        get().notify(
          'info',
          t('notices.skillsReloaded', {
            added: r.added.length,
            removed: r.removed.length,
            changed: r.changed.length,
            errors: r.errors.length,
          }) + waiting,
        );
        await get().loadSkills();
      } catch (e) {
        get().notify('error', messageOf(e));
      } finally {
        set({ skillsReloading: false });
      }
    },
    loadSkillSources: () =>
      loadResource(
        'skillSources',
        () => request('GET /api/skills/sources'),
        // A sync that finished while this page was away is not waited for.
        (data) => (data.syncing !== get().skillSync.running ? { skillSync: { running: data.syncing } } : {}),
      ),
    async syncSkillSources(source) {
      set({ skillSync: { running: true } });
      try {
        await request('POST /api/skills/sources/sync', { body: source ? { source } : {} });
      } catch (e) {
        set({ skillSync: { running: false } });
        get().notify('error', messageOf(e));
      }
    },
    skillSourcesEvent(event) {
      if (event.state === 'running') {
        set({ skillSync: { running: true, source: event.source } });
        return;
      }
      set({ skillSync: { running: false } });
      const sum = (k: 'installed' | 'updated') => event.results.reduce((n, r) => n + r.counts[k], 0);
      const failedSources = event.results.filter((r) => r.error !== undefined);
      const text = [
        t('skillSources.done', { installed: sum('installed'), updated: sum('updated') }),
        ...(sum('installed') + sum('updated') > 0 ? [t('skillSources.doneWaiting')] : []),
        ...failedSources.map((r) => t('skillSources.failed', { source: r.source })),
      ].join(' ');
      get().notify(failedSources.length > 0 ? 'error' : 'info', text);
      void get().loadSkillSources();
      void get().loadSkills();
    },
    async removeSkillOverlay(id, name) {
      try {
        await request('DELETE /api/skills/{id}/overlay', { params: { id } });
        get().notify('info', t('overlay.removed', { name }));
        await get().loadSkills();
      } catch (e) {
        get().notify('error', messageOf(e));
      }
    },
    async decideSkillLearning(learningId, name, decision) {
      try {
        await request('POST /api/skills/learning/{id}/decision', { params: { id: learningId }, body: { decision } });
        get().notify('info', t(decision === 'accept' ? 'learning.accepted' : 'learning.rejectedNotice', { name }));
        await get().loadSkills();
      } catch (e) {
        get().notify('error', messageOf(e));
      }
    },
    async undoSkillLearning(learningId, name) {
      try {
        await request('POST /api/skills/learning/{id}/undo', { params: { id: learningId }, body: {} });
        get().notify('info', t('overlay.removed', { name }));
        await get().loadSkills();
      } catch (e) {
        get().notify('error', messageOf(e));
      }
    },
  };
};
