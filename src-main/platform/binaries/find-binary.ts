import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Resolves a command the way a shell would: an explicit path, else the first PATH hit. */
export function findBinary(command: string, extraDirs: readonly string[] = [], pathEnv = process.env.PATH ?? ''): string | undefined {
  if (command.includes('/') || isAbsolute(command)) return isExecutable(command) ? command : undefined;
  for (const dir of [...extraDirs, ...pathEnv.split(delimiter)]) {
    if (!dir) continue;
    const candidate = join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
