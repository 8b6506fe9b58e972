import type { StateCreator } from 'zustand';
import type { ToolProviderKind } from '../../../src-shared';
import { apiFetch } from '../api';
import { failed, idle, loading, messageOf, type Resource } from './resource';
import type { Store } from './index';

/** GET /api/skills (COMMON.md, skill engine contract). */
export interface SkillView {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly provider: ToolProviderKind;
  readonly source: string;
  readonly trust?: string;
  readonly enabled: boolean;
  readonly actions: readonly { name: string; tool: string; description: string; mutates: boolean; requires_confirmation: boolean }[];
  readonly errors: readonly string[];
  readonly warnings?: readonly string[];
  /** Set while a new or changed skill waits for the household (spec/004 SkillProposal). */
  readonly activation?: { readonly proposal_id: string; readonly status: 'proposed' | 'activated' | 'rejected' };
}

export interface SkillsResponse {
  readonly skills: readonly SkillView[];
  readonly errors: readonly { source: string; message: string }[];
}

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
      set({ skills: { status: 'ready', data: await apiFetch<SkillsResponse>('/api/skills') } });
    } catch (e) {
      set({ skills: failed(get().skills, e) });
    }
  },
  async reloadSkills() {
    set({ skillsReloading: true });
    try {
      const r = await apiFetch<{ added: unknown[]; removed: unknown[]; changed: unknown[]; errors: unknown[]; proposed?: unknown[] }>('/api/skills/reload', { method: 'POST', body: {} });
      const waiting = r.proposed?.length ? ` · ${r.proposed.length} warten auf Freigabe` : '';
      get().notify('info', `Skills: +${r.added?.length ?? 0} −${r.removed?.length ?? 0} ~${r.changed?.length ?? 0}, ${r.errors?.length ?? 0} ⚠${waiting}`);
      await get().loadSkills();
    } catch (e) {
      get().notify('error', messageOf(e));
    } finally {
      set({ skillsReloading: false });
    }
  },
});
