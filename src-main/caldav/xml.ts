// WebDAV XML in and out: request bodies read with fast-xml-parser into elements with
// resolved namespaces, answers written as text. A DOCTYPE (and so any entity) is refused
// before parsing: no WebDAV request needs one, and entities are how XML bombs work.
import { XMLParser } from 'fast-xml-parser';

export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  cs: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
  jarvis: 'https://jarvis.home/ns/',
} as const;

export interface XmlElement {
  readonly ns: string;
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  readonly text: string;
}

export class XmlError extends Error {}

/** Deepest element nesting accepted; real requests use about six levels. */
const MAX_DEPTH = 32;

// Made on the first request: the XML package is loaded when a CalDAV client first speaks.
let parser: XMLParser | undefined;
const parserOf = (): XMLParser =>
  (parser ??= new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    trimValues: true,
  }));

type Ordered = Record<string, unknown>;

function build(node: Ordered, scope: Readonly<Record<string, string>>, depth: number): XmlElement | undefined {
  if (depth > MAX_DEPTH) throw new XmlError('XML nested too deeply');
  const key = Object.keys(node).find((k) => k !== ':@');
  if (key === undefined || key === '#text' || key.startsWith('?')) return undefined;
  const rawAttrs = (node[':@'] ?? {}) as Record<string, string>;
  const ns: Record<string, string> = { ...scope };
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(rawAttrs)) {
    if (k === 'xmlns') ns[''] = String(v);
    else if (k.startsWith('xmlns:')) ns[k.slice(6)] = String(v);
    else attrs[k.includes(':') ? k.slice(k.indexOf(':') + 1) : k] = String(v);
  }
  const colon = key.indexOf(':');
  const prefix = colon < 0 ? '' : key.slice(0, colon);
  const name = colon < 0 ? key : key.slice(colon + 1);
  const kids = (node[key] ?? []) as Ordered[];
  const children: XmlElement[] = [];
  let text = '';
  for (const k of kids) {
    if ('#text' in k) text += String(k['#text']);
    else {
      const child = build(k, ns, depth + 1);
      if (child) children.push(child);
    }
  }
  return { ns: ns[prefix] ?? '', name, attrs, children, text };
}

/** The root element of a request body; undefined for an empty body. Throws XmlError when it is not XML. */
export function parseXml(body: string): XmlElement | undefined {
  if (body.trim() === '') return undefined;
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw new XmlError('DOCTYPE and entities are not accepted');
  let tree: Ordered[];
  try {
    tree = parserOf().parse(body) as Ordered[];
  } catch (err) {
    throw new XmlError(err instanceof Error ? err.message : 'not XML');
  }
  for (const node of tree) {
    const el = build(node, {}, 0);
    if (el) return el;
  }
  throw new XmlError('no root element');
}

export function child(el: XmlElement | undefined, ns: string, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.ns === ns && c.name === name);
}

export function childrenNamed(el: XmlElement | undefined, ns: string, name: string): XmlElement[] {
  return el?.children.filter((c) => c.ns === ns && c.name === name) ?? [];
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const PREFIX: Readonly<Record<string, string>> = { [NS.dav]: 'd', [NS.caldav]: 'c', [NS.cs]: 'cs', [NS.apple]: 'a', [NS.jarvis]: 'j' };
const XMLNS = Object.entries(PREFIX)
  .map(([uri, p]) => `xmlns:${p}="${uri}"`)
  .join(' ');

/** A property name as written in an answer; an unknown namespace gets its own declaration. */
export function tag(ns: string, name: string): { open: string; close: string; empty: string } {
  const p = PREFIX[ns];
  if (p) return { open: `<${p}:${name}>`, close: `</${p}:${name}>`, empty: `<${p}:${name}/>` };
  const decl = `xmlns:x="${escapeXml(ns)}"`;
  return { open: `<x:${name} ${decl}>`, close: `</x:${name}>`, empty: `<x:${name} ${decl}/>` };
}

export interface PropStat {
  readonly status: number;
  /** Property XML fragments. */
  readonly props: readonly string[];
}

export type DavResponse =
  { readonly href: string; readonly propstats: readonly PropStat[] } | { readonly href: string; readonly status: number };

const REASONS: Readonly<Record<number, string>> = { 200: 'OK', 403: 'Forbidden', 404: 'Not Found' };

export function multistatus(responses: readonly DavResponse[], syncToken?: string): string {
  const parts = [`<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus ${XMLNS}>`];
  for (const r of responses) {
    parts.push(`<d:response><d:href>${escapeXml(r.href)}</d:href>`);
    if ('status' in r) parts.push(`<d:status>HTTP/1.1 ${r.status} ${REASONS[r.status] ?? ''}</d:status>`);
    else {
      for (const ps of r.propstats) {
        if (ps.props.length === 0) continue;
        parts.push(
          `<d:propstat><d:prop>${ps.props.join('')}</d:prop><d:status>HTTP/1.1 ${ps.status} ${REASONS[ps.status] ?? ''}</d:status></d:propstat>`,
        );
      }
    }
    parts.push('</d:response>');
  }
  if (syncToken !== undefined) parts.push(`<d:sync-token>${escapeXml(syncToken)}</d:sync-token>`);
  parts.push('</d:multistatus>');
  return parts.join('');
}

/** A precondition error body (RFC 4918 section 16) with a sentence a person can read. */
export function davError(ns: string, condition: string, message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error ${XMLNS}>${tag(ns, condition).empty}<j:message>${escapeXml(message)}</j:message></d:error>`;
}
