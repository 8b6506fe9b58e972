import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { validate } from '../platform/validation';

// An overlay is what `jarvis optimize skills` learnt about a skill: a better description and
// a few successful uses as examples. It lives beside the skill, never in its folder, so the
// skill's tree hash, its install record and its signature stay the author's.

export const OVERLAY_FORMAT = 'jarvis.skill-overlay.v1';
export const OVERLAY_FILE = 'optimized.json';
export const OVERLAY_POLICIES = ['few-shot', 'describe'] as const;
export type OverlayPolicy = (typeof OVERLAY_POLICIES)[number];
/** A larger file is not an overlay anyone wrote with `jarvis optimize skills`. */
const MAX_OVERLAY_BYTES = 256 * 1024;
/** Skill ids as folder names: no separators, no `..`, nothing hidden. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export interface OverlayCall {
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

export interface OverlayExample {
  readonly request: string;
  readonly calls: readonly OverlayCall[];
  readonly reply?: string;
}

/** How the overlay was measured: tool-choice accuracy on the skill's benchmark cases (0..1). */
export interface OverlayScore {
  readonly traces?: number;
  readonly cases?: number;
  /** The skill's own description. */
  readonly baseline?: number;
  /** The overlay's description. */
  readonly overlay?: number;
  /** Every candidate description tried, in order. */
  readonly candidates?: readonly number[];
}

export interface SkillOverlay {
  readonly format: typeof OVERLAY_FORMAT;
  readonly skill: string;
  /** The tree hash of the skill folder it was made for; another tree makes it stale. */
  readonly skill_sha256: string;
  readonly description: string;
  /** The skill's description when the overlay was made (for old → new). */
  readonly base_description?: string;
  readonly examples: readonly OverlayExample[];
  readonly policy: OverlayPolicy;
  readonly score?: OverlayScore;
  readonly created_at: string;
}

const ratio = { type: 'number', minimum: 0, maximum: 1 };
const count = { type: 'integer', minimum: 0 };

export const SKILL_OVERLAY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'skill', 'skill_sha256', 'description', 'examples', 'policy', 'created_at'],
  properties: {
    format: { const: OVERLAY_FORMAT },
    skill: { type: 'string', pattern: SAFE_ID.source },
    skill_sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    description: { type: 'string', minLength: 1, maxLength: 1024 },
    base_description: { type: 'string', maxLength: 4096 },
    examples: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['request', 'calls'],
        properties: {
          request: { type: 'string', minLength: 1, maxLength: 2000 },
          calls: {
            type: 'array',
            minItems: 1,
            maxItems: 10,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['tool', 'arguments'],
              properties: {
                tool: { type: 'string', minLength: 1, maxLength: 128 },
                arguments: { type: 'object' },
              },
            },
          },
          reply: { type: 'string', maxLength: 4000 },
        },
      },
    },
    policy: { enum: [...OVERLAY_POLICIES] },
    score: {
      type: 'object',
      additionalProperties: false,
      properties: {
        traces: count,
        cases: count,
        baseline: ratio,
        overlay: ratio,
        candidates: { type: 'array', maxItems: 64, items: ratio },
      },
    },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

export class OverlayError extends Error {}

/** JARVIS_SKILL_OVERLAY_DIR, or `~/.jarvis/learning/skills`. */
export function skillOverlayDir(config: { skillOverlayDir?: string | undefined }): string {
  return resolve(config.skillOverlayDir ?? join(homedir(), '.jarvis', 'learning', 'skills'));
}

export function overlayFile(dir: string, id: string): string {
  if (!SAFE_ID.test(id) || id.includes('..')) throw new OverlayError(`${JSON.stringify(id)} cannot name an overlay folder`);
  return join(dir, id, OVERLAY_FILE);
}

/** An overlay file as found: valid, broken (with the reason), or absent (undefined). */
export type OverlayLoad =
  | { readonly ok: true; readonly file: string; readonly overlay: SkillOverlay }
  | { readonly ok: false; readonly file: string; readonly reason: string };

