import { describe, expect, it } from 'vitest';
import { chunkBlocks } from './chunker';
import { paragraphBlocks } from './extract/blocks';
import { parseCsv } from './extract/csv';
import { locationLabel } from './location-label';

describe('chunking', () => {
  it('never mixes two sections, keeps heading and line range as the location, and makes the heading searchable', () => {
    const md = '# Auto\n\nReifen wechseln im Oktober.\n\nÖl prüfen.\n\n# Haus\n\nDachrinne reinigen.\n';
    const chunks = chunkBlocks(paragraphBlocks(md, { markdown: true }));
    expect(chunks.map((c) => [c.text, c.location])).toEqual([
      ['Auto\n\nReifen wechseln im Oktober.\n\nÖl prüfen.', { heading: 'Auto', line: 1, line_end: 5 }],
      ['Haus\n\nDachrinne reinigen.', { heading: 'Haus', line: 7, line_end: 9 }],
    ]);
  });

  it('packs paragraphs up to the target and repeats the end of one chunk at the start of the next', () => {
    const paras = Array.from({ length: 6 }, (_, i) => `Absatz ${i} ${'wort '.repeat(30).trim()} Ende${i}.`);
    const chunks = chunkBlocks(paragraphBlocks(paras.join('\n\n'), { markdown: false }), {
      targetChars: 400,
      maxChars: 600,
      overlapChars: 40,
    });
    expect(chunks.length).toBeGreaterThan(2);
    for (let i = 1; i < chunks.length; i++) {
      const prevEnd = chunks[i - 1]!.text.slice(-20);
      expect(chunks[i]!.text).toContain(prevEnd);
    }
    // Every paragraph is whole in some chunk.
    for (const p of paras) expect(chunks.some((c) => c.text.includes(p))).toBe(true);
  });

  it('splits a single over-long paragraph on word boundaries with overlap', () => {
    const long = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkBlocks([{ text: long, location: { line: 1 } }], { targetChars: 300, maxChars: 400, overlapChars: 50 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(300);
      expect(c.text).toMatch(/^w\d+( w\d+)*$/);
    }
    expect(chunks.at(-1)!.text.endsWith('w399')).toBe(true);
  });

  it('starts a new chunk on each PDF page so page citations stay exact', () => {
    const blocks = [
      ...paragraphBlocks('Seite eins.', { markdown: false, page: 1 }),
      ...paragraphBlocks('Seite zwei.', { markdown: false, page: 2 }),
    ];
    expect(chunkBlocks(blocks).map((c) => c.location.page)).toEqual([1, 2]);
  });

  it('carries no overlap across a page break, so every chunk holds text of the page it names', () => {
    const page = (n: number) => Array.from({ length: 8 }, (_, i) => `S${n}A${i} ${'wort '.repeat(20).trim()}.`).join('\n\n');
    const blocks = [1, 2, 3].flatMap((n) => paragraphBlocks(page(n), { markdown: false, page: n }));
    const chunks = chunkBlocks(blocks, { targetChars: 300, maxChars: 600, overlapChars: 80 });
    expect(new Set(chunks.map((c) => c.location.page))).toEqual(new Set([1, 2, 3]));
    for (const c of chunks) {
      expect(c.location.page_end).toBeUndefined();
      const pages = new Set([...c.text.matchAll(/S(\d)A/g)].map((m) => Number(m[1])));
      expect([...pages]).toEqual([c.location.page]);
    }
  });

  it('refuses a document that would make more chunks than its limit', () => {
    const blocks = Array.from({ length: 50 }, (_, i) => ({ text: `Absatz ${i}`, location: { part: `p${i}` } }));
    expect(() => chunkBlocks(blocks, undefined, { maxChunks: 10 })).toThrow(/more than 10 search chunks/);
    expect(chunkBlocks(blocks, undefined, { maxChunks: 50 })).toHaveLength(50);
  });

  it('keeps Markdown code fences as one block and ignores # inside them', () => {
    const blocks = paragraphBlocks('# A\n\n```\n# kein Titel\n\nnoch Code\n```\n', { markdown: true });
    expect(blocks.map((b) => [b.text, b.location.heading])).toEqual([
      ['A', 'A'],
      ['```\n# kein Titel\n\nnoch Code\n```', 'A'],
    ]);
  });
});

describe('CSV', () => {
  it('parses quoted fields with delimiters, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b\n"x, y","he said ""hi"""\n"multi\nline",2\n')).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['x, y', 'he said "hi"'], line: 2 },
      { fields: ['multi\nline', '2'], line: 3 },
    ]);
  });
});

describe('location labels', () => {
  it('names page, section, part, rows and lines', () => {
    expect(locationLabel({ page: 2, line: 4, line_end: 9 })).toBe('Seite 2 · Zeilen 4–9');
    expect(locationLabel({ heading: 'Kündigung', line: 3 })).toBe('Abschnitt „Kündigung“ · Zeile 3');
    expect(locationLabel({ row: 5, row_end: 7, line: 6 })).toBe('Tabellenzeilen 5–7');
    expect(locationLabel({ page: 1, page_end: 2 }, 'en')).toBe('pages 1–2');
    expect(locationLabel({ part: 'Kopfzeilen' })).toBe('Kopfzeilen');
  });
});
