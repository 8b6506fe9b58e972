// The chore chart's tools: declared once here (description, schema, risk, who may run them)
// and handled here. Ticking is for everyone on the chart; setting the chart up, taking a
// tick back and paying out rewards are for the adults.
import type { ChoreFrequency, JsonSchemaObject, Member, MemberRole, RiskClass } from '../../../../src-shared';
import { CHORE_FREQUENCIES } from '../../../../src-shared';
import { newPrefixedId } from '../../store';
import { today } from '../../time';
import { periodOf, tickFor, turnOf, nextTurnOf, weekOf, weekStars } from './chart';
import { factsOf, presentChart, presentChore, presentReward, presentTick } from './present';
import type { ChoreRecord, ChoresStore } from './store';
import type { ChoreWords } from './words';

export const CHORE_TOOL_NAMES = [
  'chores_list',
  'chores_create',
  'chores_update',
  'chores_delete',
  'chores_tick',
  'chores_untick',
  'chores_reward',
] as const;
export type ChoreToolName = (typeof CHORE_TOOL_NAMES)[number];

export interface ChoreToolSpec {
  readonly description: string;
  readonly input_schema: JsonSchemaObject;
  readonly risk: RiskClass;
  /** Absent: every role, by the risk. */
  readonly roles?: readonly MemberRole[];
}

const ADULTS: readonly MemberRole[] = ['admin', 'adult'];
const title = { type: 'string', minLength: 1, maxLength: 200 } as const;
const id = { type: 'string', minLength: 1, maxLength: 100 } as const;
const member = { type: 'string', minLength: 1, maxLength: 100, description: 'Name oder Id eines Haushaltsmitglieds.' } as const;
const fields = {
  title,
  members: { type: 'array', items: member, minItems: 1, maxItems: 20, description: 'Wer es macht; bei rotate die Reihenfolge.' },
  rotate: { type: 'boolean', description: 'true: eine Person pro Zeitraum, im Wechsel; false: jede Person jedes Mal.' },
  every: { type: 'string', enum: CHORE_FREQUENCIES, description: 'daily: täglich, weekly: einmal pro Woche (Mo–So).' },
  stars: { type: 'integer', minimum: 0, maximum: 100, description: 'Sterne pro Erledigung (Standard 1).' },
} as const;
const object = (properties: Record<string, unknown>, required: string[] = []): JsonSchemaObject => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required,
});

export const CHORE_TOOL_SPECS: Readonly<Record<ChoreToolName, ChoreToolSpec>> = {
  chores_list: {
    risk: 'read',
    description: 'Der Hausarbeiten-Plan: heutige und wöchentliche Hausarbeiten je Person, Sterne der Woche und Belohnungen.',
    input_schema: object({}),
  },
  chores_create: {
    risk: 'reversible',
    roles: ADULTS,
    description: 'Legt eine Hausarbeit an, z. B. „Müll rausbringen: Mia, Leon, im Wechsel, wöchentlich“.',
    input_schema: object(fields, ['title', 'members']),
  },
  chores_update: {
    risk: 'reversible',
    roles: ADULTS,
    description: 'Ändert eine Hausarbeit (Name, Personen, Wechsel, Häufigkeit, Sterne).',
    input_schema: object({ id, ...fields }, ['id']),
  },
  chores_delete: {
    risk: 'disruptive',
    roles: ADULTS,
    description: 'Löscht eine Hausarbeit samt ihren Haken.',
    input_schema: object({ id }, ['id']),
  },
  chores_tick: {
    risk: 'reversible',
    description: 'Hakt eine Hausarbeit für diesen Zeitraum ab (ohne member: wer dran ist bzw. wer fragt). Bringt Sterne.',
    input_schema: object({ id, member }, ['id']),
  },
  chores_untick: {
    risk: 'reversible',
    roles: ADULTS,
    description: 'Nimmt einen Haken zurück (nur Erwachsene); der Haken bleibt im Verlauf.',
    input_schema: object({ tick_id: id }, ['tick_id']),
  },
  chores_reward: {
    risk: 'reversible',
    roles: ADULTS,
    description: 'Löst Sterne dieser Woche für eine Belohnung ein, z. B. „Kino“ für 20 Sterne.',
    input_schema: object({ member, title, stars: { type: 'integer', minimum: 1, maximum: 1000 } }, ['member', 'title', 'stars']),
  },
};

/** A refusal of a chore tool: rolls back and becomes `{success:false}` with a stable code. */
export class ChoreError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'INVALID_INPUT' | 'CONFLICT' | 'NAME_TAKEN',
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

