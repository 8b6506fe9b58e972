// Records as the UI and the tools show them: times as RFC3339 in the household's zone, and
// one chart per member with today's and this week's chores and the week's stars.
import type { Chore, ChoreChart, ChoreChartItem, ChoreChartMember, ChoreReward, ChoreTick, LocalDate } from '../../../../src-shared';
import { toRfc3339 } from '../../time';
import { nextTurnOf, periodOf, tickFor, turnOf, weekStars, type TickFacts } from './chart';
import type { ChoreRecord, RewardRecord, TickRecord } from './store';

export function presentChore(c: ChoreRecord, tz: string): Chore {
  return {
    id: c.id,
    title: c.title,
    members: c.members,
    rotate: c.rotate,
    every: c.every,
    stars: c.stars,
    created_at: toRfc3339(c.createdMs, tz),
    updated_at: toRfc3339(c.updatedMs, tz),
  };
}

export function presentTick(t: TickRecord, tz: string): ChoreTick {
  return {
    id: t.id,
    chore_id: t.choreId,
    member_id: t.memberId,
    period: t.period,
    stars: t.stars,
    at: toRfc3339(t.atMs, tz),
    undone_at: t.undoneMs === null ? null : toRfc3339(t.undoneMs, tz),
  };
}

export function presentReward(r: RewardRecord, tz: string): ChoreReward {
  return { id: r.id, member_id: r.memberId, title: r.title, stars: r.stars, week: r.week, at: toRfc3339(r.atMs, tz) };
}

export const factsOf = (t: TickRecord): TickFacts & { id: string } => ({
  id: t.id,
  memberId: t.memberId,
  period: t.period,
  stars: t.stars,
  undone: t.undoneMs !== null,
});

export interface ChartInput {
  readonly today: LocalDate;
  readonly week: LocalDate;
  readonly chores: readonly ChoreRecord[];
  /** Every tick of each chore (the rotation counts them all). */
  readonly ticksOf: (choreId: string) => readonly TickRecord[];
  /** Ticks of this week (for the stars). */
  readonly weekTicks: readonly TickRecord[];
  readonly weekRewards: readonly RewardRecord[];
  /** The household's members in their order. */
  readonly memberIds: readonly string[];
  readonly timezone: string;
}

/** Who a chore is on the chart of this period, with the item each of them sees. */
function itemsOf(c: ChoreRecord, ticks: readonly TickRecord[], day: LocalDate): { member: string; item: ChoreChartItem }[] {
  const period = periodOf(c.every, day);
  const facts = ticks.map(factsOf);
  const base = { chore_id: c.id, title: c.title, every: c.every, stars: c.stars, rotate: c.rotate, period };
  if (c.rotate) {
    const done = tickFor(facts, period);
    const member = done?.memberId ?? turnOf(c.members, facts, period);
    if (member === undefined) return [];
    const next = c.members.length > 1 ? (nextTurnOf(c.members, facts, period) ?? null) : null;
    return [{ member, item: { ...base, tick_id: done?.id ?? null, next_member_id: next } }];
  }
  return c.members.map((member) => ({
    member,
    item: { ...base, tick_id: tickFor(facts, period, member)?.id ?? null, next_member_id: null },
  }));
}

export function presentChart(input: ChartInput): ChoreChart {
  const byMember = new Map<string, { today: ChoreChartItem[]; week: ChoreChartItem[] }>();
  for (const c of input.chores) {
    for (const { member, item } of itemsOf(c, input.ticksOf(c.id), input.today)) {
      const entry = byMember.get(member) ?? { today: [], week: [] };
      (c.every === 'daily' ? entry.today : entry.week).push(item);
      byMember.set(member, entry);
    }
  }
  const facts = input.weekTicks.map(factsOf);
  const earners = new Set([...byMember.keys(), ...facts.filter((t) => !t.undone).map((t) => t.memberId)]);
  const members: ChoreChartMember[] = input.memberIds
    .filter((id) => earners.has(id))
    .map((id) => {
      const rewards = input.weekRewards.filter((r) => r.memberId === id && r.week === input.week);
      const starsWeek = weekStars(facts, id, input.week);
      const spent = rewards.reduce((sum, r) => sum + r.stars, 0);
      return {
        member_id: id,
        today: byMember.get(id)?.today ?? [],
        week: byMember.get(id)?.week ?? [],
        stars_week: starsWeek,
        stars_spent: spent,
        stars_left: Math.max(0, starsWeek - spent),
        rewards: rewards.map((r) => presentReward(r, input.timezone)),
      };
    });
  return {
    today: input.today,
    week: input.week,
    chores: input.chores.map((c) => presentChore(c, input.timezone)),
    members,
  };
}
