// The chore chart: chores that rotate among members or belong to each of them, ticks that
// earn stars, and rewards a parent turns a week's stars into. Shapes of GET /api/chores and
// of the `chores` part of GET /api/state.

/** How often a chore is due: once a day or once a week (Monday to Sunday). */
export const CHORE_FREQUENCIES = ['daily', 'weekly'] as const;
export type ChoreFrequency = (typeof CHORE_FREQUENCIES)[number];

export interface Chore {
  readonly id: string;
  readonly title: string;
  /** Member ids: the rotation's order when `rotate`, else everyone who does it. */
  readonly members: readonly string[];
  /** One member per period, taking turns; otherwise each member does it every period. */
  readonly rotate: boolean;
  readonly every: ChoreFrequency;
  /** Stars a tick earns. */
  readonly stars: number;
  readonly created_at: string;
  readonly updated_at: string;
}

/** One chore done: kept as the history, also after a parent took it back (`undone_at`). */
export interface ChoreTick {
  readonly id: string;
  readonly chore_id: string;
  readonly member_id: string;
  /** The period it counts for: the local day (daily) or the Monday of the week (weekly), YYYY-MM-DD. */
  readonly period: string;
  readonly stars: number;
  readonly at: string;
  readonly undone_at: string | null;
}

/** Stars a parent turned into a reward ("Kino" for 20 stars). */
export interface ChoreReward {
  readonly id: string;
  readonly member_id: string;
  readonly title: string;
  readonly stars: number;
  /** The Monday of the week whose stars paid for it, YYYY-MM-DD. */
  readonly week: string;
  readonly at: string;
}

/** One chore on one member's chart for the current period. */
export interface ChoreChartItem {
  readonly chore_id: string;
  readonly title: string;
  readonly every: ChoreFrequency;
  readonly stars: number;
  readonly rotate: boolean;
  readonly period: string;
  /** The tick that did it this period (undo takes it back); null while it is still due. */
  readonly tick_id: string | null;
  /** For a rotating chore: whose turn comes next. */
  readonly next_member_id: string | null;
}

export interface ChoreChartMember {
  readonly member_id: string;
  /** Today's chores (daily ones) and this week's (weekly ones). */
  readonly today: readonly ChoreChartItem[];
  readonly week: readonly ChoreChartItem[];
  /** Stars earned this week, stars already turned into rewards, and what is left. */
  readonly stars_week: number;
  readonly stars_spent: number;
  readonly stars_left: number;
  readonly rewards: readonly ChoreReward[];
}

export interface ChoreChart {
  /** Today (YYYY-MM-DD) and the Monday of this week in the household's time zone. */
  readonly today: string;
  readonly week: string;
  readonly chores: readonly Chore[];
  /** One entry per member that has chores, in the household's member order. */
  readonly members: readonly ChoreChartMember[];
}

/** `chores.changed`: what happened to the chart (the state reloads its `chores` domain as well). */
export interface ChoresChangedEvent {
  readonly change: 'created' | 'updated' | 'deleted' | 'ticked' | 'unticked' | 'rewarded';
  readonly chore_id?: string;
  readonly member_id?: string;
}
