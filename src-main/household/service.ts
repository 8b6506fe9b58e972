import {
  calendarObjectIcs,
  calendarObjectInfos,
  eventIdsBetween,
  readCalendarObject,
  seriesOccurrences,
  type SpanFields,
  type CalendarObjectInfo,
  type CalendarObjectKind,
} from './ics/calendar-objects';
import type {
  ComponentStatus,
  HomeStatePart,
  MemberLanguage,
  MemberRole,
  HomeDomain,
  HomeState,
  HomeToolName,
  RecipesFile,
  Reminder,
  StateListName,
  ToolResult,
} from '../../src-shared';
import { HOME_DOMAINS, STATE_LIST_LIMIT, toolFailure, toolSuccess } from '../../src-shared';
import type { ToolContext } from '../platform/registry';
import type { Db } from '../platform/database';
import type { Publish } from '../platform/events';
import { nextTurn, SliceSizer } from '../platform/slices';
import { HouseholdStore } from './household-store';
import type { HomeEnv } from './env';
import { HomeError } from './errors';
import { presentReminder } from './domains/reminders/present';
import {
  exportIcs,
  IcsImportJournal,
  saveIcs,
  saveIcsEvents,
  saveIcsSeriesAndTasks,
  undoIcsEvents,
  type IcsImportResult,
} from './ics/import-export';
import type { IcsSeriesFields, ParsedIcs } from './ics/parse';
import { IcsReader } from './ics/reader';
import { exportRecipes, importRecipes, type RecipesImportResult } from './domains/recipes/file';
import { HANDLERS } from './domains/handlers';
import { deriveGroceries } from './automations/meal-groceries';
import { rollSeriesReminders } from './domains/calendar/series-reminders';
import { toRfc3339, today } from './time';
import { DOMAIN_ROWS, type OwnStateParts, type StateReader } from './domains';
import { MembersService } from './members';

/**
 * The first member before the person setting up has said their name: a placeholder the
 * first start replaces. Never the operating system's user, which on a server or a
 * container is "root" or a service account, not a person of the household.
 */
function firstMemberPlaceholder(language: MemberLanguage): string {
  return language === 'en' ? 'Parent' : 'Elternteil';
}

/** Who looks at the state, and the system badge it carries. */
export interface StateView {
  readonly system?: Readonly<Record<string, ComponentStatus>>;
  /** The viewer's member; absent = the desktop member. */
  readonly member?: string;
  /** A role the listener fixed (a local program without the desktop's secret); else the member's. */
  readonly role?: MemberRole;
}

export interface HouseholdServiceOptions {
  readonly db: Db;
  readonly timezone: string;
  readonly clock: () => Date;
  /** Live updates: `state.changed` after each mutation, `reminder.due` per fired reminder. */
  readonly publish?: Publish;
  readonly trace?: (traceId: string, stage: string, data: unknown) => void;
  /** The language a new member starts with; default German. */
  readonly language?: MemberLanguage;
  /** The first member's name (tests); default a placeholder that the first start replaces. */
  readonly desktopUser?: string;
}

/**
 * The household as one service: runs a core tool and its automations in one SQLite
 * transaction, builds the UI's state snapshot, and fires due reminders. Arguments reach
 * `call` already checked against the tool's schema by the registry.
 */
/** Up to this many one-off events a calendar is saved in one transaction. */
const ICS_EVENTS_AT_ONCE = 200;

export class HouseholdService {
  readonly store: HouseholdStore;
  readonly members: MembersService;
  readonly timezone: string;
  private readonly clock: () => Date;
  private readonly publish: Publish;
  private readonly trace: (traceId: string, stage: string, data: unknown) => void;
  /** Local date of the last daily grocery refresh. */
  private derivedDay: string | undefined;
  private readonly ics = new IcsReader();
  /** Calendar imports are saved one after the other: a slice of one never meets a slice of another. */
  private saving: Promise<unknown> = Promise.resolve();

  constructor(options: HouseholdServiceOptions) {
    this.store = new HouseholdStore(options.db);
    this.timezone = options.timezone;
    this.clock = options.clock;
    this.publish = options.publish ?? (() => {});
    this.trace = options.trace ?? (() => {});
    this.members = new MembersService({
      store: this.store,
      timezone: this.timezone,
      clock: this.clock,
      language: options.language ?? 'de',
      desktopUser: options.desktopUser ?? firstMemberPlaceholder(options.language ?? 'de'),
      changed: (alsoTouched) => this.changed(['members', ...alsoTouched]),
    });
  }

  env(now: Date, actor: ToolContext['actor'], member?: string): HomeEnv {
    return member === undefined
      ? { store: this.store, timezone: this.timezone, now, actor }
      : { store: this.store, timezone: this.timezone, now, actor, member };
  }

