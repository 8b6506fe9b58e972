import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { skillToolName, type SkillManifest, type SkillSourceError, type SkillTier, type SkillTrust } from '../../src-shared';
import type { SkillEntryCache } from './entry-cache';
import { readInstallRecord } from './install-record';
import { readOpenJarvisSkill, type OpenJarvisDefinition } from './openjarvis';
import {
  discoverSkillFolders,
  explainNoSkills,
  INSTRUCTIONS_FILE,
  instructionsFileIn,
  MANIFEST_FILE,
  PIPELINE_FILE,
  readManifest,
  type SkillFolder,
} from './process';
import { INSTALL_RECORD } from './tree-hash';
import { checkSkillGraph } from './skill-graph';

export interface SkillSource {
  readonly tier: SkillTier;
  readonly dir: string;
}

interface EntryBase {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly dir: string;
  readonly tier: SkillTier;
  readonly trust: SkillTrust;
  readonly group?: string;
  readonly sha256?: string;
  readonly enabled: boolean;
  readonly user_invocable: boolean;
  readonly disable_model_invocation: boolean;
  readonly capabilities: readonly string[];
  readonly tags: readonly string[];
  /** A skill with errors is listed but offers no tools. */
  readonly errors: string[];
  readonly warnings: string[];
  /** Set by the load: the skill of the same id (or tool name) that is offered instead of this one. */
  shadowed_by?: string;
}

export interface ProcessSkillEntry extends EntryBase {
  readonly format: 'jarvis.skill.v1';
  readonly manifest?: SkillManifest;
}

export interface OpenJarvisSkillEntry extends EntryBase {
  readonly format: 'openjarvis';
  readonly definition?: OpenJarvisDefinition;
  /** The generated input schema of its one tool (`skill_<name>_run`). */
  readonly input_schema: { type: 'object'; properties: Record<string, object>; required: string[]; additionalProperties: false };
}

export type SkillEntry = ProcessSkillEntry | OpenJarvisSkillEntry;

export interface SkillSet {
  readonly skills: readonly SkillEntry[];
  readonly errors: readonly SkillSourceError[];
}

export interface LoadOptions {
  readonly pipelineMaxDepth: number;
  /** Entries of earlier loads, reused while their files are unchanged. */
  readonly cache?: SkillEntryCache<SkillEntry>;
}

/** The one action of an OpenJarvis skill: `jarvis skill run` and the model both call it. */
export const OPENJARVIS_ACTION = 'run';

const TIER_RANK: Record<SkillTier, number> = { workspace: 0, user: 1, bundled: 2 };

/** Workspace (JARVIS_SKILLS_DIR) > user (installed) > bundled: a name found in several places is taken from the first. */
export function skillSources(config: {
  skillsDir: string;
  skillsUserDir?: string | undefined;
  skillsBundledDir?: string | undefined;
}): SkillSource[] {
  const sources: SkillSource[] = [{ tier: 'workspace', dir: resolve(config.skillsDir) }];
  sources.push({ tier: 'user', dir: resolve(config.skillsUserDir ?? join(homedir(), '.jarvis', 'skills')) });
  if (config.skillsBundledDir) sources.push({ tier: 'bundled', dir: resolve(config.skillsBundledDir) });
  // The same folder named twice (e.g. bundled = workspace) is read once, at its best tier.
  const seen = new Set<string>();
  return sources.filter((s) => {
    const key = existsSync(s.dir) ? realpathSync(s.dir) : s.dir;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function trustOf(tier: SkillTier, dir: string): { trust: SkillTrust; sha256?: string } {
  if (tier === 'workspace') return { trust: 'workspace' };
  if (tier === 'bundled') return { trust: 'bundled' };
  const record = readInstallRecord(dir);
  return record ? { trust: record.trust, sha256: record.sha256 } : { trust: 'unreviewed' };
}

function capabilitiesOf(manifest: SkillManifest): string[] {
  const caps: string[] = [];
  if (manifest.permissions?.network) caps.push('network:fetch');
  if (manifest.permissions?.system_exec) caps.push('shell:execute');
  return caps;
}

function inputSchemaFor(parameters: readonly string[]): OpenJarvisSkillEntry['input_schema'] {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p, { type: 'string', maxLength: 100_000 }])),
    required: [...parameters],
    additionalProperties: false,
  };
}

/** The fields of a skill that could not be read: listed with its errors, never offered. */
function unusable(id: string, errors: readonly string[]) {
  return {
    id,
    name: id,
    version: '',
    description: '',
    enabled: false,
    user_invocable: false,
    disable_model_invocation: true,
    capabilities: [] as string[],
    tags: [] as string[],
    errors: [...errors],
  };
}

function readEntry(source: SkillSource, folder: SkillFolder): SkillEntry {
  const { trust, sha256 } = trustOf(source.tier, folder.dir);
  const base = {
    dir: folder.dir,
    tier: source.tier,
    trust,
    ...(sha256 ? { sha256 } : {}),
    ...(folder.group ? { group: folder.group } : {}),
    warnings: folder.note ? [folder.note] : ([] as string[]),
  };
  const fallbackId = folder.dir.split(/[\\/]/).pop() ?? folder.dir;
  if (folder.kind === 'manifest') {
    const verdict = readManifest(folder.dir);
    if (!verdict.ok) {
      return { ...base, ...unusable(fallbackId, verdict.errors), format: 'jarvis.skill.v1' };
    }
    const m = verdict.manifest;
    return {
      ...base,
      format: 'jarvis.skill.v1',
      manifest: m,
      id: m.id,
      name: m.name,
      version: m.version,
      description: m.description ?? m.actions.map((a) => a.description).join(' '),
      enabled: m.enabled !== false,
      user_invocable: m.user_invocable !== false,
      disable_model_invocation: m.disable_model_invocation === true,
      capabilities: capabilitiesOf(m),
      tags: m.tags ?? [],
      errors: [],
    };
  }
  const verdict = readOpenJarvisSkill(folder.dir, { flatFile: folder.kind === 'openjarvis-file' });
  if (!verdict.ok) {
    return { ...base, ...unusable(verdict.name, verdict.errors), format: 'openjarvis', input_schema: inputSchemaFor([]) };
  }
  const d = verdict.skill;
  return {
    ...base,
    format: 'openjarvis',
    definition: d,
    id: d.name,
    name: d.name,
    version: d.version,
    description: d.description,
    enabled: true,
    user_invocable: d.user_invocable,
    disable_model_invocation: d.disable_model_invocation,
    capabilities: d.capabilities,
    tags: d.tags,
    errors: [],
    warnings: [...base.warnings, ...verdict.warnings],
    input_schema: inputSchemaFor(d.parameters),
  };
}

