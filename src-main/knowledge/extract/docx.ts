import mammoth from 'mammoth';
import { IngestError } from '../errors';
import { paragraphBlocks, type ExtractedDocument } from './blocks';
import { htmlToText } from './html';
import { guardZip } from './zip-guard';

/**
 * DOCX through mammoth (to HTML, so headings survive as sections), after the ZIP guard
 * has checked the container: mammoth itself would unpack a bomb without asking.
 */
export async function extractDocx(bytes: Buffer, maxUnpackedBytes: number): Promise<ExtractedDocument> {
  const entries = guardZip(bytes, { maxTotalBytes: maxUnpackedBytes, maxEntries: 5000, maxRatio: 200 });
  if (!entries.some((e) => e.name === 'word/document.xml')) throw new IngestError('CORRUPT_FILE', 'This ZIP file is not a Word document (no word/document.xml).');
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch (err) {
    throw new IngestError('CORRUPT_FILE', `The Word document could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { blocks: paragraphBlocks(htmlToText(html), { markdown: true }) };
}
