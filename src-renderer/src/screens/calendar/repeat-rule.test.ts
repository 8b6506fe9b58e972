import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, resetLanguages, t } from '../../i18n';
import { buildRrule, choiceOf, describeRrule } from './repeat-rule';

afterEach(resetLanguages);

describe('repeat rules', () => {
  it('reads back what it builds, and keeps rules the editor cannot show', () => {
    const choice = { kind: 'weekly', interval: 2, weekdays: ['TU'], monthDay: 1 } as const;
    expect(buildRrule(choice)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU');
    expect(choiceOf('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', '2026-12-08')).toEqual({ ...choice, monthDay: 8 });
    expect(choiceOf('FREQ=MONTHLY;BYDAY=1MO', '2026-12-07')).toBeUndefined();
    expect(choiceOf('FREQ=DAILY;COUNT=5', '2026-12-07')).toBeUndefined();
    expect(buildRrule({ kind: 'none', interval: 1, weekdays: [], monthDay: 1 })).toBeNull();
  });

  it.each([
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'Alle 2 Wochen am Dienstag', 'Every 2 weeks on Tuesday'],
    ['FREQ=WEEKLY;BYDAY=MO', 'Jeden Montag', 'Every Monday'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'Am 1. jedes Monats', 'Monthly on day 1'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'Jeden letzten Freitag im Monat', 'Every last Friday of the month'],
    ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1', 'Jeden ersten Montag im Monat', 'Every first Monday of the month'],
    ['FREQ=DAILY;INTERVAL=3;COUNT=10', 'Alle 3 Tage, 10-mal', 'Every 3 days, 10 times'],
    ['FREQ=YEARLY;UNTIL=20301231T225959Z', 'Jährlich bis 31. Dez. 2030', 'Yearly until Dec 31, 2030'],
    ['FREQ=HOURLY', 'Eigene Wiederholung', 'Custom repeat'],
  ])('%s reads "%s" / "%s"', async (rule, de, en) => {
    expect(describeRrule(rule, t, 'de')).toBe(de);
    await applyLanguage('en');
    expect(describeRrule(rule, t, 'en')).toBe(en);
  });
});
