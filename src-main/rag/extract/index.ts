import { readFile } from 'node:fs/promises';
import type { RagFormat } from '../../../src-shared';
import { IngestError } from '../errors';
import { checkSignature } from '../formats';
import type { ExtractedDocument } from './blocks';
import { extractCalendar } from './calendar';
import { extractCsv } from './csv';
import { extractDocx } from './docx';
import { extractHtml } from './html';
import { extractImage } from './image';
import { extractMail } from './mail';
import { extractPdf } from './pdf';
import { extractMarkdown, extractPlainText } from './plain-text';
import { extractJson, extractXml, extractYaml } from './structured';

export type { Block, ExtractedDocument } from './blocks';
export { isToolInstalled } from './external-tool';

export interface ExtractLimits {
  /** For containers (DOCX) and tool output: how much text a document may unpack to. */
  readonly maxUnpackedBytes: number;
}

/** Reads one stored file as its format says and returns its structural blocks. */
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
      return extractJson(bytes);
    case 'yaml':
      return extractYaml(bytes);
    case 'xml':
      return extractXml(bytes);
    case 'ics':
      return extractCalendar(bytes);
    case 'html':
      return extractHtml(bytes);
    case 'eml':
      return extractMail(bytes);
    case 'docx':
      return extractDocx(bytes, limits.maxUnpackedBytes);
    case 'pdf':
      return extractPdf(file, limits.maxUnpackedBytes);
    case 'image':
      return extractImage(file);
  }
}
