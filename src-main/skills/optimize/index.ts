import type { SkillEngine } from '../engine';
import type { SkillEntry } from '../loader';
import { mergeHistory, readProtocolHistory, readTraceHistory, type RecordedRequest } from './history';
import type { OptimizableSkill } from './optimize';

export { optimizeSkills, POLICY_ALIASES, type OptimizeOptions, type OptimizeRow, type OptimizableSkill } from './optimize';
export { ollamaAsk, resolveOptimizerModel, type ModelAsk } from './model';
export { DEFAULT_CANDIDATES } from './describe';
export { SKILL_CASES_FILE } from './cases';
export type { RecordedRequest } from './history';

/** The history of requests from the debug trace folder and the protocol records. */
export function readSkillHistory(sources: {
  readonly traceDir?: string | undefined;
  readonly records?: Readonly<Record<string, readonly unknown[]>>;
}): RecordedRequest[] {
  return mergeHistory(readTraceHistory(sources.traceDir), sources.records ? readProtocolHistory(sources.records) : []);
}

/** The skills the model is offered, as the optimiser needs them (`only`: one skill by id). */
export function optimizableSkills(engine: SkillEngine, only?: string): { skills: OptimizableSkill[]; missing?: string } {
  const offered = (s: SkillEntry) => {
    const info = engine.info(s);
    return info.enabled && !s.disable_model_invocation && !s.shadowed_by ? info : undefined;
  };
  const skills: OptimizableSkill[] = [];
  for (const s of engine.skills()) {
    const info = offered(s);
    const sha256 = engine.treeShaOf(s);
    if (!info || !sha256) continue;
    const state = engine.overlayOf(s);
    skills.push({
      id: s.id,
      description: s.description,
      sha256,
      tools: info.actions.map((a) => a.tool),
      dir: s.dir,
      ...(state && !state.stale ? { overlay: state.overlay } : {}),
    });
  }
  if (only === undefined) return { skills };
  const one = skills.filter((s) => s.id === only);
  return one.length > 0 ? { skills: one } : { skills: [], missing: only };
}
