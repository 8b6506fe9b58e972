import { IngestError } from '../errors';
import { paragraphBlocks, type ExtractedDocument } from './blocks';
import { attrOf, childrenOf, parseXml, tagOf, textOf, type XmlNode } from './office-xml';
import { guardZip, readZipEntry } from './zip-guard';

/** OpenDocument inline elements that stand for white space; annotations are read on their own. */
function odtInline(node: XmlNode, tag: string): string | null | undefined {
  if (tag === 'text:s') return ' '.repeat(Math.min(100, Number(attrOf(node, 'text:c') ?? 1) || 1));
  if (tag === 'text:tab') return '\t';
  if (tag === 'text:line-break') return '\n';
  if (tag === 'office:annotation' || tag === 'office:annotation-end') return null;
  return undefined;
}

/**
 * An OpenDocument text (ODT, LibreOffice's own format): content.xml read in document
 * order. Headings (text:h) become sections, paragraphs in lists and tables are kept, and
 * comments (office:annotation) are indexed after the paragraph they are attached to.
 */
export function extractOdt(bytes: Buffer, maxUnpackedBytes: number, maxDepth: number): ExtractedDocument {
  const entries = guardZip(bytes, { maxTotalBytes: maxUnpackedBytes, maxEntries: 5000, maxRatio: 200 });
  const content = entries.find((e) => e.name === 'content.xml');
  if (!content) throw new IngestError('CORRUPT_FILE', 'This ZIP file is not an OpenDocument text (no content.xml).');
  const nodes = parseXml(readZipEntry(bytes, content, maxUnpackedBytes).toString('utf8'), 'OpenDocument text', maxDepth);
  const paragraphs: string[] = [];
  const walk = (list: readonly XmlNode[]) => {
    for (const n of list) {
      const tag = tagOf(n);
      if (tag === 'text:h') {
        const level = Math.min(6, Math.max(1, Number(attrOf(n, 'text:outline-level') ?? 1) || 1));
        paragraphs.push(`${'#'.repeat(level)} ${oneLine(textOf(childrenOf(n), odtInline))}`);
      } else if (tag === 'text:p') {
        paragraphs.push(textOf(childrenOf(n), odtInline).replace(/^#/, '\\#'));
      } else if (tag !== 'office:annotation') {
        walk(childrenOf(n));
        continue;
      }
      for (const note of annotationsIn(childrenOf(n))) paragraphs.push(note);
    }
  };
  walk(nodes);
  return { blocks: paragraphBlocks(paragraphs.filter((p) => p.trim()).join('\n\n'), { markdown: true }) };
}

function annotationsIn(nodes: readonly XmlNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (tagOf(n) !== 'office:annotation') {
      annotationsIn(childrenOf(n), out);
      continue;
    }
    const parts = childrenOf(n);
    const author = parts.find((p) => tagOf(p) === 'dc:creator');
    const body = parts.filter((p) => tagOf(p) === 'text:p').map((p) => oneLine(textOf(childrenOf(p), odtInline)));
    const text = body.filter(Boolean).join(' ');
    if (text) out.push(`Comment${author ? ` (${oneLine(textOf(childrenOf(author)))})` : ''}: ${text}`);
  }
  return out;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
