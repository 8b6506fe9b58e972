import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';

/** How long after its last change a file counts as possibly still changing unseen. */
export const SETTLE_MS = 2_000;

/** Written next to an installed skill; not part of the hashed tree. */
export const INSTALL_RECORD = '.jarvis-install.json';

/** An index maintainer's signature over the tree hash; not part of the hashed tree it signs. */
export const SIGNATURE_FILE = '.jarvis-signature.json';

/** A symbolic link in a skill folder that leads outside it: code the tree hash could not cover. */
export class TreeEscapeError extends Error {
  constructor(readonly path: string) {
    super(`${path} is a symbolic link that leads outside the skill folder`);
    this.name = 'TreeEscapeError';
  }
}

interface TreeEntry {
  readonly rel: string;
  readonly stat: Stats;
  /** For a symbolic link: where it points, relative to the skill folder. */
  readonly link?: string;
}

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function walk(root: string, realRoot: string, dir: string, out: TreeEntry[]): void {
  for (const name of readdirSync(dir).sort()) {
    if (name === '.git' || (dir === root && (name === INSTALL_RECORD || name === SIGNATURE_FILE))) continue;
    const path = join(dir, name);
    const stat = lstatSync(path);
    const rel = relative(root, path).split('\\').join('/');
    if (stat.isDirectory()) walk(root, realRoot, path, out);
    else if (stat.isFile()) out.push({ rel, stat });
    else if (stat.isSymbolicLink()) {
      let target: string;
      try {
        target = realpathSync(path);
      } catch {
        throw new TreeEscapeError(rel); // dangling: it may point anywhere tomorrow
      }
      if (!isInside(realRoot, target)) throw new TreeEscapeError(rel);
      // Its target is inside the folder and hashed there; the link itself is part of the tree.
      out.push({ rel, stat, link: relative(realRoot, target).split('\\').join('/') });
    }
  }
}

/** A skill that is one file (a flat OpenJarvis `<name>.toml`) is a tree of that one file. */
function entriesOf(root: string): TreeEntry[] {
  const stat = lstatSync(root);
  if (stat.isFile()) return [{ rel: basename(root), stat }];
  const out: TreeEntry[] = [];
  walk(root, realpathSync(root), root, out);
  return out;
}

function hashEntries(skill: string, entries: readonly TreeEntry[]): string {
  const root = lstatSync(skill).isFile() ? dirname(skill) : skill;
  const hash = createHash('sha256');
  for (const e of entries) {
    if (e.link !== undefined) {
      hash.update(`${e.rel}\0->\0${e.link}\0`);
      continue;
    }
    const content = readFileSync(join(root, e.rel));
    hash.update(`${e.rel}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/**
 * SHA-256 over the sorted relative paths and contents of every regular file of a skill
 * tree, and the targets of its symbolic links (which must stay inside the folder). The same
 * tree gives the same hash on any machine; the format is the one recorded in proposals and
 * install records, so it does not change.
 */
export function treeSha256(root: string): string {
  return hashEntries(root, entriesOf(root));
}

/**
 * The tree hash, checked at every call: a walk with lstat per file, and the contents read
 * again only when a file's size, inode, mtime or ctime changed (ctime cannot be set back by
 * a program, so an edit cannot hide behind a restored mtime).
 */
export class TreeHashCache {
  private readonly trees = new Map<string, { readonly signature: string; readonly sha256: string }>();

  constructor(private readonly now: () => number = Date.now) {}

  sha256(root: string): string {
    const entries = entriesOf(root);
    const signature = entries
      .map((e) => `${e.rel}\0${e.link ?? ''}\0${e.stat.size}\0${e.stat.ino}\0${e.stat.mtimeMs}\0${e.stat.ctimeMs}`)
      .join('\n');
    const known = this.trees.get(root);
    if (known?.signature === signature) return known.sha256;
    const sha256 = hashEntries(root, entries);
    // A file written within the clock's granularity of the last write keeps its times and
    // maybe its size: a tree that changed this recently is hashed again until it settles.
    const settled = this.now() - SETTLE_MS;
    if (entries.every((e) => Math.max(e.stat.mtimeMs, e.stat.ctimeMs) <= settled)) this.trees.set(root, { signature, sha256 });
    else this.trees.delete(root);
    return sha256;
  }

  /** Forgets folders that are no longer loaded. */
  retain(roots: ReadonlySet<string>): void {
    for (const root of this.trees.keys()) if (!roots.has(root)) this.trees.delete(root);
  }
}
