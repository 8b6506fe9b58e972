// The YAML front matter of a SKILL.md, read as untrusted input: anyone who publishes a skill in
// a community collection writes it, and every JARVIS that syncs the collection parses it.
import { parseUntrustedYaml, UntrustedDataError, UNTRUSTED_LIMITS, type UntrustedLimits } from '../platform/validation/untrusted-data';

/** Front matter needs no anchors: a handful is allowed, an expansion never. */
export const FRONT_MATTER_LIMITS: UntrustedLimits = { ...UNTRUSTED_LIMITS, maxChars: 64 * 1024, maxAliases: 10 };

export interface SplitSkillText {
  /** The YAML between the `---` lines; undefined when the file has no front matter. */
  readonly yaml?: string;
  /** Lines before the YAML starts (the opening `---`), to report lines of the whole file. */
  readonly lineOffset: number;
  readonly body: string;
}

const FENCE = /^---[ \t]*\r?\n/;
const CLOSE = /\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits off the front matter as gray-matter and OpenJarvis do: a `---` first line up to the next `---` line. */
export function splitFrontMatter(text: string): SplitSkillText {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const open = FENCE.exec(src);
  if (!open) return { lineOffset: 0, body: src };
  const rest = src.slice(open[0].length);
  if (/^---[ \t]*(?:\r?\n|$)/.test(rest)) return { yaml: '', lineOffset: 1, body: rest.replace(/^---[ \t]*\r?\n?/, '') };
  const close = CLOSE.exec(rest);
  if (!close) return { lineOffset: 0, body: src };
  return { yaml: rest.slice(0, close.index), lineOffset: 1, body: rest.slice(close.index + close[0].length) };
}

export type FrontMatterReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'ok'; readonly data: Record<string, unknown>; readonly raw: string }
  /** Not YAML: the top-level `key: value` lines are what is left to read. */
  | { readonly kind: 'broken'; readonly reason: string; readonly line?: number; readonly plain: Record<string, string> }
  /** Refused outright: aliases past the bound, too deep, too large. */
  | { readonly kind: 'hostile'; readonly reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The top-level `key: value` lines of a front matter that is not YAML (a description with
 * an unquoted ": " is the usual cause), as text: enough to keep the skill's name and description.
 */
export function plainFields(yaml: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of yaml.split(/\r?\n/)) {
    const m = /^([A-Za-z_][A-Za-z0-9_-]*):[ \t]+(.+?)\s*$/.exec(line);
    if (!m || m[1]! in out) continue;
    let value = m[2]!;
    // A list or map that did not parse is no text to keep.
    if (/^[[{&*!|>]/.test(value)) continue;
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    out[m[1]!] = value;
  }
  return out;
}

export function readFrontMatter(
  yaml: string | undefined,
  lineOffset = 0,
  limits: UntrustedLimits = FRONT_MATTER_LIMITS,
): FrontMatterReading {
  if (yaml === undefined) return { kind: 'none' };
  let value: unknown;
  try {
    value = parseUntrustedYaml(yaml, limits, lineOffset);
  } catch (err) {
    if (!(err instanceof UntrustedDataError)) throw err;
    if (err.kind === 'limit') return { kind: 'hostile', reason: err.message };
    return { kind: 'broken', reason: err.message, ...(err.line === undefined ? {} : { line: err.line }), plain: plainFields(yaml) };
  }
  return { kind: 'ok', data: isRecord(value) ? value : {}, raw: yaml };
}

/**
 * A scalar's text as written (`version: 2.0` is the number 2 to YAML, "2.0" to its author),
 * for the top-level key of a front matter that parsed.
 */
export function writtenScalar(yaml: string, key: string): string | undefined {
  const m = new RegExp(`^${key}:[ \\t]*([^#\\r\\n]*?)[ \\t]*(?:#.*)?$`, 'm').exec(yaml);
  const value = m?.[1];
  return value ? value.replace(/^(["'])(.*)\1$/, '$2') : undefined;
}

/** The front matter of a SKILL.md's text as an object; {} when there is none, it is not YAML or it is refused. */
export function frontMatterOf(text: string): Record<string, unknown> {
  const split = splitFrontMatter(text);
  const reading = readFrontMatter(split.yaml, split.lineOffset);
  if (reading.kind === 'ok') return reading.data;
  if (reading.kind === 'broken') return reading.plain;
  return {};
}
