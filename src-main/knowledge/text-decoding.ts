import { IngestError } from './errors';

/**
 * Text formats must be UTF-8 (a BOM is allowed; UTF-16 with a BOM is converted). Anything
 * else fails with the byte offset, rather than being indexed as mojibake that no query
 * would ever find.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes.length === 0) throw new IngestError('EMPTY_FILE', 'The file is empty.');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const sample = bytes.subarray(0, 64 * 1024);
  let nul = 0;
  for (const b of sample) if (b === 0) nul++;
  if (nul > 0) throw new IngestError('BINARY_CONTENT', 'The file contains binary data (NUL bytes), not text.');
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    throw new IngestError(
      'NOT_UTF8',
      `The text is not valid UTF-8 (first bad byte at offset ${firstInvalidUtf8(bytes)}). Save it as UTF-8 and add it again.`,
    );
  }
}

function firstInvalidUtf8(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len === 0) return i;
    for (let k = 1; k < len; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += len;
  }
  return bytes.length;
}
