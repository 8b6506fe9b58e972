// A calendar object a CalDAV client sends, turned into the household's own tool calls:
// a new object is calendar_create (or tasks_create), then one call per changed occurrence
// and per left-out occurrence; a changed one is the calls for what differs from what the
// client was shown. Everything is checked before the first call, and when a later call is
// refused the earlier ones of a new object are taken back, so a refused PUT changes nothing.
import type { IcsEventFields, IcsOverrideFields, IcsSeriesFields, IcsTaskFields, ParsedIcs } from '../household';
import { localDateOf, toRfc3339, wallClockAt } from '../../src-shared/time-zone';
import type { ToolResult } from '../../src-shared';
import type { ObjectKind } from './store';

/** Why a calendar object is refused: the CalDAV precondition it breaks and a sentence for the person. */
export class ObjectRefusal extends Error {
  constructor(
    readonly condition: 'valid-calendar-data' | 'valid-calendar-object-resource' | 'supported-calendar-component' | 'no-uid-conflict',
    message: string,
  ) {
    super(message);
  }
}

export type ToolCaller = (name: string, args: Record<string, unknown>) => Promise<ToolResult>;

export type ParsedObject =
  | { readonly kind: 'event'; readonly uid: string; readonly event: IcsEventFields; readonly series?: undefined }
  | { readonly kind: 'event'; readonly uid: string; readonly series: IcsSeriesFields; readonly event?: undefined }
  | { readonly kind: 'task'; readonly uid: string; readonly task: IcsTaskFields };

const MAX_MINUTES = 10_080;

/** The one event, series or task of a calendar object; refuses anything the household would not keep as sent. */
export function oneObject(parsed: ParsedIcs): ParsedObject {
  const first = parsed.skipped[0];
  if (first) throw new ObjectRefusal('valid-calendar-object-resource', `${first.what} ${first.reason}`);
  const warning = parsed.warnings[0];
  if (warning) throw new ObjectRefusal('valid-calendar-object-resource', warning);
  const count = parsed.events.length + parsed.series.length + parsed.tasks.length;
  if (count === 0) throw new ObjectRefusal('valid-calendar-object-resource', 'Das Kalenderobjekt enthält keinen Termin und keine Aufgabe.');
  if (count > 1)
    throw new ObjectRefusal(
      'valid-calendar-object-resource',
      'Ein Kalenderobjekt darf nur einen Termin (oder eine Serie) oder eine Aufgabe enthalten; bei einer Serie muss der Beginn ein Termin der Regel sein.',
    );
  const uidOf = (uid: string | null) => {
    if (!uid) throw new ObjectRefusal('valid-calendar-object-resource', 'Dem Kalenderobjekt fehlt die UID.');
    if (uid.length > 255) throw new ObjectRefusal('valid-calendar-object-resource', 'Die UID ist länger als 255 Zeichen.');
    return uid;
  };
  const event = parsed.events[0];
  if (event) return { kind: 'event', uid: uidOf(event.icsUid), event };
  const series = parsed.series[0];
  if (series) return { kind: 'event', uid: uidOf(series.icsUid), series };
  const task = parsed.tasks[0]!;
  return { kind: 'task', uid: uidOf(task.icsUid), task };
}

type Span = Pick<IcsEventFields, 'startMs' | 'endMs' | 'allDay'>;

