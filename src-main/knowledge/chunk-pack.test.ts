import { describe, expect, it } from 'vitest';
import { packChunks, packTransferList, unpackChunks, unpackTexts } from './chunk-pack';
import type { Chunk } from './chunker';

const chunks: Chunk[] = [
  {
    text: 'Gastherme: Wartung im September, Firma Wärmewerk.',
    location: { heading: 'Heizung', line: 5, line_end: 7 },
  },
  { text: 'Zählerstand 4711 kWh ⚡ 🏠', location: { page: 3 } },
  { text: '', location: { part: 'eintraege[2]' } },
  { text: 'Ende', location: {} },
];

describe('packed chunks', () => {
  it('give back every chunk with its text and location, slice by slice', () => {
    const pack = packChunks(chunks);
    expect(pack.count).toBe(4);
    expect([...unpackChunks(pack, 0, 2), ...unpackChunks(pack, 2, 99)]).toEqual(chunks);
    expect(unpackTexts(pack, 1, 3)).toEqual(['Zählerstand 4711 kWh ⚡ 🏠', '']);
  });

  it('store a lone surrogate as U+FFFD, never as invalid UTF-8', () => {
    const pack = packChunks([{ text: `a\uD800b`, location: { line: 1 } }]);
    expect(unpackTexts(pack, 0, 1)).toEqual(['a\uFFFDb']);
  });

  it('move to another thread by transfer: the sender keeps nothing, nothing is copied', () => {
    const pack = packChunks(chunks);
    const moved = structuredClone(pack, { transfer: packTransferList(pack) });
    expect(pack.bytes.byteLength).toBe(0);
    expect(pack.ends.length).toBe(0);
    expect(unpackChunks(moved, 0, moved.count)).toEqual(chunks);
  });
});
