import { statSync } from 'node:fs';
import { SETTLE_MS } from './tree-hash';

/**
 * The files' metadata, or undefined while one of them changed so recently that it may
 * change again within the clock's granularity, unseen: such an entry is read every time.
 */
function signatureOf(files: readonly string[], now: number): string | undefined {
  const parts: string[] = [];
  for (const file of files) {
    let st;
    try {
      st = statSync(file, { throwIfNoEntry: false });
    } catch {
      return undefined; // not a folder any more (ENOTDIR): read it again
    }
    if (st && Math.max(st.mtimeMs, st.ctimeMs) > now - SETTLE_MS) return undefined;
    // ctime cannot be set back by a program: an edit cannot hide behind a restored mtime.
    parts.push(st ? `${st.size}:${st.ino}:${st.mtimeMs}:${st.ctimeMs}` : '-');
  }
  return parts.join('|');
}

/**
 * Skill entries by folder, read again only when one of the files they come from changed.
 * A reload parses no unchanged manifest, SKILL.md or skill.toml and compiles none of
 * their schemas: a hundred reloads in a row cost the stat calls, not the parsing.
 */
/** What the cache needs of an entry: the lists a load adds to (the loader's SkillEntry). */
interface CachedEntry {
  readonly errors: string[];
  readonly warnings: string[];
}

export class SkillEntryCache<Entry extends CachedEntry> {
  private readonly known = new Map<string, { readonly signature: string; readonly entry: Entry }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** `files`: every file the entry is read from (its manifest or OpenJarvis files and its install record). */
  read(key: string, files: readonly string[], read: () => Entry): Entry {
    const signature = signatureOf(files, this.now());
    const hit = this.known.get(key);
    let entry: Entry;
    if (signature !== undefined && hit?.signature === signature) entry = hit.entry;
    else {
      entry = read();
      if (signature === undefined) this.known.delete(key);
      else this.known.set(key, { signature, entry });
    }
    // A load adds errors to the entries it hands out; the kept entry stays as it was read.
    return { ...entry, errors: [...entry.errors], warnings: [...entry.warnings] };
  }

  /** Forgets folders that are no longer found. */
  retain(keys: ReadonlySet<string>): void {
    for (const key of this.known.keys()) if (!keys.has(key)) this.known.delete(key);
  }
}
