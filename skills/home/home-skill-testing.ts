import { dirname } from 'node:path';
import Ajv from 'ajv';
import { HOME_DEVICE_SCHEMAS, HOME_INTEGRATIONS, type HomeDeviceKind } from '../../src-shared';
import { fileURLToPath } from 'node:url';

/** The home skill pack folder: the tests load it as the master's skills folder. */
export const homeSkillsDir = dirname(fileURLToPath(import.meta.url));

/**
 * Sets (or, with undefined, removes) environment variables of this process — the host
 * environment local process skills read their env_from names from — and returns the undo.
 */
export function withEnv(values: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  const apply = (v: Record<string, string | undefined>) => {
    for (const [k, value] of Object.entries(v)) {
      if (value === undefined) delete process.env[k];
      else process.env[k] = value;
    }
  };
  apply(values);
  return () => apply(before);
}

const ajv = new Ajv({ strict: true, allErrors: true });

/**
 * What in a skill's overview output does not match the shared device views its row of
 * HOME_INTEGRATIONS promises (src-shared/home-devices.ts): [] when every device fits.
 */
export function deviceViewProblems(skill: string, data: unknown): string[] {
  const row = HOME_INTEGRATIONS.find((r) => r.skill === skill);
  if (!row) return [`${skill} has no row in HOME_INTEGRATIONS`];
  const problems: string[] = [];
  for (const [kind, field] of Object.entries(row.devices) as [HomeDeviceKind, string][]) {
    const list = (data as Record<string, unknown> | undefined)?.[field];
    if (!Array.isArray(list) || list.length === 0) {
      problems.push(`${skill}: the overview has no ${field} to check as ${kind} views`);
      continue;
    }
    const validate = ajv.getSchema(kind) ?? (ajv.addSchema(HOME_DEVICE_SCHEMAS[kind], kind), ajv.getSchema(kind)!);
    list.forEach((device, i) => {
      if (!validate(device)) problems.push(`${skill}: ${field}[${i}] is no ${kind} view: ${ajv.errorsText(validate.errors)}`);
    });
  }
  return problems;
}
