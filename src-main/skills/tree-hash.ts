import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Written next to an installed skill; not part of the hashed tree. */
export const INSTALL_RECORD = '.jarvis-install.json';

function files(root: string, dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    if (name === '.git' || (dir === root && name === INSTALL_RECORD)) continue;
    const path = join(dir, name);
    const st = lstatSync(path);
    if (st.isDirectory()) files(root, path, out);
    else if (st.isFile()) out.push(relative(root, path).split('\\').join('/'));
  }
}

/**
 * SHA-256 over the sorted relative paths and contents of every regular file of a skill
 * tree. The same tree gives the same hash on any machine.
 */
export function treeSha256(root: string): string {
  const list: string[] = [];
  files(root, root, list);
  const hash = createHash('sha256');
  for (const rel of list) {
    const content = readFileSync(join(root, rel));
    hash.update(`${rel}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}
