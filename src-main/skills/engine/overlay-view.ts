import { skillToolName } from '../../../src-shared';
import type { RegisteredTool } from '../../platform/registry/registry';
import type { OverlayConsent } from '../learning';
import { OPENJARVIS_ACTION, type SkillEntry } from '../loader';
import { OverlayBook, type OverlayLoad, type SkillOverlay } from '../overlays';
import type { OverlayState } from './types';

export type OverlayLoads = ReadonlyMap<string, OverlayLoad>;

/**
 * The overlays `jarvis optimize skills` wrote, as they apply to the loaded skills: one is in
 * use only for exactly the tree it was made for, and (with consent) once an admin accepted it.
 */
export class OverlayView {
  private readonly book: OverlayBook | undefined;

  constructor(
    dir: string | undefined,
    private readonly consent: OverlayConsent | undefined,
    /** The tree hash a skill was loaded with: what an overlay is made for. */
    private readonly treeSha: (s: SkillEntry) => string | undefined,
    ignored: (message: string) => void,
  ) {
    this.book = dir ? new OverlayBook(dir, ignored) : undefined;
  }

  /** The overlay files as they are now: read once per catalog, tool list or info. */
  loads(): OverlayLoads {
    return this.book?.current() ?? new Map();
  }

  /** The skill's overlay, fresh or stale; undefined without one (or with a broken file). */
  of(s: SkillEntry, loads: OverlayLoads = this.loads()): OverlayState | undefined {
    // The id's overlay belongs to the skill offered under it, not to a shadowed copy.
    if (s.shadowed_by) return undefined;
    const load = loads.get(s.id);
    if (!load?.ok) return undefined;
    const sha = this.treeSha(s);
    return { overlay: load.overlay, file: load.file, stale: sha === undefined || sha !== load.overlay.skill_sha256 };
  }

  /** Why the skill's overlay file is not used, when it is broken. */
  problem(s: SkillEntry, loads: OverlayLoads): string | undefined {
    const load = loads.get(s.id);
    return load && !load.ok ? `overlay ${load.file} ignored: ${load.reason}` : undefined;
  }

  /** The overlay in use: made for exactly this tree of the offered skill, and accepted by an admin. */
  active(s: SkillEntry, loads: OverlayLoads): SkillOverlay | undefined {
    const state = this.of(s, loads);
    if (!state || state.stale) return undefined;
    if (this.consent && this.consent.recordOf(state.overlay).status !== 'accepted') return undefined;
    return state.overlay;
  }

  /** The LearningRecord of an overlay in force, when the household's consent is asked. */
  learning(state: OverlayState): ReturnType<OverlayConsent['recordOf']> | undefined {
    return !state.stale && this.consent ? this.consent.recordOf(state.overlay) : undefined;
  }

  /** An OpenJarvis skill's one tool carries the skill's description, so its overlay's too. */
  describe(tools: readonly RegisteredTool[], skills: readonly SkillEntry[], usable: (s: SkillEntry) => boolean): RegisteredTool[] {
    const loads = this.loads();
    // The registry lists tools for every call: with no overlay this costs one readdir.
    if (loads.size === 0) return tools as RegisteredTool[];
    const described = new Map<string, string>();
    for (const s of skills) {
      if (s.format !== 'openjarvis' || !loads.has(s.id) || !usable(s)) continue;
      const overlay = this.active(s, loads);
      if (overlay) described.set(skillToolName(s.id, OPENJARVIS_ACTION), overlay.description);
    }
    if (described.size === 0) return tools as RegisteredTool[];
    return tools.map((t) => (described.has(t.name) ? { ...t, description: described.get(t.name) as string } : t));
  }
}
