import {
  HOME_TOOL_SPECS,
  homeToolMutates,
  homeToolRisk,
  toolFailure,
  toolSuccess,
  type HomeToolName,
  type ToolResult,
} from '../../src-shared';
import type { RegisteredTool, ToolContext, ToolProvider } from '../platform/registry';

// A small in-memory stand-in for the household core in assistant unit tests: the real tool
// names and schemas (so the registry validates exactly as in production), simple storage,
// and a log of every call that reached it. Integration tests use the real household.

type Row = Record<string, unknown> & { id: string };

const PREFIX: Record<string, string> = {
  calendar: 'evt_',
  tasks: 'task_',
  groceries: 'groc_',
  recipes: 'rec_',
  mealplan: 'meal_',
  kanban: 'card_',
  reminders: 'rem_',
};
const LIST_KEY: Record<string, string> = {
  calendar: 'events',
  tasks: 'tasks',
  groceries: 'items',
  recipes: 'recipes',
  mealplan: 'meals',
  kanban: 'cards',
  reminders: 'reminders',
};

export class MemoryHomeProvider implements ToolProvider {
  readonly kind = 'core' as const;
  readonly tables = new Map<string, Row[]>();
  readonly calls: { name: string; args: Record<string, unknown>; ctx: ToolContext }[] = [];
  /** Tools that answer success:false with this message (to test failure replies). */
  readonly failing = new Map<string, string>();
  private readonly tools: RegisteredTool[];
  private seq = 0;

  constructor(extra: readonly RegisteredTool[] = []) {
    this.tools = [
      ...(Object.keys(HOME_TOOL_SPECS) as HomeToolName[]).map((name) => ({
        name,
        description: HOME_TOOL_SPECS[name].description,
        input_schema: HOME_TOOL_SPECS[name].input_schema,
        provider: 'core' as const,
        mutates: homeToolMutates(name),
        requires_confirmation: homeToolRisk(name) === 'disruptive',
        risk: homeToolRisk(name),
        source: 'core',
      })),
      ...extra,
    ];
  }

  list(): readonly RegisteredTool[] {
    return this.tools;
  }

  table(domain: string): Row[] {
    let t = this.tables.get(domain);
    if (!t) this.tables.set(domain, (t = []));
    return t;
  }

  /** Total rows, for "the store is unchanged" assertions. */
  snapshot(): string {
    return JSON.stringify([...this.tables.entries()]);
  }

  async call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    this.calls.push({ name, args, ctx });
    const failure = this.failing.get(name);
    if (failure) return toolFailure('STORE_REJECTED', failure);
    const [domain, verb] = name.split(/_(?=[a-z]+$)/) as [string, string];
    if (name === 'system_get_time') return toolSuccess({ now: ctx.now.toISOString(), timezone: ctx.timezone }, 'Zeit', false);
    const rows = this.table(domain);
    const find = () => rows.find((r) => r.id === args.id);
    switch (verb) {
      case 'list':
      case 'search': {
        const q = typeof args.query === 'string' ? args.query.toLowerCase() : undefined;
        const found = q
          ? rows.filter((r) =>
              String(r.title ?? r.name ?? '')
                .toLowerCase()
                .includes(q),
            )
          : rows;
        return toolSuccess({ [LIST_KEY[domain]!]: found }, `${found.length} Einträge`, false);
      }
      case 'get': {
        const row = find();
        return row ? toolSuccess(row, String(row.title ?? row.id), false) : toolFailure('NOT_FOUND', `${String(args.id)} nicht gefunden`);
      }
      case 'create':
      case 'add': {
        const row: Row = { ...args, id: `${PREFIX[domain]}${++this.seq}` };
        if (domain === 'calendar') Object.assign(row, startOf(args.when), { all_day: !hasTime(args.when) });
        if (domain === 'tasks') Object.assign(row, { status: 'open' });
        rows.push(row);
        return toolSuccess(row, `Gespeichert: ${String(row.title ?? row.name)}`, true);
      }
      case 'update':
      case 'move': {
        const row = find();
        if (!row) return toolFailure('NOT_FOUND', `${String(args.id)} nicht gefunden`);
        Object.assign(row, args);
        if (domain === 'calendar' && args.when) Object.assign(row, startOf(args.when), { all_day: !hasTime(args.when) });
        return toolSuccess(row, `Geändert: ${String(row.title ?? row.name ?? row.id)}`, true);
      }
      case 'delete':
      case 'remove': {
        const row = find();
        if (!row) return toolFailure('NOT_FOUND', `${String(args.id)} nicht gefunden`);
        rows.splice(rows.indexOf(row), 1);
        return toolSuccess(row, `Gelöscht: ${String(row.title ?? row.name ?? row.id)}`, true);
      }
      default:
        return toolSuccess({}, `${name} ausgeführt`, mutatesName(name));
    }
  }
}

function hasTime(when: unknown): boolean {
  return typeof (when as { time?: unknown } | undefined)?.time === 'string';
}

function startOf(when: unknown): { start: string } {
  const time = (when as { time?: string } | undefined)?.time ?? '00:00';
  return { start: `2026-08-30T${time}:00+02:00` };
}

function mutatesName(name: string): boolean {
  return !/_(list|get|search)$/.test(name);
}
