import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { InstallError } from '../installer';
import { searchPattern } from './catalog';
import { displayUrl } from './git';
import { SOURCE_KINDS, sourceDef, type SkillSourceDef, type SourceKind, type SourceUrls } from './skill-source';

/** One entry of the sources file. */
export interface ConfiguredSource {
  readonly source: SkillSourceDef;
  readonly filter: { readonly category?: readonly string[]; readonly search?: string };
  /** Whether `jarvis skill update` (without names) and the background sync update its installed skills. */
  readonly auto_update: boolean;
  readonly with_scripts: boolean;
}

export function skillSourcesFile(config: { skillSourcesFile?: string | undefined }): string {
  return resolve(config.skillSourcesFile ?? join(homedir(), '.jarvis', 'skill-sources.json'));
}

const KEYS = new Set(['source', 'repo', 'path', 'url', 'filter', 'auto_update', 'with_scripts']);
const FILTER_KEYS = new Set(['category', 'search']);

/** A sources file that cannot be used: the message names the file and the entry. */
export class SourcesFileError extends InstallError {
  constructor(message: string) {
    super(message, true);
    this.name = 'SourcesFileError';
  }
}

function entryOf(raw: unknown, urls: SourceUrls, fail: (why: string) => never): ConfiguredSource {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail('must be an object such as {"source": "hermes"}');
  const e = raw as Record<string, unknown>;
  for (const key of Object.keys(e)) if (!KEYS.has(key)) fail(`unknown field "${key}" (known: ${[...KEYS].join(', ')})`);
  if (!SOURCE_KINDS.includes(e.source as SourceKind)) fail(`"source" must be one of ${SOURCE_KINDS.join(', ')}`);
  const kind = e.source as SourceKind;
  for (const key of ['repo', 'path', 'url'] as const) {
    if (e[key] !== undefined && (typeof e[key] !== 'string' || e[key] === '')) fail(`"${key}" must be a non-empty string`);
  }
  if (kind === 'github' && e.repo === undefined) fail('a github source needs "repo": "<owner>/<repo>"');
  if (kind !== 'github' && (e.repo !== undefined || e.path !== undefined)) fail('"repo" and "path" belong to github sources');
  for (const key of ['auto_update', 'with_scripts'] as const) {
    if (e[key] !== undefined && typeof e[key] !== 'boolean') fail(`"${key}" must be true or false`);
  }
  const filter: { category?: string[]; search?: string } = {};
  if (e.filter !== undefined) {
    if (!e.filter || typeof e.filter !== 'object' || Array.isArray(e.filter)) fail('"filter" must be an object');
    const f = e.filter as Record<string, unknown>;
    for (const key of Object.keys(f)) if (!FILTER_KEYS.has(key)) fail(`unknown filter "${key}" (known: category, search)`);
    if (f.category !== undefined) {
      const list = typeof f.category === 'string' ? [f.category] : f.category;
      if (!Array.isArray(list) || list.length === 0 || !list.every((c) => typeof c === 'string' && c !== ''))
        fail('"filter.category" must be a category name or a list of them');
      filter.category = list as string[];
    }
    if (f.search !== undefined) {
      if (typeof f.search !== 'string') fail('"filter.search" must be a regular expression as a string');
      try {
        searchPattern(f.search);
      } catch (err) {
        fail(`"filter.search" ${(err as Error).message.replace(/^--search \S+ /, '')}`);
      }
      filter.search = f.search;
    }
  }
  let source: SkillSourceDef;
  try {
    source = sourceDef(kind, urls, {
      ...(typeof e.repo === 'string' ? { repo: e.repo } : {}),
      ...(typeof e.path === 'string' ? { path: e.path } : {}),
      ...(typeof e.url === 'string' ? { url: e.url } : {}),
    });
  } catch (err) {
    fail((err as Error).message);
  }
  return { source, filter, auto_update: e.auto_update === true, with_scripts: e.with_scripts === true };
}

/**
 * The configured sources: a JSON list in the sources file (none when the file does not
 * exist). Every entry is checked; the first bad one is named with its position and content.
 */
export function readSourcesFile(file: string, urls: SourceUrls): ConfiguredSource[] {
  if (!existsSync(file)) return [];
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SourcesFileError(`${file} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Array.isArray(value)) throw new SourcesFileError(`${file} must hold a JSON list of sources, such as [{"source": "hermes"}]`);
  const seen = new Set<string>();
  return value.map((raw, i) => {
    const shown = displayUrl(JSON.stringify(raw)?.slice(0, 160) ?? String(raw));
    const fail = (why: string): never => {
      throw new SourcesFileError(`${file}: entry ${i + 1} (${shown}): ${why}`);
    };
    const entry = entryOf(raw, urls, fail);
    if (seen.has(entry.source.name)) fail(`${entry.source.name} is listed twice`);
    seen.add(entry.source.name);
    return entry;
  });
}