export interface ChoreEnv {
  readonly store: ChoresStore;
  readonly members: readonly Member[];
  readonly now: Date;
  readonly timezone: string;
  readonly words: ChoreWords;
  /** Who asks (a member id); absent: the desktop member. */
  readonly asker?: string;
}

export interface ChoreOutcome {
  readonly data: unknown;
  readonly message: string;
  readonly change?: {
    readonly change: 'created' | 'updated' | 'deleted' | 'ticked' | 'unticked' | 'rewarded';
    readonly chore_id?: string;
    readonly member_id?: string;
  };
}

type Args = Record<string, unknown>;
type ChoreHandler = (args: Args, env: ChoreEnv) => ChoreOutcome;

function memberFor(env: ChoreEnv, nameOrId: string, path: string): Member {
  const wanted = nameOrId.trim().toLocaleLowerCase();
  const m = env.members.find((x) => x.id === nameOrId || x.name.toLocaleLowerCase() === wanted);
  if (!m) throw new ChoreError('INVALID_INPUT', env.words.memberNotFound(nameOrId.trim()), path);
  return m;
}
const nameOf = (env: ChoreEnv, memberId: string): string => env.members.find((m) => m.id === memberId)?.name ?? '—';

function choreOf(env: ChoreEnv, choreId: unknown): ChoreRecord {
  const c = typeof choreId === 'string' ? env.store.chore(choreId) : undefined;
  if (!c) throw new ChoreError('NOT_FOUND', env.words.choreNotFound(), '/id');
  return c;
}

function membersOf(env: ChoreEnv, raw: unknown): string[] {
  const names = (raw as string[]).map((n, i) => memberFor(env, n, `/members/${i}`).id);
  const unique = [...new Set(names)];
  if (unique.length === 0) throw new ChoreError('INVALID_INPUT', env.words.noMembers(), '/members');
  return unique;
}

function titleOf(env: ChoreEnv, raw: unknown, self?: string): string {
  const t = String(raw).trim();
  if (!t) throw new ChoreError('INVALID_INPUT', env.words.emptyTitle(), '/title');
  // Two chores of one name could not be told apart on the chart or by "Ich habe … erledigt".
  const key = t.toLocaleLowerCase();
  if (env.store.chores().some((c) => c.id !== self && c.title.toLocaleLowerCase() === key))
    throw new ChoreError('NAME_TAKEN', env.words.titleTaken(t), '/title');
  return t;
}

export function chartOf(env: ChoreEnv) {
  const day = today(env.now, env.timezone);
  const week = weekOf(day);
  return presentChart({
    today: day,
    week,
    chores: env.store.chores(),
    ticksOf: (choreId) => env.store.ticksOf(choreId),
    weekTicks: env.store.ticksSince(week),
    weekRewards: env.store.rewardsSince(week),
    memberIds: env.members.map((m) => m.id),
    timezone: env.timezone,
  });
}

const list: ChoreHandler = (_args, env) => {
  const chart = chartOf(env);
  return { data: chart, message: env.words.chart(chart.chores.length) };
};

const create: ChoreHandler = (args, env) => {
  const members = membersOf(env, args.members);
  const nowMs = env.now.getTime();
  const c: ChoreRecord = {
    id: newPrefixedId('chore_'),
    title: titleOf(env, args.title),
    members,
    // Several people without a word on it: they take turns, the usual way of a family's chore.
    rotate: typeof args.rotate === 'boolean' ? args.rotate : members.length > 1,
    every: (args.every as ChoreFrequency | undefined) ?? 'weekly',
    stars: typeof args.stars === 'number' ? args.stars : 1,
    createdMs: nowMs,
    updatedMs: nowMs,
  };
  env.store.saveChore(c);
  return {
    data: presentChore(c, env.timezone),
    message: env.words.created(
      c.title,
      c.members.map((m) => nameOf(env, m)),
      c.rotate,
      c.every,
    ),
    change: { change: 'created', chore_id: c.id },
  };
};

const update: ChoreHandler = (args, env) => {
  const before = choreOf(env, args.id);
  const c: ChoreRecord = {
    ...before,
    title: args.title === undefined ? before.title : titleOf(env, args.title, before.id),
    members: args.members === undefined ? before.members : membersOf(env, args.members),
    rotate: typeof args.rotate === 'boolean' ? args.rotate : before.rotate,
    every: (args.every as ChoreFrequency | undefined) ?? before.every,
    stars: typeof args.stars === 'number' ? args.stars : before.stars,
    updatedMs: env.now.getTime(),
  };
  env.store.saveChore(c);
  return { data: presentChore(c, env.timezone), message: env.words.updated(c.title), change: { change: 'updated', chore_id: c.id } };
};

