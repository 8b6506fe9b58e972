import { createHash } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { BackupError } from './errors';
import { parseManifest, type BackupManifest } from './manifest';

// One file: the magic line, the manifest's length (4 bytes, big-endian), the manifest as
// JSON, each entry's bytes in manifest order, then the SHA-256 of everything before it.
const MAGIC = Buffer.from('JARVIS-BACKUP 1\n', 'latin1');
const DIGEST_BYTES = 32;
const CHUNK = 256 * 1024;
/** A manifest larger than this is not one JARVIS wrote. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export interface ArchiveSource {
  /** The name inside the backup ("jarvis.db", "rag-files/…", "settings.json"). */
  readonly name: string;
  readonly path: string;
}

/** Writes the archive at once (the master before it migrates, which cannot wait). */
export function writeArchiveSync(out: string, manifest: Omit<BackupManifest, 'files'>, sources: readonly ArchiveSource[]): BackupManifest {
  const steps = archiveSteps(out, manifest, sources);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Writes the archive a chunk per turn of the event loop, so a running master keeps answering. */
export async function writeArchive(
  out: string,
  manifest: Omit<BackupManifest, 'files'>,
  sources: readonly ArchiveSource[],
): Promise<BackupManifest> {
  const steps = archiveSteps(out, manifest, sources);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Writes the archive beside its destination and renames it into place only once it is
 * complete and on disk, so a crash never leaves a half backup under the final name.
 * Yields after each chunk.
 */
function* archiveSteps(
  out: string,
  manifest: Omit<BackupManifest, 'files'>,
  sources: readonly ArchiveSource[],
): Generator<void, BackupManifest> {
  const handles = sources.map((s) => ({ ...s, fd: openSync(s.path, 'r') }));
  const tmp = `${out}.partial`;
  const fd = openSync(tmp, 'w');
  try {
    const files = handles.map((h) => ({ name: h.name, size: fstatSync(h.fd).size }));
    const full: BackupManifest = { ...manifest, files };
    const header = Buffer.from(JSON.stringify(full), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    const hash = createHash('sha256');
    const put = (buf: Buffer) => {
      hash.update(buf);
      writeSync(fd, buf);
    };
    put(MAGIC);
    put(length);
    put(header);
    const buf = Buffer.allocUnsafe(CHUNK);
    for (const [i, h] of handles.entries()) {
      let left = files[i]!.size;
      let pos = 0;
      // Exactly the size the manifest promised, even if the file changed meanwhile.
      while (left > 0) {
        const n = readSync(h.fd, buf, 0, Math.min(CHUNK, left), pos);
        if (n === 0) throw new Error(`${h.path} became shorter while it was backed up`);
        put(buf.subarray(0, n));
        left -= n;
        pos += n;
        yield;
      }
    }
    writeSync(fd, hash.digest());
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, out);
    return full;
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    for (const h of handles) closeSync(h.fd);
  }
}

export interface OpenedArchive {
  readonly manifest: BackupManifest;
  /** Copies one entry's bytes to a new file. */
  extract(name: string, to: string): void;
  close(): void;
}

/** Checks the checksum over the whole file before anything in it is trusted. */
export function openArchive(file: string): OpenedArchive {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new BackupError('backup.unreadable', `${file} cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(MAGIC.length + 4);
    if (
      size < head.length + DIGEST_BYTES ||
      readSync(fd, head, 0, head.length, 0) !== head.length ||
      !head.subarray(0, MAGIC.length).equals(MAGIC)
    ) {
      throw new BackupError('backup.notBackup', `${file} is not a JARVIS backup (or it is cut short).`);
    }
    const hash = createHash('sha256');
    const buf = Buffer.allocUnsafe(CHUNK);
    const body = size - DIGEST_BYTES;
    for (let pos = 0; pos < body;) {
      const n = readSync(fd, buf, 0, Math.min(CHUNK, body - pos), pos);
      hash.update(buf.subarray(0, n));
      pos += n;
    }
    const stored = Buffer.alloc(DIGEST_BYTES);
    readSync(fd, stored, 0, DIGEST_BYTES, body);
    if (!hash.digest().equals(stored)) {
      throw new BackupError(
        'backup.checksum',
        `${file} is damaged: its SHA-256 checksum does not match (the file was changed or cut short). Nothing was restored.`,
      );
    }
    const headerLength = head.readUInt32BE(MAGIC.length);
    if (headerLength > Math.min(MAX_MANIFEST_BYTES, body - head.length))
      throw new BackupError('backup.notBackup', `${file} has no readable manifest.`);
    const header = Buffer.alloc(headerLength);
    readSync(fd, header, 0, headerLength, head.length);
    const manifest = parseManifest(header.toString('utf8'), file);
    const offsets = new Map<string, { start: number; size: number }>();
    let at = head.length + headerLength;
    for (const f of manifest.files) {
      offsets.set(f.name, { start: at, size: f.size });
      at += f.size;
    }
    if (at !== body) throw new BackupError('backup.notBackup', `${file}: the manifest's file sizes do not add up to the archive's length.`);
    const archiveFd = fd;
    return {
      manifest,
      extract(name, to) {
        const where = offsets.get(name);
        if (!where) throw new BackupError('backup.notBackup', `${file} holds no ${name}.`);
        const outFd = openSync(to, 'w');
        try {
          for (let pos = 0; pos < where.size;) {
            const n = readSync(archiveFd, buf, 0, Math.min(CHUNK, where.size - pos), where.start + pos);
            writeSync(outFd, buf.subarray(0, n));
            pos += n;
          }
          fsyncSync(outFd);
        } finally {
          closeSync(outFd);
        }
      },
      close() {
        closeSync(archiveFd);
      },
    };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}