export function loadOverlay(dir: string, id: string): OverlayLoad | undefined {
  let file: string;
  try {
    file = overlayFile(dir, id);
  } catch {
    return undefined;
  }
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_OVERLAY_BYTES) return { ok: false, file, reason: `larger than ${MAX_OVERLAY_BYTES} bytes` };
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    return { ok: false, file, reason: `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  return parseOverlay(file, id, text);
}

function parseOverlay(file: string, id: string, text: string): OverlayLoad {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, file, reason: 'not JSON' };
  }
  const verdict = validate(SKILL_OVERLAY_SCHEMA, value);
  if (!verdict.ok) return { ok: false, file, reason: verdict.error.message };
  const overlay = value as SkillOverlay;
  if (overlay.skill !== id) return { ok: false, file, reason: `made for skill ${overlay.skill}, found in the folder of ${id}` };
  return { ok: true, file, overlay };
}

/** The overlay of one skill; a broken file is reported to `warn` and counts as none. */
export function readOverlay(dir: string, id: string, warn?: (message: string) => void): SkillOverlay | undefined {
  const load = loadOverlay(dir, id);
  if (load && !load.ok) warn?.(`overlay ${load.file} ignored: ${load.reason}`);
  return load?.ok ? load.overlay : undefined;
}

/** Every overlay file in the folder, broken ones included. */
export function listOverlays(dir: string): OverlayLoad[] {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
  return names.flatMap((id) => {
    const load = loadOverlay(dir, id);
    return load ? [load] : [];
  });
}

/** Checks and writes an overlay; a reader never sees half a file. Returns the file's path. */
export function writeOverlay(dir: string, overlay: SkillOverlay): string {
  const verdict = validate(SKILL_OVERLAY_SCHEMA, overlay);
  if (!verdict.ok) throw new OverlayError(`not a valid overlay: ${verdict.error.message}`);
  const file = overlayFile(dir, overlay.skill);
  mkdirSync(join(dir, overlay.skill), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(overlay, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  return file;
}

/**
 * Undoes `jarvis optimize skills` for one skill: deletes its overlay file (broken or not) and
 * the skill's overlay folder when that is then empty. Only that file inside the overlay
 * folder is touched, never the skill's own files. Returns the removed file, or undefined
 * when the skill has no overlay.
 */
export function removeOverlay(dir: string, id: string): string | undefined {
  const file = overlayFile(dir, id);
  let st;
  try {
    // The skill's overlay folder as a link could lead into a skill's own folder.
    if (!lstatSync(join(dir, id)).isDirectory()) throw new OverlayError(`${join(dir, id)} is not an overlay folder; left as it is`);
    st = lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw err;
  }
  // A link or a folder under the overlay's name was not written by `jarvis optimize skills`.
  if (!st.isFile()) throw new OverlayError(`${file} is not an overlay file; left as it is`);
  rmSync(file);
  try {
    rmdirSync(join(dir, id));
  } catch {
    // other files beside it (a temporary one of a running optimize): the folder stays
  }
  return file;
}

/**
 * The overlays of a folder, read again only when a file changed: the catalog asks for them
 * with every request, and `jarvis optimize skills` writes them while the master runs.
 */
export class OverlayBook {
  private readonly files = new Map<string, { stamp: string; load: OverlayLoad }>();
  /** The file version last warned about, per skill: one warning per broken version. */
  private readonly warned = new Map<string, string>();

  constructor(
    readonly dir: string,
    private readonly warn?: (message: string) => void,
  ) {}

  current(): ReadonlyMap<string, OverlayLoad> {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      names = [];
    }
    const seen = new Map<string, OverlayLoad>();
    for (const id of names) {
      let file: string;
      let stamp: string;
      try {
        file = overlayFile(this.dir, id);
        const st = statSync(file);
        stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
      } catch {
        continue;
      }
      let cached = this.files.get(id);
      if (cached?.stamp !== stamp) {
        const load = loadOverlay(this.dir, id);
        if (!load) continue;
        cached = { stamp, load };
        this.files.set(id, cached);
      }
      const load = cached.load;
      if (!load.ok && this.warned.get(id) !== stamp) {
        this.warned.set(id, stamp);
        this.warn?.(`overlay ${load.file} ignored: ${load.reason}`);
      }
      seen.set(id, load);
    }
    for (const id of [...this.files.keys()]) if (!seen.has(id)) this.files.delete(id);
    for (const id of [...this.warned.keys()]) if (!seen.has(id)) this.warned.delete(id);
    return seen;
  }
}