const remove: ChoreHandler = (args, env) => {
  const c = choreOf(env, args.id);
  env.store.deleteChore(c.id);
  return { data: presentChore(c, env.timezone), message: env.words.deleted(c.title), change: { change: 'deleted', chore_id: c.id } };
};

const tick: ChoreHandler = (args, env) => {
  const c = choreOf(env, args.id);
  const period = periodOf(c.every, today(env.now, env.timezone));
  const facts = env.store.ticksOf(c.id).map(factsOf);
  // Without a name: the one whose turn it is, else the asker when they are on it, else the only one.
  const who =
    typeof args.member === 'string'
      ? memberFor(env, args.member, '/member').id
      : c.rotate
        ? turnOf(c.members, facts, period)
        : env.asker !== undefined && c.members.includes(env.asker)
          ? env.asker
          : c.members[0];
  if (who === undefined) throw new ChoreError('INVALID_INPUT', env.words.noMembers(), '/member');
  if (!c.rotate && !c.members.includes(who))
    throw new ChoreError('INVALID_INPUT', env.words.notOnChore(nameOf(env, who), c.title), '/member');
  const done = tickFor(facts, period, c.rotate ? undefined : who);
  if (done) throw new ChoreError('CONFLICT', env.words.alreadyDone(c.title, nameOf(env, done.memberId)), '/id');
  const record = {
    id: newPrefixedId('tick_'),
    choreId: c.id,
    memberId: who,
    period,
    stars: c.stars,
    atMs: env.now.getTime(),
    undoneMs: null,
  };
  env.store.insertTick(record);
  const next = c.rotate && c.members.length > 1 ? nextTurnOf(c.members, facts, period) : undefined;
  return {
    data: presentTick(record, env.timezone),
    message: env.words.ticked(c.title, nameOf(env, who), c.stars, next === undefined ? undefined : nameOf(env, next)),
    change: { change: 'ticked', chore_id: c.id, member_id: who },
  };
};

const untick: ChoreHandler = (args, env) => {
  const t = typeof args.tick_id === 'string' ? env.store.tick(args.tick_id) : undefined;
  if (!t) throw new ChoreError('NOT_FOUND', env.words.tickNotFound(), '/tick_id');
  const c = choreOf(env, t.choreId);
  if (t.undoneMs !== null) throw new ChoreError('CONFLICT', env.words.alreadyUndone(c.title), '/tick_id');
  env.store.undoTick(t.id, env.now.getTime());
  return {
    data: presentTick({ ...t, undoneMs: env.now.getTime() }, env.timezone),
    message: env.words.unticked(c.title, nameOf(env, t.memberId)),
    change: { change: 'unticked', chore_id: c.id, member_id: t.memberId },
  };
};

const reward: ChoreHandler = (args, env) => {
  const m = memberFor(env, String(args.member), '/member');
  const week = weekOf(today(env.now, env.timezone));
  const earned = weekStars(env.store.ticksSince(week).map(factsOf), m.id, week);
  const spent = env.store
    .rewardsSince(week)
    .filter((r) => r.memberId === m.id && r.week === week)
    .reduce((s, r) => s + r.stars, 0);
  const stars = Number(args.stars);
  const have = Math.max(0, earned - spent);
  if (stars > have) throw new ChoreError('CONFLICT', env.words.notEnoughStars(m.name, have, stars), '/stars');
  const record = { id: newPrefixedId('reward_'), memberId: m.id, title: titleOf(env, args.title), stars, week, atMs: env.now.getTime() };
  env.store.insertReward(record);
  return {
    data: presentReward(record, env.timezone),
    message: env.words.rewarded(m.name, record.title, stars, have - stars),
    change: { change: 'rewarded', member_id: m.id },
  };
};

/** Every chore tool's handler (the type asks for one per name). */
export const CHORE_HANDLERS: Readonly<Record<ChoreToolName, ChoreHandler>> = {
  chores_list: list,
  chores_create: create,
  chores_update: update,
  chores_delete: remove,
  chores_tick: tick,
  chores_untick: untick,
  chores_reward: reward,
};

export function isChoreToolName(name: string): name is ChoreToolName {
  return (CHORE_TOOL_NAMES as readonly string[]).includes(name);
}
