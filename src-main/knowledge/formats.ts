import { extname } from 'node:path';
import type { RagFormat } from '../../src-shared';
import { IngestError } from './errors';

const BY_EXTENSION: Readonly<Record<string, RagFormat>> = {
  '.txt': 'txt',
  '.text': 'txt',
  '.log': 'txt',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.csv': 'csv',
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.xml': 'xml',
  '.ics': 'ics',
  '.ical': 'ics',
  '.html': 'html',
  '.htm': 'html',
  '.eml': 'eml',
  '.docx': 'docx',
  '.odt': 'odt',
  '.epub': 'epub',
  '.pdf': 'pdf',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.tif': 'image',
  '.tiff': 'image',
  '.bmp': 'image',
  '.gif': 'image',
  '.webp': 'image',
};

export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(BY_EXTENSION);

export function formatOf(fileName: string): RagFormat | undefined {
  return BY_EXTENSION[extname(fileName).toLowerCase()];
}

/** The format for a file name, or an IngestError naming what is supported. */
export function requireFormat(fileName: string): RagFormat {
  const format = formatOf(fileName);
  if (!format) {
    const ext = extname(fileName) || '(none)';
    throw new IngestError('UNSUPPORTED_FORMAT', `Unsupported file type ${ext}. Supported: ${SUPPORTED_EXTENSIONS.join(' ')}`);
  }
  return format;
}

/**
 * Binary formats announce themselves in their first bytes. Checking before a parser runs
 * turns "junk renamed to .pdf" into a clear reason instead of a parser's stack trace.
 */
export function checkSignature(format: RagFormat, head: Buffer): void {
  const starts = (sig: readonly number[], at = 0) => sig.every((b, i) => head[at + i] === b);
  if (format === 'pdf' && !head.subarray(0, 1024).includes(Buffer.from('%PDF-'))) {
    throw new IngestError('CORRUPT_FILE', 'This is not a PDF file (no %PDF- header).');
  }
  if ((format === 'docx' || format === 'odt' || format === 'epub') && !starts([0x50, 0x4b, 0x03, 0x04])) {
    throw new IngestError(
      'CORRUPT_FILE',
      `This is not a${format === 'odt' ? 'n' : ''} ${format.toUpperCase()} file (not a ZIP container).`,
    );
  }
  if (format === 'image') {
    const known =
      starts([0x89, 0x50, 0x4e, 0x47]) || // PNG
      starts([0xff, 0xd8, 0xff]) || // JPEG
      starts([0x49, 0x49, 0x2a, 0x00]) || // TIFF little endian
      starts([0x4d, 0x4d, 0x00, 0x2a]) || // TIFF big endian
      starts([0x42, 0x4d]) || // BMP
      starts([0x47, 0x49, 0x46, 0x38]) || // GIF
      (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)); // WEBP
    if (!known) throw new IngestError('CORRUPT_FILE', 'This is not an image file tesseract can read (unknown image header).');
  }
}
