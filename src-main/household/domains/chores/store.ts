// The chore chart's tables, component 'chores': chores, the ticks (the history, kept when a
// parent takes one back) and the rewards. Times are epoch milliseconds, member lists JSON.
import type { ChoreFrequency } from '../../../../src-shared';
import type { Db, Migration } from '../../../platform/database';
import { applyMigrations } from '../../../platform/database';

export const CHORES_COMPONENT = 'chores';

export const CHORES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'chores, ticks and rewards',
    up(db) {
      db.exec(`
        CREATE TABLE chores (
          id TEXT PRIMARY KEY,
          title TEXT NOT NULL,
          members TEXT NOT NULL DEFAULT '[]',
          rotate INTEGER NOT NULL CHECK (rotate IN (0, 1)),
          every TEXT NOT NULL CHECK (every IN ('daily', 'weekly')),
          stars INTEGER NOT NULL CHECK (stars >= 0),
          created_ms INTEGER NOT NULL,
          updated_ms INTEGER NOT NULL
        );
        CREATE TABLE chore_ticks (
          id TEXT PRIMARY KEY,
          chore_id TEXT NOT NULL REFERENCES chores (id) ON DELETE CASCADE,
          member_id TEXT NOT NULL,
          period TEXT NOT NULL,
          stars INTEGER NOT NULL,
          at_ms INTEGER NOT NULL,
          undone_ms INTEGER
        );
        CREATE INDEX chore_ticks_chore ON chore_ticks (chore_id, period);
        CREATE INDEX chore_ticks_member ON chore_ticks (member_id, period);
        CREATE TABLE chore_rewards (
          id TEXT PRIMARY KEY,
          member_id TEXT NOT NULL,
          title TEXT NOT NULL,
          stars INTEGER NOT NULL CHECK (stars > 0),
          week TEXT NOT NULL,
          at_ms INTEGER NOT NULL
        );
        CREATE INDEX chore_rewards_member ON chore_rewards (member_id, week);
      `);
    },
  },
];

export interface ChoreRecord {
  readonly id: string;
  readonly title: string;
  readonly members: readonly string[];
  readonly rotate: boolean;
  readonly every: ChoreFrequency;
  readonly stars: number;
  readonly createdMs: number;
  readonly updatedMs: number;
}

export interface TickRecord {
  readonly id: string;
  readonly choreId: string;
  readonly memberId: string;
  readonly period: string;
  readonly stars: number;
  readonly atMs: number;
  readonly undoneMs: number | null;
}

export interface RewardRecord {
  readonly id: string;
  readonly memberId: string;
  readonly title: string;
  readonly stars: number;
  readonly week: string;
  readonly atMs: number;
}

interface ChoreRow {
  id: string;
  title: string;
  members: string;
  rotate: number;
  every: ChoreFrequency;
  stars: number;
  created_ms: number;
  updated_ms: number;
}
interface TickRow {
  id: string;
  chore_id: string;
  member_id: string;
  period: string;
  stars: number;
  at_ms: number;
  undone_ms: number | null;
}
interface RewardRow {
  id: string;
  member_id: string;
  title: string;
  stars: number;
  week: string;
  at_ms: number;
}

const chore = (r: ChoreRow): ChoreRecord => ({
  id: r.id,
  title: r.title,
  members: JSON.parse(r.members) as string[],
  rotate: r.rotate === 1,
  every: r.every,
  stars: r.stars,
  createdMs: r.created_ms,
  updatedMs: r.updated_ms,
});
const tick = (r: TickRow): TickRecord => ({
  id: r.id,
  choreId: r.chore_id,
  memberId: r.member_id,
  period: r.period,
  stars: r.stars,
  atMs: r.at_ms,
  undoneMs: r.undone_ms,
});
const reward = (r: RewardRow): RewardRecord => ({
  id: r.id,
  memberId: r.member_id,
  title: r.title,
  stars: r.stars,
  week: r.week,
  atMs: r.at_ms,
});

/** The chore tables of one database (migrated at construction) and the transaction they share. */
export class ChoresStore {
  private readonly runInTransaction: (fn: () => unknown) => unknown;

  constructor(private readonly db: Db) {
    applyMigrations(db, CHORES_COMPONENT, CHORES_MIGRATIONS);
    this.runInTransaction = db.transaction((fn: () => unknown) => fn());
  }

  /** Runs fn in one SQLite transaction; a throw rolls it all back. */
  transaction<T>(fn: () => T): T {
    return this.runInTransaction(fn) as T;
  }

  chores(): ChoreRecord[] {
    return (this.db.prepare('SELECT * FROM chores ORDER BY created_ms, id').all() as ChoreRow[]).map(chore);
  }

  chore(id: string): ChoreRecord | undefined {
    const row = this.db.prepare('SELECT * FROM chores WHERE id = ?').get(id) as ChoreRow | undefined;
    return row ? chore(row) : undefined;
  }

  saveChore(c: ChoreRecord): void {
    this.db
      .prepare(
        `INSERT INTO chores (id, title, members, rotate, every, stars, created_ms, updated_ms)
         VALUES (@id, @title, @members, @rotate, @every, @stars, @createdMs, @updatedMs)
         ON CONFLICT (id) DO UPDATE SET title = @title, members = @members, rotate = @rotate,
           every = @every, stars = @stars, updated_ms = @updatedMs`,
      )
      .run({ ...c, members: JSON.stringify(c.members), rotate: c.rotate ? 1 : 0 });
  }

  /** Removes a chore with its ticks; the stars they earned leave the week's total with them. */
  deleteChore(id: string): void {
    this.db.prepare('DELETE FROM chore_ticks WHERE chore_id = ?').run(id);
    this.db.prepare('DELETE FROM chores WHERE id = ?').run(id);
  }

  /** Every tick (taken back or not) counting for a period from `fromPeriod` on. */
  ticksSince(fromPeriod: string): TickRecord[] {
    return (this.db.prepare('SELECT * FROM chore_ticks WHERE period >= ? ORDER BY at_ms, id').all(fromPeriod) as TickRow[]).map(tick);
  }

  ticksOf(choreId: string): TickRecord[] {
    return (this.db.prepare('SELECT * FROM chore_ticks WHERE chore_id = ? ORDER BY at_ms, id').all(choreId) as TickRow[]).map(tick);
  }

  tick(id: string): TickRecord | undefined {
    const row = this.db.prepare('SELECT * FROM chore_ticks WHERE id = ?').get(id) as TickRow | undefined;
    return row ? tick(row) : undefined;
  }

  insertTick(t: TickRecord): void {
    this.db
      .prepare(
        `INSERT INTO chore_ticks (id, chore_id, member_id, period, stars, at_ms, undone_ms)
         VALUES (@id, @choreId, @memberId, @period, @stars, @atMs, @undoneMs)`,
      )
      .run(t);
  }

  undoTick(id: string, atMs: number): void {
    this.db.prepare('UPDATE chore_ticks SET undone_ms = ? WHERE id = ?').run(atMs, id);
  }

  rewardsSince(week: string): RewardRecord[] {
    return (this.db.prepare('SELECT * FROM chore_rewards WHERE week >= ? ORDER BY at_ms, id').all(week) as RewardRow[]).map(reward);
  }

  insertReward(r: RewardRecord): void {
    this.db
      .prepare(
        `INSERT INTO chore_rewards (id, member_id, title, stars, week, at_ms)
         VALUES (@id, @memberId, @title, @stars, @week, @atMs)`,
      )
      .run(r);
  }
}
