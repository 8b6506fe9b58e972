import mammoth from 'mammoth';
import { IngestError } from '../errors';
import { paragraphBlocks, type Block, type ExtractedDocument } from './blocks';
import { htmlToText } from './html';
import { attrOf, childrenOf, findAll, parseXml, textOf, type XmlNode } from './office-xml';
import { guardZip, readZipEntry, type ZipEntry } from './zip-guard';

/**
 * DOCX through mammoth (to HTML, so headings survive as sections), after the ZIP guard
 * has checked the container: mammoth itself would unpack a bomb without asking.
 */
export async function extractDocx(bytes: Buffer, maxUnpackedBytes: number, maxDepth: number): Promise<ExtractedDocument> {
  const entries = guardZip(bytes, { maxTotalBytes: maxUnpackedBytes, maxEntries: 5000, maxRatio: 200 });
  if (!entries.some((e) => e.name === 'word/document.xml'))
    throw new IngestError('CORRUPT_FILE', 'This ZIP file is not a Word document (no word/document.xml).');
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch (err) {
    throw new IngestError('CORRUPT_FILE', `The Word document could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const comments = entries.find((e) => e.name === 'word/comments.xml');
  return {
    blocks: [
      ...paragraphBlocks(htmlToText(html), { markdown: true }),
      ...(comments ? commentBlocks(bytes, comments, maxUnpackedBytes, maxDepth) : []),
    ],
  };
}

/** Word's comments (word/comments.xml), which mammoth leaves out: one block each, after the text. */
function commentBlocks(bytes: Buffer, entry: ZipEntry, maxUnpackedBytes: number, maxDepth: number): Block[] {
  const nodes = parseXml(readZipEntry(bytes, entry, maxUnpackedBytes).toString('utf8'), 'Word comments', maxDepth);
  const inline = (_n: XmlNode, tag: string) =>
    tag === 'w:tab' ? '\t' : tag === 'w:br' ? '\n' : tag === 'w:instrText' || tag === 'w:delText' ? null : undefined;
  return findAll(nodes, 'w:comment').flatMap((comment, i) => {
    const text = findAll(childrenOf(comment), 'w:p')
      .map((p) => textOf(childrenOf(p), inline).replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join(' ');
    const author = attrOf(comment, 'w:author');
    return text ? [{ text: `Comment${author ? ` (${author})` : ''}: ${text}`, location: { part: `comments[${i}]` } }] : [];
  });
}
