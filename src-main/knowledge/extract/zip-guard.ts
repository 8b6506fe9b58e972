import { inflateRawSync } from 'node:zlib';
import { IngestError } from '../errors';

export interface ZipLimits {
  /** Upper bound for the sum of all uncompressed entries. */
  readonly maxTotalBytes: number;
  readonly maxEntries: number;
  /** Compression ratio above which a large entry counts as a bomb. */
  readonly maxRatio: number;
}

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Reads a ZIP's central directory and checks it against limits BEFORE any parser
 * unpacks it; then inflates every entry with a hard output cap, because the sizes in the
 * directory are written by whoever made the file and a bomb can lie about them.
 */
export function guardZip(bytes: Buffer, limits: ZipLimits): ZipEntry[] {
  const entries = readCentralDirectory(bytes, limits);
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > limits.maxTotalBytes) {
    throw new IngestError(
      'ZIP_BOMB',
      `The archive would unpack to ${mb(declared)} (limit ${mb(limits.maxTotalBytes)}); it was not opened.`,
    );
  }
  for (const e of entries) {
    if (e.uncompressedSize > 1024 * 1024 && e.uncompressedSize / Math.max(1, e.compressedSize) > limits.maxRatio) {
      throw new IngestError(
        'ZIP_BOMB',
        `The archive entry ${e.name} is compressed ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))}:1, which only zip bombs do; it was not opened.`,
      );
    }
  }
  let budget = limits.maxTotalBytes;
  for (const e of entries) budget -= inflatedSize(bytes, e, budget);
  return entries;
}

function readCentralDirectory(bytes: Buffer, limits: ZipLimits): ZipEntry[] {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new IngestError('CORRUPT_FILE', 'The ZIP container is damaged (no central directory).');
  const count = bytes.readUInt16LE(eocd + 10);
  const dirOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff)
    throw new IngestError('ZIP_BOMB', 'The archive uses ZIP64 sizes, far beyond any office document; it was not opened.');
  if (count > limits.maxEntries)
    throw new IngestError('ZIP_BOMB', `The archive has ${count} entries (limit ${limits.maxEntries}); it was not opened.`);
  const entries: ZipEntry[] = [];
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== CENTRAL)
      throw new IngestError('CORRUPT_FILE', 'The ZIP container is damaged (bad central directory entry).');
    const nameLen = bytes.readUInt16LE(p + 28);
    const extraLen = bytes.readUInt16LE(p + 30);
    const commentLen = bytes.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      method: bytes.readUInt16LE(p + 10),
      compressedSize: bytes.readUInt32LE(p + 20),
      uncompressedSize: bytes.readUInt32LE(p + 24),
      localHeaderOffset: bytes.readUInt32LE(p + 42),
      name: bytes.toString('utf8', p + 46, p + 46 + nameLen),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) {
      throw new IngestError('ZIP_BOMB', 'The archive uses ZIP64 sizes, far beyond any office document; it was not opened.');
    }
    entries.push(entry);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Inflates one entry with at most `budget` bytes of output; returns the real size. */
function inflatedSize(bytes: Buffer, e: ZipEntry, budget: number): number {
  return inflateEntry(bytes, e, budget).length;
}

/**
 * The content of one entry of an archive guardZip() accepted, inflated with the same
 * hard cap: for formats this code reads itself (ODT, EPUB, DOCX comments).
 */
export function readZipEntry(bytes: Buffer, e: ZipEntry, maxBytes: number): Buffer {
  return inflateEntry(bytes, e, maxBytes);
}

function inflateEntry(bytes: Buffer, e: ZipEntry, budget: number): Buffer {
  const h = e.localHeaderOffset;
  if (h + 30 > bytes.length || bytes.readUInt32LE(h) !== LOCAL)
    throw new IngestError('CORRUPT_FILE', `The ZIP container is damaged (entry ${e.name}).`);
  const start = h + 30 + bytes.readUInt16LE(h + 26) + bytes.readUInt16LE(h + 28);
  const data = bytes.subarray(start, start + e.compressedSize);
  if (data.length < e.compressedSize) throw new IngestError('CORRUPT_FILE', `The ZIP container is truncated (entry ${e.name}).`);
  if (e.method === 0) return data;
  if (e.method !== 8)
    throw new IngestError('CORRUPT_FILE', `The ZIP entry ${e.name} uses an unsupported compression method (${e.method}).`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new IngestError(
        'ZIP_BOMB',
        `The archive entry ${e.name} unpacks to more than its directory says (over ${mb(budget)}); it was not opened.`,
      );
    }
    throw new IngestError('CORRUPT_FILE', `The ZIP entry ${e.name} is damaged: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function mb(n: number): string {
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
