import { existsSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, sep } from 'node:path';
import type { Logger } from '../platform/trace';
import { IngestError } from './errors';
import { formatOf } from './formats';
import type { RagService } from './service';

export interface WatchFolderOptions {
  readonly dir: string;
  readonly service: RagService;
  readonly log: Logger;
  /** How often the folder is rescanned (fs.watch only hurries a scan along). */
  readonly pollMs?: number;
}

/**
 * JARVIS_RAG_WATCH_DIR: files dropped into the folder (and its subfolders, three levels)
 * are ingested once their size and mtime have held still for one scan, so a file that is
 * still being copied is not read half-written. A changed file is re-indexed by its path;
 * the content hash makes rescans of unchanged files free. A file deleted from the folder
 * (also while JARVIS was off) takes its document along once it stayed gone for two scans,
 * so an editor's save-by-rename does not drop it; an unreadable folder removes nothing.
 */
export class WatchFolder {
  private readonly seen = new Map<string, string>();
  private readonly pending = new Map<string, string>();
  /** Documents whose file was missing at the last scan. */
  private readonly missing = new Set<string>();
  /** Files the folder holds that could not be taken, with the reason (shown in the status). */
  readonly problems = new Map<string, string>();
  private timer?: NodeJS.Timeout;
  private watcher?: FSWatcher;
  private scanning?: Promise<void>;

  constructor(private readonly o: WatchFolderOptions) {}

  start(): void {
    try {
      this.watcher = watch(this.o.dir, { persistent: false }, () => void this.scan());
    } catch (err) {
      this.o.log.warn(`rag: cannot watch ${this.o.dir} (${err instanceof Error ? err.message : String(err)}); polling only`);
    }
    this.timer = setInterval(() => void this.scan(), this.o.pollMs ?? 3000);
    this.timer.unref();
    void this.scan();
  }

  stop(): Promise<void> | undefined {
    clearInterval(this.timer);
    this.watcher?.close();
    return this.scanning;
  }

  scan(): Promise<void> {
    this.scanning ??= this.scanOnce().finally(() => {
      this.scanning = undefined;
    });
    return this.scanning;
  }

  private async scanOnce(): Promise<void> {
    const files = listFiles(this.o.dir, 3);
    if (existsSync(this.o.dir)) await this.removeDeleted(new Set(files));
    for (const file of files) {
      let signature: string;
      try {
        const st = statSync(file);
        signature = `${st.size}:${st.mtimeMs}`;
      } catch {
        continue;
      }
      if (this.seen.get(file) === signature) continue;
      if (this.pending.get(file) !== signature) {
        this.pending.set(file, signature);
        continue;
      }
      this.pending.delete(file);
      this.seen.set(file, signature);
      try {
        await this.o.service.ingestFile(file, { sourcePath: file });
        this.problems.delete(file);
      } catch (err) {
        const reason = err instanceof IngestError ? err.message : String(err);
        this.problems.set(file, reason);
        this.o.log.warn(`rag: ${file} was not ingested: ${reason}`);
      }
    }
  }

  private async removeDeleted(present: ReadonlySet<string>): Promise<void> {
    const prefix = this.o.dir.endsWith(sep) ? this.o.dir : this.o.dir + sep;
    const gone = new Set<string>();
    for (const doc of this.o.service.list()) {
      const path = doc.source_path;
      if (!path || !path.startsWith(prefix) || present.has(path) || existsSync(path)) continue;
      if (!this.missing.has(doc.id)) {
        gone.add(doc.id);
        continue;
      }
      await this.o.service.remove(doc.id);
      this.seen.delete(path);
      this.problems.delete(path);
      this.o.log.info(`rag: ${path} was deleted from the watched folder; its document is removed`);
    }
    this.missing.clear();
    for (const id of gone) this.missing.add(id);
    // A refused file that was taken away is no problem any more.
    for (const map of [this.problems, this.pending, this.seen])
      for (const path of [...map.keys()]) if (!present.has(path)) map.delete(path);
  }
}

function listFiles(dir: string, depth: number): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.') || e.name.startsWith('~$')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory() && depth > 0) out.push(...listFiles(path, depth - 1));
    else if (e.isFile() && formatOf(e.name)) out.push(path);
  }
  return out;
}
