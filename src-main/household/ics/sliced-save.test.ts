// A large calendar is saved in slices with turns of the event loop between them, and
// still whole or not at all.
import { describe, expect, it } from 'vitest';
import { createHouseholdFixture } from '../../testing/household';

const NOW = '2026-03-01T09:00:00Z';

/** `count` one-off events on the days after NOW, each with its own UID. */
function calendar(count: number, title = 'Termin'): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//sliced//DE'];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.parse(NOW) + (i + 1) * 3_600_000);
    const stamp = day.toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${i}@test`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp}`,
      'DURATION:PT30M',
      `SUMMARY:${title} ${i}`,
      'END:VEVENT',
    );
  }
  return [...lines, 'END:VCALENDAR', ''].join('\r\n');
}

describe('saving a large calendar', () => {
  it('lets the event loop run between slices, and a second import of the same file changes nothing', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const seen: number[] = [];
    let importing = true;
    const probe = () => {
      seen.push(h.service.store.events.all().length);
      if (importing) setImmediate(probe);
    };
    const saving = h.service.importIcs(calendar(1500));
    setImmediate(probe);
    const result = await saving;
    importing = false;
    expect(result.imported).toHaveLength(1500);
    expect(seen.some((n) => n > 0 && n < 1500)).toBe(true);
    const before = h.snapshot();
    const again = await h.service.importIcs(calendar(1500));
    expect(again.updated).toHaveLength(1500);
    expect(h.snapshot()).toBe(before);
  });

  it('takes back the slices already written when a later one fails: the import changes nothing', async () => {
    const h = createHouseholdFixture({ now: NOW });
    await h.service.importIcs(calendar(3, 'Alt'));
    const before = h.snapshot();
    const events = h.service.store.events;
    const insert = events.insert.bind(events);
    let inserts = 0;
    events.insert = (e) => {
      if (++inserts === 900) throw new Error('disk full');
      insert(e);
    };
    await expect(h.service.importIcs(calendar(1500, 'Neu'))).rejects.toThrow('disk full');
    events.insert = insert;
    expect(h.snapshot()).toBe(before);
  });

  it('a 1,359-event file with one mistyped DTEND is saved without that event, named with its line', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const lines = calendar(1359).split('\r\n');
    // The 700th event gets an end that is no date (a typo: a letter O for a zero).
    const at = lines.indexOf('UID:event-699@test');
    lines.splice(at + 3, 1, 'DTEND:2026O401T100000Z');
    const result = await h.service.importIcs(lines.join('\r\n'));
    expect(result.imported).toHaveLength(1358);
    expect(result.skipped).toEqual([
      {
        what: `Termin „Termin 699“ (Zeile ${at})`,
        reason: `Zeile ${at + 4}: Ende (DTEND) „2026O401T100000Z“ ist kein gültiges Datum (JJJJMMTT oder JJJJMMTTThhmmss).`,
        kind: 'event',
        title: 'Termin 699',
        line: at + 4,
        code: 'bad_value',
        property: 'DTEND',
        value: '2026O401T100000Z',
      },
    ]);
    expect(h.service.store.events.all().some((e) => e.title === 'Termin 699')).toBe(false);
  });
});
