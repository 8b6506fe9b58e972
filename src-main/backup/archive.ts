import { createHash, createPublicKey, verify } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { BackupError } from './errors';
import { parseManifest, type BackupManifest } from './manifest';

// One file: the magic line, the manifest's length (4 bytes, big-endian), the manifest as
// JSON, each entry's bytes in manifest order, then the SHA-256 of everything before it.
// Format 2 adds the machine's signature of that checksum after it: the signature as JSON,
// then its length (4 bytes, big-endian) as the file's last bytes. A checksum anyone can
// recompute; the signature only the machine whose key made it.
const MAGIC = Buffer.from('JARVIS-BACKUP 1\n', 'latin1');
const MAGIC_SIGNED = Buffer.from('JARVIS-BACKUP 2\n', 'latin1');
const MAX_SIGNATURE_BYTES = 4096;

/** Signs a backup's checksum with the machine's key (the protocol signing key). */
export interface BackupSigner {
  readonly key: { readonly algorithm: 'Ed25519'; readonly public_key: string; readonly fingerprint: string };
  sign(text: string): string;
}

interface SignatureBlock {
  readonly algorithm: 'Ed25519';
  readonly public_key: string;
  readonly fingerprint: string;
  readonly signature: string;
}

const signedText = (digest: Buffer) => `jarvis-backup-sha256:${digest.toString('hex')}`;
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
export function writeArchiveSync(
  out: string,
  manifest: Omit<BackupManifest, 'files'>,
  sources: readonly ArchiveSource[],
  signer?: BackupSigner,
): BackupManifest {
  const steps = archiveSteps(out, manifest, sources, signer);
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
  signer?: BackupSigner,
): Promise<BackupManifest> {
  const steps = archiveSteps(out, manifest, sources, signer);
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
  signer: BackupSigner | undefined,
): Generator<void, BackupManifest> {
  const handles = sources.map((s) => ({ ...s, fd: openSync(s.path, 'r') }));
  const tmp = `${out}.partial`;
  // Household data: readable by its owner only.
  const fd = openSync(tmp, 'w', 0o600);
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
    put(signer ? MAGIC_SIGNED : MAGIC);
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
    const digest = hash.digest();
    writeSync(fd, digest);
    if (signer) {
      const block: SignatureBlock = { ...signer.key, signature: signer.sign(signedText(digest)) };
      const json = Buffer.from(JSON.stringify(block), 'utf8');
      const size = Buffer.alloc(4);
      size.writeUInt32BE(json.length);
      writeSync(fd, json);
      writeSync(fd, size);
    }
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
  /** The key that signed the backup (its signature checked), or undefined for an unsigned one. */
  readonly signedBy?: string;
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
    const fileSize = fstatSync(fd).size;
    const head = Buffer.alloc(MAGIC.length + 4);
    const magic = head.subarray(0, MAGIC.length);
    if (
      fileSize < head.length + DIGEST_BYTES ||
      readSync(fd, head, 0, head.length, 0) !== head.length ||
      !(magic.equals(MAGIC) || magic.equals(MAGIC_SIGNED))
    ) {
      throw new BackupError('backup.notBackup', `${file} is not a JARVIS backup (or it is cut short).`);
    }
    const signed = magic.equals(MAGIC_SIGNED);
    const block = signed ? readSignatureBlock(fd, fileSize, file) : undefined;
    const size = block ? fileSize - block.bytes : fileSize;
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
    const digest = hash.digest();
    if (!digest.equals(stored)) {
      throw new BackupError(
        'backup.checksum',
        `${file} is damaged: its SHA-256 checksum does not match (the file was changed or cut short). Nothing was restored.`,
      );
    }
    if (block && !signatureHolds(block.signature, digest)) {
      throw new BackupError(
        'backup.signature',
        `${file} carries a signature that does not match its contents (the file was changed after it was signed). Nothing was restored.`,
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
      ...(block ? { signedBy: block.signature.fingerprint } : {}),
      extract(name, to) {
        const where = offsets.get(name);
        if (!where) throw new BackupError('backup.notBackup', `${file} holds no ${name}.`);
        const outFd = openSync(to, 'w', 0o600);
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

/** The signature block at the end of a format-2 file, and how many bytes it takes. */
function readSignatureBlock(fd: number, fileSize: number, file: string): { signature: SignatureBlock; bytes: number } {
  const bad = () => new BackupError('backup.signature', `${file} has an unreadable signature. Nothing was restored.`);
  const sizeBuf = Buffer.alloc(4);
  readSync(fd, sizeBuf, 0, 4, fileSize - 4);
  const length = sizeBuf.readUInt32BE(0);
  if (length === 0 || length > MAX_SIGNATURE_BYTES || length + 4 > fileSize - MAGIC.length - 4 - DIGEST_BYTES) throw bad();
  const json = Buffer.alloc(length);
  readSync(fd, json, 0, length, fileSize - 4 - length);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    throw bad();
  }
  const b = parsed as Partial<SignatureBlock> | null;
  if (
    !b ||
    b.algorithm !== 'Ed25519' ||
    typeof b.public_key !== 'string' ||
    typeof b.fingerprint !== 'string' ||
    typeof b.signature !== 'string'
  )
    throw bad();
  return { signature: b as SignatureBlock, bytes: length + 4 };
}

/** Whether the block's key signed this checksum, and the fingerprint really is that key's. */
function signatureHolds(block: SignatureBlock, digest: Buffer): boolean {
  try {
    const der = Buffer.from(block.public_key, 'base64');
    const fingerprint = `SHA256:${createHash('sha256').update(der).digest('base64').replace(/=+$/, '')}`;
    if (fingerprint !== block.fingerprint) return false;
    const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    return verify(null, Buffer.from(signedText(digest), 'utf8'), key, Buffer.from(block.signature, 'base64'));
  } catch {
    return false;
  }
}
