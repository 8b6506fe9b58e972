import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../platform/config';

// What `jarvis doctor --model` measured for each installed model, stored as JSON, and what
// the assistant takes from it: the agent mode and the tool budget per model. A model that
// was never probed runs with the configured defaults.

/** How the model produced a call in the native tool probe. */
export type ToolCalling = 'native' | 'in-text' | 'none' | 'unsupported';

/** How requests reach tools with this model. */
export type AgentMode = 'native' | 'text-calls' | 'selector';

export interface ModelProbe {
  readonly model: string;
  readonly probed_at: string;
  readonly family?: string;
  readonly parameter_size?: string;
  readonly quantization?: string;
  /** The model's own context length (/api/show model_info), when it reports one. */
  readonly context_length?: number;
  readonly capabilities: readonly string[];
  readonly tool_calling: ToolCalling;
  readonly json_mode: boolean;
  /** Generated tokens per second in the probes (eval_count / eval_duration). */
  readonly tokens_per_second?: number;
  readonly recommendation: {
    readonly agent: AgentMode | 'unusable';
    readonly planner: 'json' | 'off';
    readonly max_tools: number;
    readonly max_tokens: number;
    /** Higher is a better agent model on this machine; the auto pick takes the highest. */
    readonly score: number;
  };
  readonly notes: readonly string[];
}

export interface ProbeFile {
  readonly format: 'jarvis.model-probes.v1';
  readonly probes: Readonly<Record<string, ModelProbe>>;
}

/** What the assistant uses of a probe. */
export interface ModelProfile {
  readonly agent: AgentMode;
  /** `off`: no JSON mode, so neither the selector nor the planner is asked. */
  readonly planner: 'json' | 'off';
  readonly maxTools: number;
  readonly maxTokens: number;
}

export function probesFileOf(config: Pick<Config, 'modelProbesFile' | 'dataFile'>): string {
  if (config.modelProbesFile) return config.modelProbesFile;
  const dir = config.dataFile === ':memory:' ? '.' : dirname(config.dataFile);
  return join(dir, 'model-probes.json');
}

export function readProbes(file: string): ProbeFile {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ProbeFile>;
    if (parsed.format === 'jarvis.model-probes.v1' && parsed.probes && typeof parsed.probes === 'object')
      return { format: parsed.format, probes: parsed.probes };
  } catch {
    // No file yet, or not ours: as if nothing was probed.
  }
  return { format: 'jarvis.model-probes.v1', probes: {} };
}

/** Merges new probes into the file (written whole, then renamed into place). */
export function saveProbes(file: string, probes: readonly ModelProbe[]): ProbeFile {
  const current = readProbes(file);
  const next: ProbeFile = { format: current.format, probes: { ...current.probes, ...Object.fromEntries(probes.map((p) => [p.model, p])) } };
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return next;
}

export function profileOf(probe: ModelProbe | undefined): ModelProfile | undefined {
  if (!probe || probe.recommendation.agent === 'unusable') return undefined;
  return {
    agent: probe.recommendation.agent,
    planner: probe.recommendation.planner,
    maxTools: probe.recommendation.max_tools,
    maxTokens: probe.recommendation.max_tokens,
  };
}

/** The installed model with the best probe score that can act as the agent. */
export function recommendedModel(file: ProbeFile, installed: readonly string[]): string | undefined {
  let best: ModelProbe | undefined;
  for (const name of installed) {
    const probe = file.probes[name];
    if (!probe || probe.recommendation.agent === 'unusable') continue;
    if (!best || probe.recommendation.score > best.recommendation.score) best = probe;
  }
  return best?.model;
}

/**
 * The probe file as the running assistant reads it: looked at again when it changed on
 * disk (a `jarvis doctor --model` while the server runs), at most once per `ttlMs`.
 */
export class ProbeBook {
  private cached?: { file: ProbeFile; at: number };

  constructor(
    private readonly path: string,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = 30_000,
  ) {}

  private current(): ProbeFile {
    const t = this.now();
    if (!this.cached || t - this.cached.at >= this.ttlMs) this.cached = { file: readProbes(this.path), at: t };
    return this.cached.file;
  }

  profile(model: string): ModelProfile | undefined {
    const probes = this.current().probes;
    return profileOf(probes[model] ?? probes[`${model}:latest`]);
  }

  recommended(installed: readonly string[]): string | undefined {
    return recommendedModel(this.current(), installed);
  }
}
