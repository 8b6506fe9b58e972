import { ConfigError, loadConfig, type Config } from '../platform/config';

/**
 * The configuration for an entry that runs the master. A mistake in it is the person's to
 * fix, so it is said on stderr as it stands, and the entry gets undefined to exit with 2.
 */
export function entryConfig(env: Record<string, string | undefined>): Config | undefined {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return undefined;
    }
    throw err;
  }
}
