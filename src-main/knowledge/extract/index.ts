import { readFile } from 'node:fs/promises';
import type { RagFormat } from '../../../src-shared';
import { IngestError } from '../errors';
import { checkSignature } from '../formats';
import type { ExtractedDocument } from './blocks';
import { extractCsv } from './csv';
import { extractMarkdown, extractPlainText } from './plain-text';

export type { Block, ExtractedDocument } from './blocks';
export { isToolInstalled } from './external-tool';

export interface ExtractLimits {
  /** For containers (DOCX, ODT, EPUB) and tool output: how much text a document may unpack to. */
  readonly maxUnpackedBytes: number;
  /** Nesting of structured values and HTML elements. */
  readonly maxDepth: number;
  /** Throws when the document's time is up; called inside the extractors' loops. */
  readonly check: () => void;
}

/**
 * Reads one stored file as its format says and returns its structural blocks. The parsers
 * are loaded on first use: they are most of the bundle, and the master's cold start does
 * not need them.
 */
export async function extractDocument(file: string, format: RagFormat, limits: ExtractLimits): Promise<ExtractedDocument> {
  const bytes = await readFile(file);
  if (bytes.length === 0) throw new IngestError('EMPTY_FILE', 'The file is empty.');
  checkSignature(format, bytes.subarray(0, 1024));
  switch (format) {
    case 'txt':
      return extractPlainText(bytes);
    case 'markdown':
      return extractMarkdown(bytes);
    case 'csv':
      return extractCsv(bytes);
    case 'json':
      return (await import('./structured')).extractJson(bytes, limits);
    case 'yaml':
      return (await import('./structured')).extractYaml(bytes, limits);
    case 'xml':
      return (await import('./structured')).extractXml(bytes, limits);
    case 'ics':
      return (await import('./calendar')).extractCalendar(bytes);
    case 'html':
      return (await import('./html')).extractHtml(bytes, limits.maxDepth);
    case 'eml':
      return (await import('./mail')).extractMail(bytes);
    case 'docx':
      return (await import('./docx')).extractDocx(bytes, limits.maxUnpackedBytes, limits.maxDepth);
    case 'odt':
      return (await import('./odt')).extractOdt(bytes, limits.maxUnpackedBytes, limits.maxDepth);
    case 'epub':
      return (await import('./epub')).extractEpub(bytes, limits.maxUnpackedBytes, limits.maxDepth);
    case 'pdf':
      return (await import('./pdf')).extractPdf(file, limits.maxUnpackedBytes);
    case 'image':
      return (await import('./image')).extractImage(file);
  }
}
