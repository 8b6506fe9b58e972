// A household on an in-memory (or given) database behind the real registry, with a
// settable clock: tool-level tests call tools exactly as the HTTP route and the assistant do.
import type { HomeToolArgs, HomeToolData, HomeToolName, ToolResult } from '../../src-shared';
import { householdToolProvider } from '../household/core-provider';
import { HouseholdService } from '../household/service';
import { SkillRegistry, type ToolContext } from '../platform/registry';
import { openDatabase, type Db } from '../platform/database';

export interface HouseholdFixture {
  readonly db: Db;
  readonly service: HouseholdService;
  readonly registry: SkillRegistry;
  readonly events: { type: string; data: unknown }[];
  now: Date;
  /** Typed call through the registry (schema-checked like every other caller). */
  call<N extends HomeToolName>(
    name: N,
    args: HomeToolArgs[N],
    actor?: ToolContext['actor'],
    member?: string,
  ): Promise<ToolResult<HomeToolData[N]>>;
  /** Untyped call, for bad input. */
  raw(name: string, args: unknown, actor?: ToolContext['actor'], member?: string): Promise<ToolResult>;
  /** Every household row, to check that a failed call wrote nothing. */
  snapshot(): string;
}

export function createHouseholdFixture(options: { now: string; timezone?: string; db?: Db; desktopUser?: string }): HouseholdFixture {
  const db = options.db ?? openDatabase(':memory:');
  const events: { type: string; data: unknown }[] = [];
  const fixture = { now: new Date(options.now) } as HouseholdFixture;
  const service = new HouseholdService({
    db,
    timezone: options.timezone ?? 'Europe/Berlin',
    clock: () => fixture.now,
    publish: (type, data?: unknown) => void events.push({ type, data }),
    desktopUser: options.desktopUser ?? 'anna',
  });
  const registry = new SkillRegistry();
  registry.addProvider(householdToolProvider(service));
  const raw = (name: string, args: unknown, actor: ToolContext['actor'] = 'user', member?: string) =>
    registry.call(name, args, { traceId: 'test', now: fixture.now, timezone: service.timezone, actor, ...(member ? { member } : {}) });
  Object.assign(fixture, {
    db,
    service,
    registry,
    events,
    now: new Date(options.now),
    call: raw as HouseholdFixture['call'],
    raw,
    snapshot() {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'household_%' ORDER BY name").all() as {
        name: string;
      }[];
      return JSON.stringify(tables.map((t) => [t.name, db.prepare(`SELECT * FROM ${t.name} ORDER BY rowid`).all()]));
    },
  });
  return fixture;
}
