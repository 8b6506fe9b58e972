// The chore chart's arithmetic, pure: which period a day belongs to, whose turn a rotating
// chore is, and the stars of a week. The store keeps records; this decides what they mean.
import { WEEKDAYS, type ChoreFrequency, type LocalDate } from '../../../../src-shared';
import { addDays, weekdayOf } from '../../time';

/** The Monday of the week a day lies in. */
export function weekOf(day: LocalDate): LocalDate {
  return addDays(day, -WEEKDAYS.indexOf(weekdayOf(day)));
}

/** The period a tick on `day` counts for: the day itself (daily) or its week's Monday (weekly). */
export function periodOf(every: ChoreFrequency, day: LocalDate): LocalDate {
  return every === 'daily' ? day : weekOf(day);
}

/** What the chart needs of a tick. */
export interface TickFacts {
  readonly memberId: string;
  readonly period: LocalDate;
  readonly stars: number;
  /** Taken back by a parent: it stays in the history and counts for nothing. */
  readonly undone: boolean;
}

/**
 * Whose turn a rotating chore is in `period`: the turn moves on by one for each period in
 * which it was done before, so a week nobody did it stays with the same person, and a tick
 * a parent takes back gives the turn back. Undefined for a chore without members.
 */
export function turnOf(members: readonly string[], ticks: readonly TickFacts[], period: LocalDate): string | undefined {
  if (members.length === 0) return undefined;
  const donePeriods = new Set(ticks.filter((t) => !t.undone && t.period < period).map((t) => t.period));
  return members[donePeriods.size % members.length];
}

/** Whose turn follows once `period` is done. */
export function nextTurnOf(members: readonly string[], ticks: readonly TickFacts[], period: LocalDate): string | undefined {
  const now = turnOf(members, ticks, period);
  if (now === undefined) return undefined;
  return members[(members.indexOf(now) + 1) % members.length];
}

/** The tick that did the chore for `member` in `period` (a rotating chore: anyone's). */
export function tickFor<T extends TickFacts>(ticks: readonly T[], period: LocalDate, member?: string): T | undefined {
  return ticks.find((t) => !t.undone && t.period === period && (member === undefined || t.memberId === member));
}

/**
 * A member's stars in the week starting `week`: every tick they did that counts for a day of
 * that week or for the week itself, taken-back ticks left out.
 */
export function weekStars(ticks: readonly TickFacts[], member: string, week: LocalDate): number {
  const end = addDays(week, 7);
  return ticks.filter((t) => !t.undone && t.memberId === member && t.period >= week && t.period < end).reduce((sum, t) => sum + t.stars, 0);
}
