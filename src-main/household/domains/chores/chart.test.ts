import { describe, expect, it } from 'vitest';
import { nextTurnOf, periodOf, tickFor, turnOf, weekOf, weekStars, type TickFacts } from './chart';

const tick = (memberId: string, period: string, stars = 1, undone = false): TickFacts => ({ memberId, period, stars, undone });

describe('the chore chart’s arithmetic', () => {
  it('a week runs Monday to Sunday; a weekly chore counts for its Monday, a daily one for its day', () => {
    expect(weekOf('2026-12-02')).toBe('2026-11-30');
    expect(weekOf('2026-12-06')).toBe('2026-11-30');
    expect(weekOf('2026-12-07')).toBe('2026-12-07');
    expect(periodOf('weekly', '2026-12-05')).toBe('2026-11-30');
    expect(periodOf('daily', '2026-12-05')).toBe('2026-12-05');
  });

  it('a rotating chore moves to the next person once it was done, and back to the first after the last', () => {
    const members = ['mia', 'leon'];
    expect(turnOf(members, [], '2026-11-30')).toBe('mia');
    expect(nextTurnOf(members, [], '2026-11-30')).toBe('leon');
    const done = [tick('mia', '2026-11-30')];
    // Still Mia's this week (she did it), Leon's next week, Mia's the week after Leon did it.
    expect(turnOf(members, done, '2026-11-30')).toBe('mia');
    expect(turnOf(members, done, '2026-12-07')).toBe('leon');
    expect(turnOf(members, [...done, tick('leon', '2026-12-07')], '2026-12-14')).toBe('mia');
  });

  it('a week nobody did the chore stays with the same person', () => {
    expect(turnOf(['mia', 'leon'], [tick('mia', '2026-11-23')], '2026-12-07')).toBe('leon');
  });

  it('a tick a parent took back gives the turn back and earns no stars, and stays in the history', () => {
    const undone = [tick('mia', '2026-11-30', 3, true)];
    expect(turnOf(['mia', 'leon'], undone, '2026-12-07')).toBe('mia');
    expect(tickFor(undone, '2026-11-30')).toBeUndefined();
    expect(weekStars(undone, 'mia', '2026-11-30')).toBe(0);
    expect(undone).toHaveLength(1);
  });

  it('the weekly total adds the stars of the week’s days and of the week itself, for that person only', () => {
    const ticks = [
      tick('mia', '2026-11-30', 2), // the weekly chore
      tick('mia', '2026-12-01', 1),
      tick('mia', '2026-12-06', 1), // Sunday
      tick('mia', '2026-12-07', 5), // next week
      tick('mia', '2026-11-29', 5), // last week's Sunday
      tick('leon', '2026-12-02', 4),
    ];
    expect(weekStars(ticks, 'mia', '2026-11-30')).toBe(4);
    expect(weekStars(ticks, 'leon', '2026-11-30')).toBe(4);
  });

  it('a chore with each person on it is done per person', () => {
    const ticks = [tick('mia', '2026-12-02')];
    expect(tickFor(ticks, '2026-12-02', 'mia')).toBeDefined();
    expect(tickFor(ticks, '2026-12-02', 'leon')).toBeUndefined();
  });
});