  /** Runs one core tool. A HomeError rolls everything back and becomes success:false. */
  call(name: HomeToolName, args: Record<string, unknown>, ctx: Pick<ToolContext, 'now' | 'actor' | 'traceId' | 'member'>): ToolResult {
    const handler = HANDLERS[name] as (a: unknown, env: HomeEnv) => { data: unknown; message: string; domains: readonly HomeDomain[] };
    const { client_id: clientId, ...handlerArgs } = args;
    let outcome;
    try {
      outcome = this.store.transaction(() => {
        if (typeof clientId !== 'string') return handler(args, this.env(ctx.now, ctx.actor, ctx.member));
        // The same create again: answer as the first time, write nothing.
        const seen = this.store.clientRequests.get(clientId);
        if (seen && seen.tool !== name)
          throw new HomeError('CONFLICT', `Der Schlüssel ${clientId} gehört schon zu einem anderen Auftrag.`, '/client_id');
        if (seen) return { data: seen.data, message: seen.message, domains: [] };
        const first = handler(handlerArgs, this.env(ctx.now, ctx.actor, ctx.member));
        this.store.clientRequests.remember(clientId, { tool: name, data: first.data, message: first.message }, ctx.now.getTime());
        return first;
      });
    } catch (err) {
      if (err instanceof HomeError) {
        this.trace(ctx.traceId, 'tool_rejected', { tool: name, code: err.code, message: err.message });
        return toolFailure(err.code, err.message, err.path);
      }
      throw err;
    }
    const mutated = outcome.domains.length > 0;
    if (mutated) {
      this.trace(ctx.traceId, 'committed', { tool: name, domains: outcome.domains });
      this.changed(outcome.domains);
    }
    return toolSuccess(outcome.data, outcome.message, mutated);
  }

  /** Publishes `state.changed` with the touched domains in a stable order. */
  changed(domains: readonly HomeDomain[]): void {
    this.publish('state.changed', { domains: HOME_DOMAINS.filter((d) => domains.includes(d)) });
  }

  /**
   * What the UI's screens show (see HomeState for the windows), each list cut at
   * STATE_LIST_LIMIT so the state stays small however large the household grows.
   */
  state(view: StateView = {}, own: OwnStateParts = {}): HomeState {
    // Every domain is named, so every field of HomeState is there.
    return this.stateParts(HOME_DOMAINS, view, own) as HomeState;
  }

  /**
   * The base (clock, viewer, system badge) and the parts of the named domains only: a list
   * that is not named is not read at all (GET /api/state?domains=tasks,kanban).
   */
  stateParts(domains: readonly HomeDomain[], view: StateView = {}, own: OwnStateParts = {}): HomeStatePart {
    const now = this.clock();
    const tz = this.timezone;
    const day = today(now, tz);
    const s = this.store;
    const totals: Partial<Record<StateListName, number>> = {};
    // Windows (events, reminders, meals) are read whole and cut; the open-ended lists are
    // read only as far as shown, with a count beside them.
    const cut = <T>(name: StateListName, items: readonly T[]): readonly T[] => {
      if (items.length <= STATE_LIST_LIMIT) return items;
      totals[name] = items.length;
      return items.slice(0, STATE_LIST_LIMIT);
    };
    const first = <T>(name: StateListName, repo: { first(limit: number): T[]; total(): number }): T[] => {
      const items = repo.first(STATE_LIST_LIMIT);
      if (items.length === STATE_LIST_LIMIT) {
        const total = repo.total();
        if (total > STATE_LIST_LIMIT) totals[name] = total;
      }
      return items;
    };
    const reader: StateReader = { store: s, timezone: tz, now, day, cut, first, own };
    const named = new Set<HomeDomain>(domains);
    // Each named list adds its part, in the DOMAINS table's order.
    const lists: Partial<HomeState> = Object.assign({}, ...DOMAIN_ROWS.filter(([name]) => named.has(name)).map(([, d]) => d.state(reader)));
    const viewer = this.members.memberOf(view.member);
    const part: HomeStatePart = {
      now: toRfc3339(now.getTime(), tz),
      timezone: tz,
      ...lists,
      ...(named.has('members') ? { members: this.members.list() } : {}),
      viewer_member: viewer.id,
      viewer_role: view.role ?? viewer.role,
      system: view.system ?? {},
    };
    return Object.keys(totals).length > 0 ? { ...part, totals } : part;
  }

  /**
   * The periodic pass (HOME_AUTOMATION_INTERVAL): due reminders are marked fired in one
   * transaction and `reminder.due` is published for each; a reminder fires once. Then
   * series whose reminded occurrence has begun get the reminder for their next one (after
   * firing, so a reminder missed while the master was off still fires, once).
   */
  fireDueReminders(now: Date = this.clock()): Reminder[] {
    let rolled = false;
    const fired = this.store.transaction(() => {
      const due = this.store.reminders.due(now.getTime());
      for (const r of due) this.store.reminders.update({ ...r, firedMs: now.getTime() });
      rolled = rollSeriesReminders(this.env(now, 'automation'));
      return due.map((r) => presentReminder({ ...r, firedMs: now.getTime() }, this.timezone));
    });
    for (const r of fired) this.publish('reminder.due', r);
    if (fired.length > 0 || rolled) this.changed(['reminders']);
    return fired;
  }

