import type { StateCreator } from 'zustand';
import type { SkillsResponse } from '../../../src-shared';
import { request } from '../api';
import { t } from '../i18n';
import { failed, idle, loading, messageOf, type Resource } from './resource';
import type { Store } from './index';

export interface SkillsSlice {
  skills: Resource<SkillsResponse>;
  skillsReloading: boolean;
  loadSkills(): Promise<void>;
  reloadSkills(): Promise<void>;
}

export const createSkillsSlice: StateCreator<Store, [], [], SkillsSlice> = (set, get) => ({
  skills: idle(),
  skillsReloading: false,
  async loadSkills() {
    set({ skills: loading(get().skills) });
    try {
      set({ skills: { status: 'ready', data: await request('GET /api/skills') } });
    } catch (e) {
      set({ skills: failed(get().skills, e) });
    }
  },
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
});
