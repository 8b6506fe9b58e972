import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every byte JARVIS keeps in its data folder (the database, its WAL, the backups), as one text to search. */
export function storedBytes(dataDir: string): string {
  return readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dataDir, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => readFileSync(f).toString('latin1'))
    .join('\n');
}
