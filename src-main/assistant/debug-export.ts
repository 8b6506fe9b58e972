import { redactedConfig, type Config } from '../platform/config';
import type { SkillRegistry } from '../platform/registry';
import type { Tracer } from '../platform/trace';

/** Runtime sections of EXPORT DEBUG; capabilities add their own (pending confirmation, ollama, …). */
export type RuntimeSection = () => unknown;

export interface DebugService {
  /** The whole export: trace, registry, runtime, configuration without secrets. */
  export(): Record<string, unknown>;
  /** CLEAR HISTORY: the trace, and what `forget` adds (other records of what the household did). */
  clear(): void;
  addRuntime(name: string, section: RuntimeSection): void;
  /** A top-level section of the export (e.g. `protocol`, read by `jarvis protocol verify`). */
  addSection(name: string, section: RuntimeSection): void;
}

/** Seals the finished export (the protocol's signed manifest); returns the sealed copy. */
export type ExportSeal = (document: Record<string, unknown>) => Record<string, unknown>;

export function createDebugService(deps: {
  config: Config;
  version: string;
  clock: () => Date;
  tracer: Tracer;
  registry: SkillRegistry;
  seal?: ExportSeal;
  /** Other history CLEAR HISTORY forgets with the trace (the skills' tool history). */
  forget?: () => void;
}): DebugService {
  const sections = new Map<string, RuntimeSection>();
  const topLevel = new Map<string, RuntimeSection>();
  const read = (source: Map<string, RuntimeSection>) => {
    const out: Record<string, unknown> = {};
    for (const [name, section] of source) {
      try {
        out[name] = section();
      } catch (err) {
        out[name] = { error: err instanceof Error ? err.message : String(err) };
      }
    }
    return out;
  };
  return {
    addSection(name, section) {
      topLevel.set(name, section);
    },
    addRuntime(name, section) {
      sections.set(name, section);
    },
    clear() {
      deps.tracer.clear();
      deps.forget?.();
    },
    export() {
      const runtime = read(sections);
      const body = {
        exported_at: deps.clock().toISOString(),
        version: deps.version,
        trace: deps.tracer.list(),
        registry: {
          tools: deps.registry.list().map((t) => ({
            name: t.name,
            provider: t.provider,
            source: t.source,
            mutates: t.mutates,
            requires_confirmation: t.requires_confirmation,
            input_schema: t.input_schema,
            ...(t.skill_id ? { skill_id: t.skill_id, action: t.action } : {}),
          })),
        },
        runtime,
        config: redactedConfig(deps.config),
        ...read(topLevel),
      };
      // Trace events were redacted when recorded; runtime sections and anything added since
      // a secret became known are redacted here, on the way out.
      const redacted = deps.tracer.redactor.value(body) as Record<string, unknown>;
      // Sealed last, over exactly what the file will hold: any later edit breaks the seal.
      if (!deps.seal) return redacted;
      try {
        return deps.seal(redacted);
      } catch (err) {
        // An unsealed export still helps debugging; verify will say it is not sealed.
        return { ...redacted, seal_error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
