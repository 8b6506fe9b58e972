// Progressive disclosure: the model sees a skill's name and description in the catalog and
// reads the instructions and reference files on demand, a page at a time, so nothing is cut
// to fit a tool message.
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { INSTRUCTIONS_FILE } from './process';
import { INSTALL_RECORD, SIGNATURE_FILE } from './tree-hash';

/** The one tool that reads skills: `skill_read`. No skill's own tool can have this name (theirs are `skill_<id>_<action>`). */
export const SKILL_READ_TOOL = 'skill_read';

/**
 * A page's text is at most this long once JSON-encoded (newlines and quotes take two
 * characters there): with the other fields a page stays well inside the assistant's 8,000
 * character tool message.
 */
export const PAGE_BUDGET = 5_000;
export const DEFAULT_PAGE = 4_000;
/** Reference files larger than this are not read. */
export const MAX_READ_BYTES = 2 * 1024 * 1024;
const MAX_LISTED_FILES = 60;
const FILES_BUDGET = 1_500;

export const SKILL_READ_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    skill: { type: 'string', minLength: 1, maxLength: 64, description: 'The skill name from <available_skills>.' },
    path: {
      type: 'string',
      minLength: 1,
      maxLength: 512,
      description: 'A file inside the skill folder (as listed in files); without it, the skill instructions.',
    },
    offset: { type: 'integer', minimum: 0, maximum: 100_000_000, description: 'The character to start at (next_offset of the last page).' },
    limit: { type: 'integer', minimum: 1, maximum: DEFAULT_PAGE, description: `How many characters (at most ${DEFAULT_PAGE}).` },
  },
  required: ['skill'],
  additionalProperties: false,
} as const;

export interface SkillPage {
  readonly skill: string;
  /** The file read, relative to the skill folder; absent for the instructions. */
  readonly path?: string;
  readonly offset: number;
  readonly content: string;
  readonly total_length: number;
  /** Where the next page starts; null at the end. */
  readonly next_offset: number | null;
  /** The skill's other files (reference material), on the first page of its instructions. */
  readonly files?: readonly string[];
  readonly files_total?: number;
}

export class SkillPathRefused extends Error {}

/** One page of a text: as many characters from `offset` as fit `limit` and the JSON budget. */
export function pageOf(text: string, offset: number, limit: number = DEFAULT_PAGE): { content: string; next_offset: number | null } {
  const start = Math.min(offset, text.length);
  let end = Math.min(text.length, start + Math.max(1, Math.min(limit, DEFAULT_PAGE)));
  while (end > start + 1 && JSON.stringify(text.slice(start, end)).length > PAGE_BUDGET) end = start + Math.floor((end - start) * 0.8);
  // Never split a surrogate pair: the page ends before its first half.
  if (end < text.length && end > start + 1 && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  return { content: text.slice(start, end), next_offset: end < text.length ? end : null };
}

/** The files of a skill folder, relative, sorted, bounded; SKILL.md, the install record and the signature left out. */
export function referenceFiles(dir: string): { files: string[]; total: number } {
  const all: string[] = [];
  const walk = (at: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(at).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (name === '.git' || name === 'node_modules' || all.length > 1000) continue;
      const path = join(at, name);
      const st = lstatSync(path);
      if (st.isDirectory() && depth < 4) walk(path, depth + 1);
      else if (st.isFile()) all.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir, 0);
  const listed = all.filter((f) => f !== INSTRUCTIONS_FILE && f !== INSTALL_RECORD && f !== SIGNATURE_FILE);
  const files: string[] = [];
  let used = 0;
  for (const f of listed) {
    if (files.length >= MAX_LISTED_FILES || used + f.length > FILES_BUDGET) break;
    files.push(f);
    used += f.length + 3;
  }
  return { files, total: listed.length };
}

/**
 * The text of one file inside a skill folder. Refused: absolute paths, `..`, anything whose
 * real path (after symbolic links) is outside the folder, folders, files over MAX_READ_BYTES
 * and files that are not text.
 */
export function readSkillFile(dir: string, path: string): { path: string; text: string } {
  if (isAbsolute(path) || path.split(/[\\/]/).includes('..')) throw new SkillPathRefused(`${path}: only paths inside the skill folder`);
  const realDir = realpathSync(dir);
  let real: string;
  try {
    real = realpathSync(resolve(dir, path));
  } catch {
    throw new SkillPathRefused(`${path}: no such file in the skill`);
  }
  const rel = relative(realDir, real);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new SkillPathRefused(`${path}: only paths inside the skill folder`);
  const st = lstatSync(real);
  if (!st.isFile()) throw new SkillPathRefused(`${path}: not a file`);
  if (st.size > MAX_READ_BYTES) throw new SkillPathRefused(`${path}: ${st.size} bytes, more than ${MAX_READ_BYTES} are not read`);
  const bytes = readFileSync(real);
  if (bytes.includes(0)) throw new SkillPathRefused(`${path}: not a text file`);
  return { path: rel.split(sep).join('/'), text: bytes.toString('utf8') };
}

/** A page of a skill's instructions (no path) or of one of its files. A flat `<name>.toml` skill is its one file. */
export function readSkillPage(
  skill: { id: string; dir: string; instructions?: string; flatFile: boolean },
  request: { path?: string; offset?: number; limit?: number },
): SkillPage {
  const offset = request.offset ?? 0;
  let text: string;
  let path: string | undefined;
  if (request.path === undefined) text = skill.instructions ?? '';
  else if (skill.flatFile) {
    if (request.path !== basename(skill.dir))
      throw new SkillPathRefused(`${request.path}: this skill is the one file ${basename(skill.dir)}`);
    text = readFileSync(skill.dir, 'utf8');
    path = request.path;
  } else ({ path, text } = readSkillFile(skill.dir, request.path));
  const page = pageOf(text, offset, request.limit);
  const listing = request.path === undefined && offset === 0 && !skill.flatFile ? referenceFiles(skill.dir) : undefined;
  return {
    skill: skill.id,
    ...(path !== undefined ? { path } : {}),
    offset: Math.min(offset, text.length),
    content: page.content,
    total_length: text.length,
    next_offset: page.next_offset,
    ...(listing && listing.total > 0 ? { files: listing.files, files_total: listing.total } : {}),
  };
}
