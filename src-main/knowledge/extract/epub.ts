import { posix } from 'node:path';
import { IngestError } from '../errors';
import type { Block, ExtractedDocument } from './blocks';
import { htmlBlocks } from './html';
import { attrOf, findAll, parseXml } from './office-xml';
import { guardZip, readZipEntry, type ZipEntry } from './zip-guard';

/**
 * An EPUB e-book: META-INF/container.xml names the package (OPF), whose spine lists the
 * chapters (XHTML) in reading order. Each chapter is read like an HTML page and is its
 * own part, so a citation names the chapter.
 */
export function extractEpub(bytes: Buffer, maxUnpackedBytes: number, maxDepth: number): ExtractedDocument {
  const entries = guardZip(bytes, { maxTotalBytes: maxUnpackedBytes, maxEntries: 10_000, maxRatio: 200 });
  const byName = new Map<string, ZipEntry>(entries.map((e) => [e.name, e]));
  const read = (name: string, what: string) => {
    const entry = byName.get(name);
    if (!entry) throw new IngestError('CORRUPT_FILE', `The EPUB is damaged: ${what} (${name}) is missing.`);
    return readZipEntry(bytes, entry, maxUnpackedBytes).toString('utf8');
  };
  const container = parseXml(read('META-INF/container.xml', 'its container file'), 'EPUB container', maxDepth);
  const opfPath = findAll(container, 'rootfile')
    .map((r) => attrOf(r, 'full-path'))
    .find(Boolean);
  if (!opfPath) throw new IngestError('CORRUPT_FILE', 'The EPUB is damaged: its container names no package file.');
  const opf = parseXml(read(opfPath, 'its package file'), 'EPUB package', maxDepth);
  const manifest = new Map<string, { href: string; type: string }>();
  for (const item of findAll(opf, 'item')) {
    const id = attrOf(item, 'id');
    const href = attrOf(item, 'href');
    if (id && href) manifest.set(id, { href, type: attrOf(item, 'media-type') ?? '' });
  }
  const base = posix.dirname(opfPath);
  const blocks: Block[] = [];
  let chapter = 0;
  for (const ref of findAll(opf, 'itemref')) {
    const item = manifest.get(attrOf(ref, 'idref') ?? '');
    if (!item || !/html/.test(item.type)) continue;
    const name = posix.normalize(posix.join(base === '.' ? '' : base, safeDecode(item.href.split('#')[0]!)));
    if (!byName.has(name)) continue;
    chapter++;
    blocks.push(...htmlBlocks(read(name, 'a chapter'), maxDepth, { part: `chapter ${chapter}` }));
  }
  if (chapter === 0) throw new IngestError('NO_TEXT', 'The EPUB lists no chapters that could be read.');
  return { blocks };
}

function safeDecode(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}
