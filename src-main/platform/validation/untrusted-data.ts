// YAML, TOML and JSON written by someone else (a skill collection, a worker, an uploaded file)
// are parsed with their cost bounded: size first, then aliases (a "billion laughs" document
// is a few hundred bytes and expands to gigabytes once walked), then nesting depth and node
// count of the result. Each parse is linear in the input once these hold, so it can stay on
// the thread that asked.
import { parse as parseToml, TomlError } from 'smol-toml';
import { parseDocument, type YAMLError } from 'yaml';

export interface UntrustedLimits {
  /** Characters of the text; a longer one is refused before parsing. */
  readonly maxChars: number;
  /** Levels of nested objects and arrays in the result. */
  readonly maxDepth: number;
  /** Objects, arrays and scalars in the result, counted as a walk would meet them. */
  readonly maxNodes: number;
  /** YAML only: alias references allowed (0 refuses every alias). */
  readonly maxAliases: number;
}

/** Enough for any manifest or front matter seen in the public skill collections, with room. */
export const UNTRUSTED_LIMITS: UntrustedLimits = { maxChars: 256 * 1024, maxDepth: 32, maxNodes: 20_000, maxAliases: 20 };

/**
 * A document refused for its content: `syntax` when it is not the format, `limit` when it is
 * too large, too deep or expands too far; `line` (1-based) when the parser knows where.
 */
export class UntrustedDataError extends Error {
  constructor(
    readonly kind: 'syntax' | 'limit',
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `${message} (line ${line})`);
    this.name = 'UntrustedDataError';
  }
}

function checkSize(text: string, limits: UntrustedLimits, format: string): void {
  if (text.length > limits.maxChars)
    throw new UntrustedDataError('limit', `the ${format} is ${text.length} characters, more than ${limits.maxChars}`);
}

/**
 * Walks the value without recursion (a deep value must not overflow the stack here either);
 * shared references count each time they are reached, so aliases cannot hide their expansion.
 */
export function checkShape(value: unknown, limits: Pick<UntrustedLimits, 'maxDepth' | 'maxNodes'>, format: string): void {
  const stack: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (++nodes > limits.maxNodes) throw new UntrustedDataError('limit', `the ${format} has more than ${limits.maxNodes} values`);
    if (v === null || typeof v !== 'object' || v instanceof Date) continue;
    if (depth >= limits.maxDepth) throw new UntrustedDataError('limit', `the ${format} is nested more than ${limits.maxDepth} levels deep`);
    const children = Array.isArray(v) ? (v as unknown[]) : Object.values(v as Record<string, unknown>);
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
}

function yamlLine(text: string, err: YAMLError): number | undefined {
  const at = err.pos[0];
  if (!Number.isInteger(at) || at < 0) return undefined;
  let line = 1;
  for (let i = 0; i < at && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * YAML in the core schema (no custom tags, no merge keys), unique keys, aliases bounded.
 * `lineOffset` shifts the reported line, for YAML that sits inside a larger file.
 */
export function parseUntrustedYaml(text: string, limits: UntrustedLimits = UNTRUSTED_LIMITS, lineOffset = 0): unknown {
  checkSize(text, limits, 'YAML');
  const doc = parseDocument(text, { schema: 'core', merge: false, uniqueKeys: true, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const line = yamlLine(text, first);
    throw new UntrustedDataError(
      'syntax',
      `not valid YAML: ${first.message.split('\n')[0]}`,
      line === undefined ? undefined : line + lineOffset,
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: limits.maxAliases });
  } catch (err) {
    if (err instanceof ReferenceError)
      throw new UntrustedDataError(
        'limit',
        `the YAML uses aliases beyond the allowed ${limits.maxAliases} (refused as an expansion attack)`,
      );
    throw new UntrustedDataError('syntax', `not valid YAML: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
  checkShape(value, limits, 'YAML');
  return value;
}

export function parseUntrustedToml(text: string, limits: UntrustedLimits = UNTRUSTED_LIMITS): Record<string, unknown> {
  checkSize(text, limits, 'TOML');
  let value: Record<string, unknown>;
  try {
    value = parseToml(text, { maxDepth: limits.maxDepth, unsafeKeyBehaviour: 'drop' }) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof TomlError) throw new UntrustedDataError('syntax', `not valid TOML: ${err.message.split('\n')[0]}`, err.line);
    throw new UntrustedDataError('syntax', `not valid TOML: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
  checkShape(value, limits, 'TOML');
  return value;
}

export function parseUntrustedJson(text: string, limits: UntrustedLimits = UNTRUSTED_LIMITS): unknown {
  checkSize(text, limits, 'JSON');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UntrustedDataError('syntax', `not valid JSON: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
  checkShape(value, limits, 'JSON');
  return value;
}
