import { describe, expect, it } from 'vitest';
import { byCodePoint, byInstant } from './compare';

describe('comparators', () => {
  it('order timestamps by the instant, also across a change of offset', () => {
    const night = ['2026-10-25T02:30:00+01:00', '2026-10-25T02:45:00+02:00', '2026-10-25T02:30:00+02:00', '2026-10-25T01:00:00Z'];
    expect([...night].sort(byInstant)).toEqual([
      '2026-10-25T02:30:00+02:00',
      '2026-10-25T02:45:00+02:00',
      '2026-10-25T01:00:00Z',
      '2026-10-25T02:30:00+01:00',
    ]);
  });

  it('order dates and ids by code point, and say equal for equal strings', () => {
    expect(['2026-12-10', '2026-12-02', 'protocol', 'mesh'].sort(byCodePoint)).toEqual(['2026-12-02', '2026-12-10', 'mesh', 'protocol']);
    expect(byCodePoint('rag', 'rag')).toBe(0);
    expect(byInstant('2026-12-01T10:00:00Z', '2026-12-01T11:00:00+01:00')).not.toBe(0);
  });
});
