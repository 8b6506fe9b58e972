import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import { IngestError } from '../errors';
import { decodeText } from '../text-decoding';
import type { Block, ExtractedDocument } from './blocks';
import { tooDeep } from '../ingest-limits';
import { markupDepth } from './markup-depth';

export interface StructuredLimits {
  readonly maxDepth: number;
  readonly check: () => void;
}

/** The deepest bracket nesting of a JSON text, found without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/**
 * JSON, YAML and XML become "path: value" lines, one block per top-level entry (or per
 * element of a top-level list), so a hit names the key it came from.
 */
export function extractJson(bytes: Buffer, limits: StructuredLimits): ExtractedDocument {
  const text = decodeText(bytes);
  // Checked before parsing: JSON.parse of a very deep text overflows the stack.
  if (jsonDepth(text) > limits.maxDepth) throw tooDeep('JSON', limits.maxDepth);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    throw new IngestError('CORRUPT_FILE', `The JSON is not valid: ${err.message}`);
  }
  return structuredBlocks(value, limits, 'JSON');
}

export function extractYaml(bytes: Buffer, limits: StructuredLimits): ExtractedDocument {
  let value: unknown;
  try {
    // The alias cap keeps a "billion laughs" document from expanding without bound.
    value = parseYaml(decodeText(bytes), { maxAliasCount: 100 });
  } catch (err) {
    if (err instanceof IngestError) throw err;
    throw new IngestError('CORRUPT_FILE', `The YAML is not valid: ${firstLine(err)}`);
  }
  return structuredBlocks(value, limits, 'YAML');
}

export function extractXml(bytes: Buffer, limits: StructuredLimits): ExtractedDocument {
  const text = decodeText(bytes);
  if (markupDepth(text, 'xml') > limits.maxDepth) throw tooDeep('XML', limits.maxDepth);
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) throw new IngestError('CORRUPT_FILE', `The XML is not well-formed: ${verdict.err.msg} (line ${verdict.err.line})`);
  // Entity expansion stays off: a DOCTYPE with nested entities must not blow up memory.
  const parser = new XMLParser({
    ignoreDeclaration: true,
    ignorePiTags: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    processEntities: false,
    trimValues: true,
    textNodeName: '#text',
  });
  return structuredBlocks(parser.parse(text) as unknown, limits, 'XML');
}

function structuredBlocks(root: unknown, limits: StructuredLimits, what: string): ExtractedDocument {
  const blocks: Block[] = [];
  const emit = (path: string, value: unknown) => {
    if (blocks.length % 256 === 0) limits.check();
    const lines: string[] = [];
    flatten(value, path, lines, 0, limits, what);
    if (lines.length) blocks.push({ text: lines.join('\n'), location: { part: path || '$' } });
  };
  const entries = (value: unknown, base: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => emit(`${base}[${i}]`, v));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const path = base ? `${base}.${k}` : k;
        // A list of records under a key ("items", "contacts") is split per record.
        if (Array.isArray(v) && v.some((x) => x && typeof x === 'object')) v.forEach((x, i) => emit(`${path}[${i}]`, x));
        else if (!base && v && typeof v === 'object' && !Array.isArray(v) && Object.keys(value).length === 1) entries(v, path);
        else emit(path, v);
      }
    } else emit(base, value);
  };
  entries(root, '');
  if (blocks.length === 0) throw new IngestError('NO_TEXT', 'The document holds no values.');
  return { blocks };
}

function flatten(value: unknown, path: string, out: string[], depth: number, limits: StructuredLimits, what: string): void {
  if (value === null || value === undefined) return;
  if (depth > limits.maxDepth) throw tooDeep(what, limits.maxDepth);
  if (out.length % 1024 === 1023) limits.check();
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) {
      if (value.length) out.push(`${path}: ${value.map(String).join(', ')}`);
    } else value.forEach((v, i) => flatten(v, `${path}[${i}]`, out, depth + 1, limits, what));
    return;
  }
  if (value instanceof Date) {
    out.push(`${path}: ${value.toISOString()}`);
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out, depth + 1, limits, what);
    return;
  }
  const s = String(value).trim();
  if (s) out.push(`${path || 'value'}: ${s}`);
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
