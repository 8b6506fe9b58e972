import { IngestError } from '../errors';
import { paragraphBlocks, type ExtractedDocument } from './blocks';
import { attrOf, childrenOf, findAll, parseXml, tagOf, textOf, type XmlNode } from './office-xml';
import { guardZip, readZipEntry } from './zip-guard';

/** Styles that hide their text (`text:display="none"`), and every style based on one of them. */
function hiddenStyles(trees: readonly (readonly XmlNode[])[]): ReadonlySet<string> {
  const parent = new Map<string, string | undefined>();
  const hidden = new Set<string>();
  for (const tree of trees)
    for (const style of findAll(tree, 'style:style')) {
      const name = attrOf(style, 'style:name');
      if (!name) continue;
      parent.set(name, attrOf(style, 'style:parent-style-name'));
      const props = childrenOf(style).find((c) => tagOf(c) === 'style:text-properties');
      if (props && attrOf(props, 'text:display') === 'none') hidden.add(name);
    }
  const isHidden = (name: string, seen = new Set<string>()): boolean => {
    if (hidden.has(name)) return true;
    const up = parent.get(name);
    if (!up || seen.has(up)) return false;
    seen.add(up);
    return isHidden(up, seen);
  };
  return new Set([...parent.keys()].filter((n) => isHidden(n)));
}

/**
 * OpenDocument inline elements that stand for white space; annotations are read on their own;
 * a span in a hidden style is not text anyone reads.
 */
function odtInlineFor(hidden: ReadonlySet<string>) {
  return (node: XmlNode, tag: string): string | null | undefined => {
    if (tag === 'text:s') return ' '.repeat(Math.min(100, Number(attrOf(node, 'text:c') ?? 1) || 1));
    if (tag === 'text:tab') return '\t';
    if (tag === 'text:line-break') return '\n';
    if (tag === 'office:annotation' || tag === 'office:annotation-end') return null;
    if (tag === 'text:span' && hidden.has(attrOf(node, 'text:style-name') ?? '')) return null;
    return undefined;
  };
}

/** Elements that hold no visible text of the document: tracked deletions live in text:tracked-changes. */
const NOT_TEXT = new Set(['text:tracked-changes', 'office:automatic-styles', 'office:font-face-decls']);

/**
 * An OpenDocument text (ODT, LibreOffice's own format): content.xml read in document
 * order. Headings (text:h) become sections, paragraphs in lists and tables are kept, and
 * comments (office:annotation) are indexed after the paragraph they are attached to. Text
 * that a reader does not see is not indexed: tracked deletions and text in a hidden style.
 */
export function extractOdt(bytes: Buffer, maxUnpackedBytes: number, maxDepth: number): ExtractedDocument {
  const entries = guardZip(bytes, { maxTotalBytes: maxUnpackedBytes, maxEntries: 5000, maxRatio: 200 });
  const content = entries.find((e) => e.name === 'content.xml');
  if (!content) throw new IngestError('CORRUPT_FILE', 'This ZIP file is not an OpenDocument text (no content.xml).');
  const nodes = parseXml(readZipEntry(bytes, content, maxUnpackedBytes).toString('utf8'), 'OpenDocument text', maxDepth);
  const stylesEntry = entries.find((e) => e.name === 'styles.xml');
  const styles = stylesEntry
    ? parseXml(readZipEntry(bytes, stylesEntry, maxUnpackedBytes).toString('utf8'), 'OpenDocument text', maxDepth)
    : [];
  const hidden = hiddenStyles([nodes, styles]);
  const odtInline = odtInlineFor(hidden);
  const paragraphs: string[] = [];
  const walk = (list: readonly XmlNode[]) => {
    for (const n of list) {
      const tag = tagOf(n);
      if (tag === undefined || NOT_TEXT.has(tag)) continue;
      if ((tag === 'text:p' || tag === 'text:h') && hidden.has(attrOf(n, 'text:style-name') ?? '')) continue;
      if (tag === 'text:h') {
        const level = Math.min(6, Math.max(1, Number(attrOf(n, 'text:outline-level') ?? 1) || 1));
        paragraphs.push(`${'#'.repeat(level)} ${oneLine(textOf(childrenOf(n), odtInline))}`);
      } else if (tag === 'text:p') {
        paragraphs.push(textOf(childrenOf(n), odtInline).replace(/^#/, '\\#'));
      } else if (tag !== 'office:annotation') {
        walk(childrenOf(n));
        continue;
      }
      for (const note of annotationsIn(childrenOf(n), odtInline)) paragraphs.push(note);
    }
  };
  walk(nodes);
  return { blocks: paragraphBlocks(paragraphs.filter((p) => p.trim()).join('\n\n'), { markdown: true }) };
}

function annotationsIn(nodes: readonly XmlNode[], odtInline: ReturnType<typeof odtInlineFor>, out: string[] = []): string[] {
  for (const n of nodes) {
    if (tagOf(n) !== 'office:annotation') {
      annotationsIn(childrenOf(n), odtInline, out);
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
