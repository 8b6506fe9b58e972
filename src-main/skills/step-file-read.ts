// The path rules of the `file_read` step tool: a pipeline reads text from the household's
// document folder or from its own skill folder, nothing else on the disk.
import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { MAX_READ_BYTES } from './skill-reader';

/** Where a pipeline step may read. */
export interface ReadableFolders {
  /** The household's document folders (the knowledge capability's watched folder). */
  readonly documents: readonly string[];
  /** The skill's own folder; absent for a flat `<name>.toml`, whose folder holds other skills. */
  readonly skill?: string;
}

export class StepFileRefused extends Error {}

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && rel.split(sep)[0] !== '..');
};

function realRoot(dir: string): string | undefined {
  try {
    return realpathSync(dir);
  } catch {
    return undefined;
  }
}

/**
 * The real path of a readable file, or StepFileRefused with a plain reason. A relative path
 * is taken inside the skill's folder, then inside the document folders; an absolute one must
 * lie inside one of them. `..` is refused outright and the check is made again on the real
 * path, so a symlink cannot lead out.
 */
export function resolveReadableFile(requested: string, folders: ReadableFolders): string {
  if (requested.split(/[\\/]/).includes('..')) throw new StepFileRefused(`${requested}: paths with ".." are not read`);
  const roots = [...(folders.skill ? [folders.skill] : []), ...folders.documents].map(realRoot).filter((r): r is string => !!r);
  if (roots.length === 0) throw new StepFileRefused(`${requested}: no document folder is set up (JARVIS_RAG_WATCH_DIR)`);
  const candidates = isAbsolute(requested) ? [resolve(requested)] : roots.map((r) => resolve(r, requested));
  for (const candidate of candidates) {
    let real: string;
    try {
      real = realpathSync(candidate);
    } catch {
      continue;
    }
    if (!roots.some((r) => inside(r, real)))
      throw new StepFileRefused(`${requested}: only files in the household's document folder or the skill's own folder are read`);
    if (!statSync(real).isFile()) throw new StepFileRefused(`${requested}: not a file`);
    return real;
  }
  if (isAbsolute(requested) && !roots.some((r) => inside(r, resolve(requested))))
    throw new StepFileRefused(`${requested}: only files in the household's document folder or the skill's own folder are read`);
  throw new StepFileRefused(`${requested}: file not found`);
}

/** A PDF by its name or its first bytes. */
export function isPdf(path: string): boolean {
  if (extname(path).toLowerCase() === '.pdf') return true;
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(5);
    return readSync(fd, head, 0, 5, 0) === 5 && head.toString('latin1') === '%PDF-';
  } finally {
    closeSync(fd);
  }
}

/** Reads a text file that passed resolveReadableFile: refuses large files, PDFs and other binaries. */
export function readTextFile(path: string, shown: string): string {
  const size = statSync(path).size;
  if (size > MAX_READ_BYTES) throw new StepFileRefused(`${shown}: larger than 2 MB, not read`);
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buf, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    const bytes = buf.subarray(0, read);
    if (extname(path).toLowerCase() === '.pdf' || bytes.subarray(0, 5).toString('latin1') === '%PDF-')
      throw new StepFileRefused(`${shown}: a PDF is read by the running JARVIS only (not by the CLI alone)`);
    if (bytes.subarray(0, 8192).includes(0)) throw new StepFileRefused(`${shown}: not a text file`);
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}