/** The files an entry is read from: parsed again only when one of them changed. */
function entryFilesOf(folder: SkillFolder): string[] {
  if (folder.kind === 'openjarvis-file') return [folder.dir];
  return [MANIFEST_FILE, instructionsFileIn(folder.dir) ?? INSTRUCTIONS_FILE, PIPELINE_FILE, INSTALL_RECORD].map((name) =>
    join(folder.dir, name),
  );
}

/** The tool names a loaded skill offers (before collisions with other providers). */
export function toolNamesOf(entry: SkillEntry): string[] {
  if (entry.format === 'jarvis.skill.v1') return (entry.manifest?.actions ?? []).map((a) => skillToolName(entry.id, a.name));
  return [skillToolName(entry.id, OPENJARVIS_ACTION)];
}

/**
 * Reads every source. A broken skill is kept in the list with its errors and offers no
 * tools; all others load. Ids and tool names are unique afterwards: a skill in a better
 * tier shadows one in a lower tier, and within one tier the first folder wins.
 */
export function loadSkills(sources: readonly SkillSource[], options: LoadOptions): SkillSet {
  const skills: SkillEntry[] = [];
  const errors: SkillSourceError[] = [];
  const ordered = [...sources].sort((a, b) => TIER_RANK[a.tier] - TIER_RANK[b.tier]);
  const seen = new Set<string>();
  for (const source of ordered) {
    const folders = discoverSkillFolders(source.dir);
    // A folder with files but no skill says why rather than loading nothing in silence.
    const empty = folders.length === 0 ? explainNoSkills(source.dir) : undefined;
    if (empty) errors.push({ source: source.dir, message: `${source.tier} skills folder: ${empty}` });
    for (const folder of folders) {
      const key = [source.tier, folder.kind, folder.group ?? '', folder.dir].join('\0');
      seen.add(key);
      const read = () => readEntry(source, folder);
      skills.push(options.cache ? options.cache.read(key, entryFilesOf(folder), read) : read());
    }
  }
  options.cache?.retain(seen);

  // A name found twice is no failure: the better tier (in one tier, the first folder) is
  // offered, the other is listed as shadowed, and both say which is which.
  const ids = new Map<string, SkillEntry>();
  const tools = new Map<string, SkillEntry>();
  const shadow = (loser: SkillEntry, winner: SkillEntry, what: string): void => {
    const order = winner.tier === loser.tier ? `the first ${winner.tier} folder wins` : 'workspace > user > bundled';
    loser.shadowed_by = winner.dir;
    loser.warnings.push(`shadowed: ${what} is taken by the ${winner.tier} skill at ${winner.dir} (${order}); this one is not offered`);
    winner.warnings.push(`also found as ${what} in the ${loser.tier} skill at ${loser.dir}, which this one shadows`);
  };
  for (const s of skills) {
    if (s.errors.length > 0) continue;
    const holder = ids.get(s.id);
    if (holder) {
      shadow(s, holder, `the name "${s.id}"`);
      continue;
    }
    const clash = toolNamesOf(s).find((t) => tools.has(t));
    if (clash) {
      shadow(s, tools.get(clash) as SkillEntry, `the tool name ${clash}`);
      continue;
    }
    ids.set(s.id, s);
    for (const t of toolNamesOf(s)) tools.set(t, s);
  }

  // Pipeline skills: cycles, depth and capability aggregation over the loaded ones.
  // A tool step that calls another pipeline skill's tool is an edge too, or a skill could
  // call itself through the registry.
  const pipelineTools = new Map<string, string>();
  for (const s of skills)
    if (s.format === 'openjarvis' && s.errors.length === 0 && !s.shadowed_by)
      pipelineTools.set(skillToolName(s.id, OPENJARVIS_ACTION), s.id);
  const graph = new Map<string, { depends: readonly string[]; capabilities: readonly string[] }>();
  for (const s of skills) {
    if (s.format !== 'openjarvis' || !s.definition || s.errors.length > 0 || s.shadowed_by) continue;
    const viaTools = s.definition.steps.flatMap((step) =>
      step.tool_name && pipelineTools.has(step.tool_name) ? [pipelineTools.get(step.tool_name) as string] : [],
    );
    graph.set(s.id, { depends: [...new Set([...s.definition.depends, ...viaTools])], capabilities: s.capabilities });
  }
  const problems = checkSkillGraph(graph, options.pipelineMaxDepth);
  for (const s of skills) {
    const list = s.errors.length === 0 && !s.shadowed_by ? problems.get(s.id) : undefined;
    if (list) s.errors.push(...list);
  }
  for (const s of skills) {
    if (s.errors.length > 0 && !errors.some((e) => e.source === s.dir)) errors.push({ source: s.dir, message: s.errors.join('; ') });
  }
  return { skills, errors };
}
