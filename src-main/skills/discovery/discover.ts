import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify as stringifyToml } from 'smol-toml';
import type { SkillEntry } from '../loader';
import { PIPELINE_FILE } from '../process';
import { DISCOVERED_FOLDER } from './folder';
import { mineToolSequences, type DiscoveredSequence, type MinedRun } from './mine';

export const DISCOVERED_PREFIX = 'discovered-';
const MAX_NAME = 64;

export interface SkillCandidateProposal extends DiscoveredSequence {
  readonly name: string;
  readonly description: string;
  /** Where it is (or would be) written. */
  readonly file: string;
  /** The skill.toml text. */
  readonly toml: string;
}

export interface DiscoverOptions {
  readonly runs: readonly MinedRun[];
  /** Every loaded skill, any tier and state: equivalent pipelines and taken names are skipped. */
  readonly existing: readonly SkillEntry[];
  readonly userDir: string;
  readonly minFrequency?: number;
  /** Skill ids the household rejected as proposals: not proposed again, even after their folder was deleted. */
  readonly rejected?: ReadonlySet<string>;
}

export interface DiscoverResult {
  readonly candidates: readonly SkillCandidateProposal[];
  /** Sequences that were frequent enough but exist already as a skill: name of the skill. */
  readonly known: readonly { readonly tools: readonly string[]; readonly skill: string; readonly rejected?: boolean }[];
  readonly runs: number;
  /** Candidates left out past MAX_CANDIDATES (the rarer ones). */
  readonly more: number;
}

/** At most this many proposals at once, the most frequent first: the household decides each one. */
export const MAX_CANDIDATES = 20;

const kebab = (tool: string): string =>
  tool
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
const words = (tool: string): string => tool.replace(/[_.-]+/g, ' ').trim();
const day = (iso: string): string => iso.slice(0, 10);

/** `discovered-groceries-add-then-tasks-create`, shortened with a hash when too long. */
function baseName(tools: readonly string[]): string {
  const full = `${DISCOVERED_PREFIX}${tools.map(kebab).join('-then-')}`;
  if (full.length <= MAX_NAME) return full;
  const hash = createHash('sha256').update(tools.join('\n')).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_NAME - hash.length - 1).replace(/-+$/, '')}-${hash}`;
}

function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const name = `${base.slice(0, MAX_NAME - suffix.length)}${suffix}`;
    if (!taken.has(name)) return name;
  }
}

function describe(s: DiscoveredSequence): string {
  const between =
    day(s.first_seen) === day(s.last_seen) ? `on ${day(s.first_seen)}` : `between ${day(s.first_seen)} and ${day(s.last_seen)}`;
  const inputs = s.parameters.length > 0 ? ` Asks for: ${s.parameters.join(', ')}.` : '';
  return `Does ${s.tools.map(words).join(' then ')}; seen ${s.occurrences} times ${between}.${inputs}`;
}

/** A TOML string: literal ('…') where JSON allows it, so a template reads as it is written; else basic. */
function tomlString(text: string): string {
  if (!/['\u0000-\u0008\u000a-\u001f\u007f]/.test(text)) return `'${text}'`;
  return stringifyToml({ v: text }).trim().slice('v = '.length);
}

/** The skill.toml of a discovered sequence, in the OpenJarvis pipeline format the loader reads. */
export function discoveredSkillToml(name: string, description: string, s: DiscoveredSequence): string {
  const head = stringifyToml({
    skill: {
      name,
      version: '1.0.0',
      description,
      tags: ['discovered'],
      required_capabilities: [...s.capabilities],
      ...(s.risk ? { risk: s.risk } : {}),
      metadata: {
        discovered_by: 'jarvis skill discover',
        occurrences: s.occurrences,
        runs: s.runs,
        first_seen: s.first_seen,
        last_seen: s.last_seen,
      },
    },
  });
  const steps = s.steps.map((step) =>
    [
      '[[skill.steps]]',
      `tool_name = ${tomlString(step.tool_name)}`,
      `arguments_template = ${tomlString(JSON.stringify(step.arguments))}`,
      ...(step.output_key ? [`output_key = ${tomlString(step.output_key)}`] : []),
    ].join('\n'),
  );
  const header = [
    `# Found by \`jarvis skill discover\` in the tool-call history (${s.occurrences} times in ${s.runs} runs).`,
    '# A discovered skill is a proposal: it runs only after the household activates it.',
    ...s.notes.map((n) => `# Note: ${n}`),
  ];
  return `${[header.join('\n'), head.trim(), ...steps].join('\n\n')}\n`;
}

const pipelineTools = (entry: SkillEntry): string | undefined =>
  entry.format === 'openjarvis' && entry.definition && entry.definition.steps.length > 0
    ? entry.definition.steps.map((s) => s.tool_name ?? `skill:${s.skill_name}`).join('\n')
    : undefined;

/**
 * The candidates of the history: recurring sequences that no loaded skill already runs
 * (same tools in the same order), each with a unique generated name.
 */
export function discoverSkills(options: DiscoverOptions): DiscoverResult {
  const byTools = new Map<string, string>();
  for (const e of options.existing) {
    const tools = pipelineTools(e);
    if (tools && !byTools.has(tools)) byTools.set(tools, e.id);
  }
  const taken = new Set(options.existing.map((e) => e.id));
  const candidates: SkillCandidateProposal[] = [];
  const known: { tools: readonly string[]; skill: string; rejected?: boolean }[] = [];
  const mined = mineToolSequences(options.runs, options.minFrequency === undefined ? {} : { minFrequency: options.minFrequency });
  let more = 0;
  for (const s of mined) {
    const existing = byTools.get(s.tools.join('\n'));
    if (existing) {
      known.push({ tools: s.tools, skill: existing });
      continue;
    }
    const base = baseName(s.tools);
    if (options.rejected?.has(base)) {
      known.push({ tools: s.tools, skill: base, rejected: true });
      continue;
    }
    if (candidates.length >= MAX_CANDIDATES) {
      more += 1;
      continue;
    }
    const name = uniqueName(base, taken);
    taken.add(name);
    const description = describe(s);
    const file = join(options.userDir, DISCOVERED_FOLDER, name, PIPELINE_FILE);
    candidates.push({ ...s, name, description, file, toml: discoveredSkillToml(name, description, s) });
  }
  return { candidates, known, runs: options.runs.length, more };
}

/** Writes one candidate's skill.toml (never over an existing folder). Returns false when the folder exists. */
export function writeDiscoveredSkill(candidate: SkillCandidateProposal): boolean {
  const dir = join(candidate.file, '..');
  if (existsSync(dir)) return false;
  mkdirSync(dir, { recursive: true });
  const tmp = `${candidate.file}.tmp`;
  writeFileSync(tmp, candidate.toml, { mode: 0o600 });
  renameSync(tmp, candidate.file);
  return true;
}
