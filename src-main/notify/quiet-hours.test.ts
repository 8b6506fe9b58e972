import { describe, expect, it } from 'vitest';
import { parseQuietHours } from '../../src-shared';
import { effectiveQuietHours, quietUntil } from './quiet-hours';

const TZ = 'Europe/Berlin';

describe('quiet hours', () => {
  const night = { start: '22:00', end: '07:00' };

  it('a time inside hours that run past midnight is quiet until their end, in the household time zone', () => {
    expect(quietUntil(night, new Date('2026-12-01T23:30:00+01:00'), TZ)?.toISOString()).toBe('2026-12-02T06:00:00.000Z');
    expect(quietUntil(night, new Date('2026-12-02T06:59:00+01:00'), TZ)?.toISOString()).toBe('2026-12-02T06:00:00.000Z');
  });

  it('the end itself and the day are not quiet', () => {
    expect(quietUntil(night, new Date('2026-12-02T07:00:00+01:00'), TZ)).toBeUndefined();
    expect(quietUntil(night, new Date('2026-12-02T12:00:00+01:00'), TZ)).toBeUndefined();
    expect(quietUntil(night, new Date('2026-12-02T21:59:00+01:00'), TZ)).toBeUndefined();
  });

  it('hours within one day (a nap) and no hours at all', () => {
    const nap = { start: '13:00', end: '15:00' };
    expect(quietUntil(nap, new Date('2026-12-02T14:00:00+01:00'), TZ)?.toISOString()).toBe('2026-12-02T14:00:00.000Z');
    expect(quietUntil(nap, new Date('2026-12-02T15:00:00+01:00'), TZ)).toBeUndefined();
    expect(quietUntil(null, new Date('2026-12-02T14:00:00+01:00'), TZ)).toBeUndefined();
    expect(quietUntil({ start: '08:00', end: '08:00' }, new Date('2026-12-02T08:00:00+01:00'), TZ)).toBeUndefined();
  });

  it("the household's setting from the Settings screen: read as two times, over midnight too", () => {
    expect(parseQuietHours('22:00-07:00')).toEqual(night);
    expect(parseQuietHours(' 13:00-15:00 ')).toEqual({ start: '13:00', end: '15:00' });
    for (const bad of ['22-07', '24:00-07:00', '22:00', '22:00-7:00', '22:00 - 07:00', ''])
      expect(parseQuietHours(bad), bad).toBeUndefined();
    const household = parseQuietHours('22:30-06:15')!;
    expect(quietUntil(household, new Date('2026-12-02T00:10:00+01:00'), TZ)?.toISOString()).toBe('2026-12-02T05:15:00.000Z');
    expect(quietUntil(household, new Date('2026-12-01T22:29:00+01:00'), TZ)).toBeUndefined();
  });

  it("a member's own quiet hours win over the household's; without either there are none", () => {
    const nap = { start: '13:00', end: '15:00' };
    expect(effectiveQuietHours(nap, night)).toEqual(nap);
    expect(effectiveQuietHours(null, night)).toEqual(night);
    expect(effectiveQuietHours(null, null)).toBeNull();
  });
});
