import { describe, expect, it } from 'vitest';
import { timeOrderedHex } from './time-ordered-id';

describe('time-ordered ids', () => {
  it('are 16 hex digits, as the random ids were', () => {
    expect(timeOrderedHex()).toMatch(/^[0-9a-f]{16}$/);
  });

  it('sort by the second they were made in, whatever the counter', () => {
    const earlier = timeOrderedHex(Date.parse('2026-12-03T10:00:00Z'));
    const later = timeOrderedHex(Date.parse('2026-12-03T10:00:01Z'));
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 8)).toBe((Date.parse('2026-12-03T10:00:00Z') / 1000).toString(16));
  });

  it('made in one second differ and keep their order', () => {
    const at = Date.parse('2026-12-03T10:00:00Z');
    const ids = Array.from({ length: 1000 }, () => timeOrderedHex(at));
    expect(new Set(ids).size).toBe(1000);
    // The counter may wrap once, anywhere; outside that one place they rise.
    const falls = ids.slice(1).filter((id, i) => id < ids[i]!).length;
    expect(falls).toBeLessThanOrEqual(1);
  });
});
