import { skillManifestSchema, type SkillManifest } from '../../src-shared';
import { check, compileSchema } from './index';
import { checkUntrustedSchema } from './untrusted-schema';

export type ManifestVerdict =
  | { readonly ok: true; readonly manifest: SkillManifest }
  | { readonly ok: false; readonly message: string; readonly path: string };

/**
 * Checks one jarvis.skill.v1 manifest as the master and the worker both must: the
 * published schema, every action schema as an untrusted JSON schema, unique action names.
 */
export function checkSkillManifest(value: unknown): ManifestVerdict {
  const shape = check(compileSchema(skillManifestSchema), value);
  if (!shape.ok) return { ok: false, message: shape.error.message, path: shape.error.path };
  const manifest = value as SkillManifest;
  const names = new Set<string>();
  for (const [i, action] of manifest.actions.entries()) {
    if (names.has(action.name)) return { ok: false, message: `action "${action.name}" is declared twice`, path: `/actions/${i}/name` };
    names.add(action.name);
    for (const key of ['input_schema', 'output_schema'] as const) {
      const schema = action[key];
      if (schema === undefined) continue;
      const verdict = checkUntrustedSchema(schema);
      if (!verdict.ok) {
        return { ok: false, message: `action "${action.name}" ${key}: ${verdict.error.message}`, path: `/actions/${i}/${key}${verdict.error.path}` };
      }
    }
  }
  return { ok: true, manifest };
}
