import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SKILL_MANIFEST_SCHEMA, type SkillManifest } from '../../../src-shared';
import { validate } from '../../platform/validation';
import { parseUntrustedJson } from '../../platform/validation/untrusted-data';
import { compileUntrustedSchema } from './action-schemas';

export const MANIFEST_FILE = 'skill.json';
/** A manifest larger than this is not read at all. */
export const MAX_MANIFEST_BYTES = 256 * 1024;

export type ManifestVerdict =
  { readonly ok: true; readonly manifest: SkillManifest } | { readonly ok: false; readonly errors: readonly string[] };

/**
 * Validates a jarvis.skill.v1 manifest: the published schema, unique action names, and
 * every action's input/output schema as untrusted (size, depth, secure meta-schema),
 * compiled once so the first call does not pay for it.
 */
export function parseManifest(value: unknown): ManifestVerdict {
  const shape = validate(SKILL_MANIFEST_SCHEMA, value);
  if (!shape.ok) return { ok: false, errors: [`skill.json${shape.error.path || ''}: ${shape.error.message}`] };
  const manifest = value as SkillManifest;
  const errors: string[] = [];
  const names = new Set<string>();
  for (const action of manifest.actions) {
    if (names.has(action.name)) errors.push(`action "${action.name}" is declared twice`);
    names.add(action.name);
    for (const key of ['input_schema', 'output_schema'] as const) {
      const schema = action[key];
      if (schema === undefined) continue;
      try {
        compileUntrustedSchema(schema);
      } catch (err) {
        errors.push(`action "${action.name}" ${key}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, manifest };
}

/** Reads and validates `<dir>/skill.json`. */
export function readManifest(dir: string): ManifestVerdict {
  const file = join(dir, MANIFEST_FILE);
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_MANIFEST_BYTES) return { ok: false, errors: [`skill.json is ${size} bytes, more than ${MAX_MANIFEST_BYTES}`] };
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, errors: [`skill.json cannot be read: ${err instanceof Error ? err.message : String(err)}`] };
  }
  let value: unknown;
  try {
    value = parseUntrustedJson(text);
  } catch (err) {
    return { ok: false, errors: [`skill.json: ${err instanceof Error ? err.message : String(err)}`] };
  }
  return parseManifest(value);
}