/** `when` plus `duration_minutes` or `last_day` of a calendar tool for a span. */
function spanArgs(span: Span, tz: string): Record<string, unknown> {
  const date = localDateOf(span.startMs, tz);
  if (span.allDay) {
    const last = localDateOf(span.endMs - 1, tz);
    return { when: { kind: 'absolute', date }, ...(last !== date ? { last_day: { kind: 'absolute', date: last } } : {}) };
  }
  const w = wallClockAt(span.startMs, tz);
  const time = `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
  return { when: { kind: 'absolute', date, time }, duration_minutes: Math.round((span.endMs - span.startMs) / 60_000) };
}

function checkSpan(span: Span, what: string): void {
  if (span.allDay) return;
  const minutes = Math.round((span.endMs - span.startMs) / 60_000);
  if (minutes < 1)
    throw new ObjectRefusal('valid-calendar-object-resource', `${what} dauert keine Minute; bitte ein Ende nach dem Beginn angeben.`);
  if (minutes > MAX_MINUTES)
    throw new ObjectRefusal('valid-calendar-object-resource', `${what} dauert länger als 7 Tage; bitte als ganztägigen Termin eintragen.`);
}

function checkText(f: { title: string; location: string; notes: string }): void {
  if (f.title.length > 200) throw new ObjectRefusal('valid-calendar-object-resource', 'Der Titel ist länger als 200 Zeichen.');
  if (f.location.length > 200) throw new ObjectRefusal('valid-calendar-object-resource', 'Der Ort ist länger als 200 Zeichen.');
}

/** Checks everything the tools would refuse for its size, before any of them runs. */
export function checkObject(o: ParsedObject): void {
  if (o.kind === 'task') {
    if (o.task.title.length > 200) throw new ObjectRefusal('valid-calendar-object-resource', 'Der Titel ist länger als 200 Zeichen.');
    return;
  }
  const main = o.event ?? o.series;
  checkText(main);
  checkSpan(main, `„${main.title}“`);
  if (o.series) {
    if (o.series.overrides.length > 200)
      throw new ObjectRefusal('valid-calendar-object-resource', 'Die Serie hat mehr als 200 geänderte Termine.');
    for (const ov of o.series.overrides) {
      checkText(ov);
      checkSpan(ov, `„${ov.title}“`);
    }
  }
}

const textArgs = (f: { title: string; location: string; notes: string }) => ({
  title: f.title,
  ...(f.location ? { location: f.location.slice(0, 200) } : {}),
  ...(f.notes ? { notes: f.notes.slice(0, 4000) } : {}),
});

function dueArgs(dueMs: number | null, tz: string): Record<string, unknown> | null {
  if (dueMs === null) return null;
  const w = wallClockAt(dueMs, tz);
  return {
    kind: 'absolute',
    date: localDateOf(dueMs, tz),
    time: `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`,
  };
}

export class ToolRefusal extends Error {
  constructor(readonly result: ToolResult) {
    super(result.message ?? 'refused');
  }
}

async function must(call: ToolCaller, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  const result = await call(name, args);
  if (!result.success) throw new ToolRefusal(result);
  return result;
}

const sameSpan = (a: Span, b: Span) => a.startMs === b.startMs && a.endMs === b.endMs && a.allDay === b.allDay;
const sameWords = (a: { title: string; location: string; notes: string }, b: { title: string; location: string; notes: string }) =>
  a.title === b.title && a.location === b.location && a.notes === b.notes;

/** The changed fields of an event or a series' first occurrence as calendar_update arguments. */
function changes(before: IcsEventFields, after: IcsEventFields, tz: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (before.title !== after.title) out.title = after.title;
  if (before.location !== after.location) out.location = after.location.slice(0, 200);
  if (before.notes !== after.notes) out.notes = after.notes.slice(0, 4000);
  if (!sameSpan(before, after)) Object.assign(out, spanArgs(after, tz));
  // A changed alarm moves the reminder; an alarm the client removed keeps the household's own.
  if (after.reminderMinutes !== undefined && after.reminderMinutes !== before.reminderMinutes) out.reminder_minutes = after.reminderMinutes;
  return out;
}

async function applyExceptions(
  call: ToolCaller,
  id: string,
  series: IcsSeriesFields,
  before: IcsSeriesFields | undefined,
  tz: string,
): Promise<void> {
  const known = new Set(before?.exdates ?? []);
  for (const ms of series.exdates) {
    if (known.has(ms)) continue;
    await must(call, 'calendar_delete', { id, scope: 'this', occurrence_start: toRfc3339(ms, tz) });
  }
  const old = new Map((before?.overrides ?? []).map((o) => [o.occurrenceMs, o]));
  for (const o of series.overrides) {
    const was: IcsOverrideFields | undefined = old.get(o.occurrenceMs);
    if (was && sameSpan(was, o) && sameWords(was, o)) continue;
    await must(call, 'calendar_update', {
      id,
      scope: 'this',
      occurrence_start: toRfc3339(o.occurrenceMs, tz),
      ...textArgs(o),
      location: o.location.slice(0, 200),
      notes: o.notes.slice(0, 4000),
      ...spanArgs(o, tz),
    });
  }
}

/** Creates a new object; answers the household id. Takes back a half-made series when a later call is refused. */
export async function createObject(call: ToolCaller, o: ParsedObject, assignee: string | null, tz: string): Promise<string> {
  const who = assignee === null ? {} : { assignee };
  if (o.kind === 'task') {
    const due = dueArgs(o.task.dueMs, tz);
    const created = await must(call, 'tasks_create', {
      ...textArgs({ title: o.task.title, location: '', notes: o.task.notes }),
      ...(due ? { due } : {}),
      priority: o.task.priority,
      ...who,
    });
    const id = (created.data as { id: string }).id;
    if (o.task.status !== 'open') await must(call, 'tasks_update', { id, status: o.task.status });
    return id;
  }
  const main = o.event ?? o.series;
  const created = await must(call, 'calendar_create', {
    ...textArgs(main),
    ...spanArgs(main, tz),
    ...(o.series ? { rrule: o.series.rrule } : {}),
    ...(main.reminderMinutes !== undefined ? { reminder_minutes: main.reminderMinutes } : {}),
    ...who,
  });
  const id = (created.data as { id: string }).id;
  if (!o.series) return id;
  try {
    await applyExceptions(call, id, o.series, undefined, tz);
  } catch (err) {
    await call('calendar_delete', { id, scope: 'all' });
    throw err;
  }
  return id;
}

/** Brings an existing object from what the client was shown (`before`) to what it sent (`after`). */
export async function updateObject(
  call: ToolCaller,
  id: string,
  before: ParsedObject,
  after: ParsedObject,
  tz: string,
  reread: () => ParsedObject,
): Promise<void> {
  if (after.kind === 'task' || before.kind === 'task') {
    if (after.kind !== 'task' || before.kind !== 'task')
      throw new ObjectRefusal('supported-calendar-component', 'Ein Termin kann nicht zur Aufgabe werden (und umgekehrt).');
    const a = after.task;
    const b = before.task;
    const args: Record<string, unknown> = {};
    if (a.title !== b.title) args.title = a.title;
    if (a.notes !== b.notes) args.notes = a.notes.slice(0, 4000);
    if (a.dueMs !== b.dueMs) args.due = dueArgs(a.dueMs, tz);
    if (a.priority !== b.priority) args.priority = a.priority;
    if (a.status !== b.status) args.status = a.status;
    if (Object.keys(args).length > 0) await must(call, 'tasks_update', { id, ...args });
    return;
  }
  const a = after.event ?? after.series;
  const b = before.event ?? before.series;
  if (before.series && after.series) {
    const removedEx = before.series.exdates.filter((ms) => !after.series.exdates.includes(ms));
    const removedOv = before.series.overrides.filter((o) => !after.series.overrides.some((n) => n.occurrenceMs === o.occurrenceMs));
    const ruleChanged = before.series.rrule !== after.series.rrule || !sameSpan(a, b);
    // A rule or start that changed re-keys the occurrences; otherwise taking back an exception is not possible.
    if (!ruleChanged && (removedEx.length > 0 || removedOv.length > 0))
      throw new ObjectRefusal(
        'valid-calendar-object-resource',
        'Ein ausgelassener oder einzeln geänderter Termin der Serie kann nicht zurückgenommen werden; bitte die Serie neu anlegen.',
      );
  }
  const args = changes(b, a, tz);
  if ((before.series?.rrule ?? null) !== (after.series?.rrule ?? null)) args.rrule = after.series?.rrule ?? null;
  if (Object.keys(args).length > 0)
    await must(call, 'calendar_update', { id, ...(before.series || after.series ? { scope: 'all' } : {}), ...args });
  if (after.series) {
    // A changed rule or start carried the series' exceptions along: compare with what is stored now.
    const now = Object.keys(args).length > 0 ? reread() : before;
    await applyExceptions(call, id, after.series, now.kind === 'event' ? now.series : undefined, tz);
  }
}

export async function deleteObject(call: ToolCaller, kind: ObjectKind, id: string): Promise<void> {
  await must(call, kind === 'task' ? 'tasks_delete' : 'calendar_delete', kind === 'task' ? { id } : { id, scope: 'all' });
}
