import { dirname } from 'node:path';
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
