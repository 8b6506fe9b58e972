// The XML inside office and e-book containers, read in document order with fast-xml-parser.
// Entities stay off in the parser (a DOCTYPE must not expand anything); the five XML
// entities and character references are decoded here.
import { XMLParser } from 'fast-xml-parser';
import { IngestError } from '../errors';
import { tooDeep } from '../ingest-limits';
import { markupDepth } from './markup-depth';

/** One node of fast-xml-parser's ordered form: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false,
  htmlEntities: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

export function parseXml(xml: string, what: string, maxDepth: number): XmlNode[] {
  if (markupDepth(xml, 'xml') > maxDepth) throw tooDeep(what, maxDepth);
  try {
    return parser.parse(xml) as XmlNode[];
  } catch (err) {
    throw new IngestError('CORRUPT_FILE', `The ${what} is damaged: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((k) => k !== ':@');
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const value = tag ? node[tag] : undefined;
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

export function attrOf(node: XmlNode, name: string): string | undefined {
  const attrs = node[':@'] as Record<string, unknown> | undefined;
  const v = attrs?.[`@${name}`];
  return typeof v === 'string' ? decodeEntities(v) : undefined;
}

export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g,
    (m, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (dec || hex) {
        const code = dec ? Number(dec) : parseInt(hex!, 16);
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : m;
      }
      return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name as 'amp'];
    },
  );
}

/** Every node with this tag, in document order (not below a match). */
export function findAll(nodes: readonly XmlNode[], tag: string, out: XmlNode[] = []): XmlNode[] {
  for (const n of nodes) {
    if (tagOf(n) === tag) out.push(n);
    else findAll(childrenOf(n), tag, out);
  }
  return out;
}

/**
 * The text inside nodes. `inline` maps an element to the text that stands for it (a tab,
 * a space, a line break) or to null to leave it and its content out.
 */
export function textOf(
  nodes: readonly XmlNode[],
  inline: (node: XmlNode, tag: string) => string | null | undefined = () => undefined,
): string {
  let out = '';
  for (const n of nodes) {
    const tag = tagOf(n);
    if (tag === undefined) continue;
    if (tag === '#text') {
      out += decodeEntities(String(n[tag]));
      continue;
    }
    const replacement = inline(n, tag);
    if (replacement === null) continue;
    out += replacement ?? textOf(childrenOf(n), inline);
  }
  return out;
}