  /**
   * The 14-day grocery window moves with the calendar: once a day (the first pass after
   * local midnight) meals that came into the window add their ingredients and past ones
   * drop out, without waiting for the next meal-plan change.
   */
  refreshDerivedGroceries(now: Date = this.clock()): boolean {
    const day = today(now, this.timezone);
    if (day === this.derivedDay) return false;
    const changed = this.store.transaction(() => deriveGroceries(this.env(now, 'automation')).changed);
    this.derivedDay = day;
    if (changed) this.changed(['groceries']);
    return changed;
  }

  /**
   * Imports an ICS calendar: read on a worker thread, then saved, all events or none.
   * Throws HomeError on bad input.
   */
  async importIcs(text: string, actor: ToolContext['actor'] = 'user'): Promise<IcsImportResult> {
    const parsed = await this.ics.read({ text, timezone: this.timezone, nowMs: this.clock().getTime() });
    const saved = this.saving.then(() => this.saveIcs(parsed, actor));
    this.saving = saved.catch(() => undefined);
    const result = await saved;
    const domains: HomeDomain[] = [];
    if (result.imported.length + result.updated.length > 0) domains.push('calendar', 'reminders');
    if (result.tasks.length > 0) domains.push('tasks', 'kanban');
    if (domains.length > 0) this.changed(domains);
    return result;
  }

  /**
   * A small calendar is saved in one transaction. A large one (thousands of events) is
   * saved in slices of about 10 ms with a turn of the event loop between them, so the
   * house keeps answering; if a slice fails, what the slices before it wrote is taken
   * back, and the import changes nothing.
   */
  private async saveIcs(parsed: ParsedIcs, actor: ToolContext['actor']): Promise<IcsImportResult> {
    if (parsed.events.length <= ICS_EVENTS_AT_ONCE) return this.store.transaction(() => saveIcs(this.env(this.clock(), actor), parsed));
    const journal = new IcsImportJournal();
    const imported: IcsImportResult['imported'][number][] = [];
    const updated: IcsImportResult['updated'][number][] = [];
    const sizer = new SliceSizer();
    try {
      for (let i = 0; i < parsed.events.length;) {
        const started = performance.now();
        const slice = parsed.events.slice(i, i + sizer.size);
        const part = this.store.transaction(() => saveIcsEvents(this.env(this.clock(), actor), slice, journal));
        imported.push(...part.imported);
        updated.push(...part.updated);
        sizer.took(slice.length, performance.now() - started);
        i += slice.length;
        await nextTurn();
      }
      const rest = this.store.transaction(() => saveIcsSeriesAndTasks(this.env(this.clock(), actor), parsed));
      return {
        imported: [...imported, ...rest.imported],
        updated: [...updated, ...rest.updated],
        tasks: rest.tasks,
        warnings: parsed.warnings,
        skipped: parsed.skipped,
      };
    } catch (err) {
      this.store.transaction(() => undoIcsEvents(this.env(this.clock(), actor), journal));
      throw err;
    }
  }

  /** Stops a calendar file still being read. */
  close(): Promise<void> {
    return this.ics.close();
  }

  /** Every event and task with a version that changes with its iCalendar text (for the CalDAV server). */
  calendarObjects(): CalendarObjectInfo[] {
    return calendarObjectInfos(this.store);
  }

  /** One event (with its series' changes and reminder) or task as iCalendar text; undefined when gone. */
  calendarObjectIcs(kind: CalendarObjectKind, id: string, uid: string): string | undefined {
    return calendarObjectIcs(this.store, this.timezone, kind, id, uid);
  }

  /** Ids of the events with an occurrence in [fromMs, toMs). */
  eventIdsBetween(fromMs: number, toMs: number): Set<string> {
    return eventIdsBetween(this.store, this.timezone, fromMs, toMs);
  }

  /** Reads one calendar object as the import would, saving nothing. Throws HomeError on malformed text. */
  readCalendarObject(text: string): ParsedIcs {
    return readCalendarObject(text, this.timezone, this.clock().getTime());
  }

  /** Reads a whole calendar file on the reader thread, saving nothing (a subscription's refresh). */
  readCalendarFile(text: string): Promise<ParsedIcs> {
    return this.ics.read({ text, timezone: this.timezone, nowMs: this.clock().getTime() });
  }

  /** The occurrences of a series read from a file in [fromMs, toMs). */
  seriesOccurrences(series: IcsSeriesFields, fromMs: number, toMs: number): SpanFields[] {
    return seriesOccurrences(series, this.timezone, fromMs, toMs);
  }

  exportIcs(): string {
    return exportIcs(this.store.events.all(), (id) => this.store.events.overridesOf(id), this.timezone, this.clock());
  }

  exportRecipes(): RecipesFile {
    return exportRecipes(this.store.recipes.all(), this.timezone, this.clock());
  }

  /** Imports a recipes file in one transaction. Throws HomeError (with the JSON path) on bad input. */
  importRecipes(file: unknown, actor: ToolContext['actor'] = 'user'): RecipesImportResult {
    const result = this.store.transaction(() => importRecipes(this.env(this.clock(), actor), file));
    if (result.imported.length + result.updated.length > 0) this.changed(result.groceries_changed ? ['recipes', 'groceries'] : ['recipes']);
    return result;
  }
}
