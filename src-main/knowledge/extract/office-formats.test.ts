import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RagFormat } from '../../../src-shared';
import { chunkBlocks } from '../chunker';
import { DEFAULT_INGEST_LIMITS } from '../ingest-limits';
import { extractDocument } from './index';
import { extractHtml } from './html';
import { buildZip } from '../../testing/rag-fixtures';
import { extractOdt } from './odt';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const limits = { maxUnpackedBytes: 64 * 1024 * 1024, maxDepth: DEFAULT_INGEST_LIMITS.maxDepth, check: () => {} };

async function chunksOf(name: string, format: RagFormat) {
  return chunkBlocks((await extractDocument(fixture(name), format, limits)).blocks);
}

describe('real office and e-book files (made by pandoc, see fixtures/README.md)', () => {
  for (const [name, format] of [
    ['haushalt.docx', 'docx'],
    ['haushalt.odt', 'odt'],
    ['haushalt.epub', 'epub'],
  ] as const) {
    it(`${format}: text, table cells and list items are indexed under their headings, and headings are searchable`, async () => {
      const chunks = await chunksOf(name, format);
      const find = (word: string) => chunks.find((c) => c.text.includes(word));
      expect(find('Gastherme')?.location.heading).toBe('Heizung');
      expect(find('Solltemperatur')?.location.heading).toBe('Heizung › Thermostate');
      expect(find('23 Grad')).toBeDefined();
      expect(find('HR-4711')?.location.heading).toBe('Versicherungen');
      expect(find('Quittenbaum')?.location.heading).toBe('Garten');
      // The heading itself is text of its chunk.
      expect(find('Versicherungen')?.text).toContain('Hausrat');
    });
  }

  it('docx: comments are indexed with their author', async () => {
    const chunks = await chunksOf('haushalt.docx', 'docx');
    const comment = chunks.find((c) => c.text.includes('Kehrbezirk Nord'));
    expect(comment?.text).toContain('Comment (Anna): Bitte Termin mit Nachbarn abstimmen, Kehrbezirk Nord.');
    expect(comment?.location.part).toBe('comments[0]');
  });

  it('epub: each chapter is its own part, in reading order', async () => {
    const chunks = await chunksOf('haushalt.epub', 'epub');
    const parts = [...new Set(chunks.map((c) => c.location.part))];
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(chunks.findIndex((c) => c.text.includes('Gastherme'))).toBeLessThan(chunks.findIndex((c) => c.text.includes('Quittenbaum')));
  });

  it('refuses a ZIP that is neither an OpenDocument text nor an EPUB', async () => {
    await expect(extractDocument(fixture('haushalt.docx'), 'odt', limits)).rejects.toThrow(/not an OpenDocument text/);
    await expect(extractDocument(fixture('haushalt.odt'), 'epub', limits)).rejects.toThrow(/EPUB is damaged/);
  });
});

describe('HTML', () => {
  it('makes headings searchable text of their section', () => {
    const blocks = extractHtml(
      Buffer.from('<h1>Mülltrennung</h1><p>Gelber Sack dienstags.</p><h2>Sperrmüll</h2><p>Anmelden beim Bauhof.</p>'),
      256,
    ).blocks;
    const chunks = chunkBlocks(blocks);
    expect(chunks.map((c) => [c.text, c.location.heading])).toEqual([
      ['Mülltrennung\n\nGelber Sack dienstags.', 'Mülltrennung'],
      ['Sperrmüll\n\nAnmelden beim Bauhof.', 'Mülltrennung › Sperrmüll'],
    ]);
  });
});

describe('ODT text nobody reads', () => {
  const odt = (content: string, styles = '') =>
    buildZip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text') },
      {
        name: 'content.xml',
        data: Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/">${content}</office:document-content>`,
        ),
      },
      ...(styles
        ? [
            {
              name: 'styles.xml',
              data: Buffer.from(
                `<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"><office:styles>${styles}</office:styles></office:document-styles>`,
              ),
            },
          ]
        : []),
    ]);
  const textOfOdt = (bytes: Buffer) =>
    chunkBlocks(extractOdt(bytes, limits.maxUnpackedBytes, limits.maxDepth).blocks)
      .map((c) => c.text)
      .join('\n');

  it('a tracked deletion is not indexed; the text as it reads now is', async () => {
    const text = await textOfOdt(
      odt(
        '<office:body><office:text><text:tracked-changes><text:changed-region text:id="c1"><text:deletion><office:change-info><dc:creator>Anna</dc:creator></office:change-info><text:p>Kündigungsfrist drei Monate</text:p></text:deletion></text:changed-region></text:tracked-changes>' +
          '<text:p>Vertrag mit <text:change text:change-id="c1"/>Stadtwerken.</text:p></office:text></office:body>',
      ),
    );
    expect(text).toContain('Vertrag mit Stadtwerken.');
    expect(text).not.toContain('Kündigungsfrist');
  });

  it('a paragraph or span in a hidden style is not indexed, also through a parent style', async () => {
    const text = await textOfOdt(
      odt(
        '<office:automatic-styles><style:style style:name="P1" style:family="paragraph" style:parent-style-name="Versteckt"/><style:style style:name="T1" style:family="text"><style:text-properties text:display="none"/></style:style></office:automatic-styles>' +
          '<office:body><office:text><text:p text:style-name="P1">Geheimer Tresorcode 4711</text:p><text:p>Sichtbar <text:span text:style-name="T1">unsichtbar</text:span>bleibt.</text:p></office:text></office:body>',
        '<style:style style:name="Versteckt" style:family="paragraph"><style:text-properties text:display="none"/></style:style>',
      ),
    );
    expect(text).toContain('Sichtbar bleibt.');
    expect(text).not.toMatch(/Tresorcode|unsichtbar/);
  });
});
