import { describe, expect, it } from 'vitest';
import { backupsToPrune, scheduledName } from './retention';
import { fileStamp } from './stamp';

const now = new Date('2026-12-01T03:00:00Z');
const daysAgo = (d: number) => scheduledName(fileStamp(new Date(now.getTime() - d * 86_400_000)));

describe('backup retention', () => {
  it('keeps a daily backup for a week, one a week for a month, and nothing older', () => {
    const daily = Array.from({ length: 40 }, (_, d) => daysAgo(d));
    const pruned = new Set(backupsToPrune([...daily, 'notes.txt', 'jarvis-garbage.jarvis-backup'], now));
    const kept = daily.filter((n) => !pruned.has(n));
    // 7 days of dailies, then the newest of each of the weeks 1..4 (days 7, 14, 21, 28).
    expect(kept).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 14, 21, 28].map(daysAgo));
    expect(pruned.has('notes.txt')).toBe(false);
  });
});
