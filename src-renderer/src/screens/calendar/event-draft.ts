// What the event editor holds (dates and times as the household types them) and the tool
// arguments it sends: the whole event for calendar_create, only what changed for
// calendar_update.
import { instantOf } from '../../../../src-shared/time-zone';
import { assigneesOf } from '../../members/assignee-filter';
import {
  HOME_TOOL_SPECS,
  type CalendarCreateArgs,
  type CalendarEvent,
  type CalendarUpdateArgs,
  type SymbolicTime,
} from '../../../../src-shared';
import { wallClock } from '../../format/household-time';
import { buildRrule, choiceOf, defaultChoice, type RepeatChoice } from './repeat-rule';
import { eventDays } from './calendar-days';

export interface EventDraft {
  readonly title: string;
  readonly allDay: boolean;
  readonly startDate: string;
  readonly startTime: string;
  /** For an all-day event the last day (inclusive). */
  readonly endDate: string;
  readonly endTime: string;
  readonly location: string;
  readonly notes: string;
  /** undefined: the event's own rule, which the editor cannot show as a choice, stays as it is. */
  readonly repeat: RepeatChoice | undefined;
  /** The members it is for, in order; empty is everyone's. */
  readonly assignees: readonly string[];
}

/** The editor's fields, each of which can carry the server's (or the editor's) message. */
export type DraftField = 'title' | 'start' | 'end' | 'location' | 'notes' | 'repeat';

interface Limits {
  readonly title: number;
  readonly location: number;
  readonly notes: number;
  readonly durationMinutes: number;
}

function schemaNumber(property: string, keyword: 'maxLength' | 'maximum'): number {
  const schema = HOME_TOOL_SPECS.calendar_create.input_schema.properties?.[property] as Readonly<Record<string, unknown>> | undefined;
  const value = schema?.[keyword];
  return typeof value === 'number' ? value : Number.MAX_SAFE_INTEGER;
}

/** The same limits the server checks, from the same schema: the inputs say them up front. */
export const LIMITS: Limits = {
  title: schemaNumber('title', 'maxLength'),
  location: schemaNumber('location', 'maxLength'),
  notes: schemaNumber('notes', 'maxLength'),
  durationMinutes: schemaNumber('duration_minutes', 'maximum'),
};

/** The longest all-day event the server takes (its days, first and last included). */
export const MAX_ALL_DAY_DAYS = 366;

/** The server's argument path ("/when", "/title") -> the field that shows its message. */
export function fieldOfPath(path: string | undefined): DraftField | undefined {
  const top = path?.split('/')[1];
  switch (top) {
    case 'title':
    case 'location':
    case 'notes':
      return top;
    case 'when':
      return 'start';
    case 'duration_minutes':
    case 'last_day':
      return 'end';
    case 'rrule':
      return 'repeat';
    default:
      return undefined;
  }
}

function addMinutes(date: string, time: string, minutes: number): { date: string; time: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1, d, h, min + minutes));
  return { date: t.toISOString().slice(0, 10), time: t.toISOString().slice(11, 16) };
}

/** A new event on `date`: at `time` for an hour. */
export function newDraft(date: string, time: string): EventDraft {
  const end = addMinutes(date, time, 60);
  return {
    title: '',
    allDay: false,
    startDate: date,
    startTime: time,
    endDate: end.date,
    endTime: end.time,
    location: '',
    notes: '',
    repeat: defaultChoice(date),
    assignees: [],
  };
}

/** The editor's fields for an existing event (an occurrence shows its own dates). */
export function draftOf(event: CalendarEvent, timeZone: string): EventDraft {
  const start = wallClock(event.start, timeZone);
  const end = wallClock(event.end, timeZone);
  const { last } = eventDays(event, timeZone);
  return {
    title: event.title,
    allDay: event.all_day,
    startDate: start.date,
    startTime: event.all_day ? '09:00' : start.time,
    endDate: event.all_day ? last : end.date,
    endTime: event.all_day ? '10:00' : end.time,
    location: event.location,
    notes: event.notes,
    repeat: choiceOf(event.rrule, start.date),
    assignees: assigneesOf(event),
  };
}

/** Moving the start moves the end along, so the event keeps its length. */
export function moveStart(draft: EventDraft, startDate: string, startTime: string): EventDraft {
  const before = Date.parse(`${draft.startDate}T${draft.startTime}:00Z`);
  const after = Date.parse(`${startDate}T${startTime || '00:00'}:00Z`);
  if (!Number.isFinite(before) || !Number.isFinite(after) || !draft.endDate) return { ...draft, startDate, startTime };
  const end = addMinutes(draft.endDate, draft.endTime || '00:00', Math.round((after - before) / 60_000));
  return { ...draft, startDate, startTime, endDate: end.date, endTime: draft.allDay ? draft.endTime : end.time };
}

function instant(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return instantOf({ year, month, day, hour, minute }, timeZone);
}

/** Minutes from start to end as the clock runs (a DST night has 23 or 25 hours). */
export function durationMinutes(draft: EventDraft, timeZone: string): number {
  return Math.round((instant(draft.endDate, draft.endTime, timeZone) - instant(draft.startDate, draft.startTime, timeZone)) / 60_000);
}

export type DraftErrors = Partial<Record<DraftField, string>>;

/** What the editor refuses before asking the server; the values are text keys. */
export function checkDraft(draft: EventDraft, timeZone: string): DraftErrors {
  const errors: Record<string, string> = {};
  if (!draft.title.trim()) errors.title = 'calendar.errors.titleMissing';
  if (!draft.startDate || (!draft.allDay && !draft.startTime)) errors.start = 'calendar.errors.startMissing';
  else if (!draft.endDate || (!draft.allDay && !draft.endTime)) errors.end = 'calendar.errors.endMissing';
  else if (draft.allDay) {
    if (draft.endDate < draft.startDate) errors.end = 'calendar.errors.endBeforeStart';
    else if (allDayCount(draft) > MAX_ALL_DAY_DAYS) errors.end = 'calendar.errors.allDayTooLong';
  } else {
    const minutes = durationMinutes(draft, timeZone);
    if (minutes <= 0) errors.end = 'calendar.errors.endBeforeStart';
    else if (minutes > LIMITS.durationMinutes) errors.end = 'calendar.errors.tooLong';
  }
  if (draft.repeat?.kind === 'weekly' && draft.repeat.weekdays.length === 0) errors.repeat = 'calendar.errors.noWeekday';
  return errors;
}

function whenOf(draft: EventDraft): SymbolicTime {
  return draft.allDay ? { kind: 'absolute', date: draft.startDate } : { kind: 'absolute', date: draft.startDate, time: draft.startTime };
}

/** Days of an all-day draft, first and last included. */
function allDayCount(draft: EventDraft): number {
  return Math.round((Date.parse(`${draft.endDate}T00:00:00Z`) - Date.parse(`${draft.startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `when` and what ends the event: its duration, or for an all-day event over several days its last day. */
function timingOf(draft: EventDraft, timeZone: string): Pick<CalendarCreateArgs, 'when' | 'duration_minutes' | 'last_day'> {
  if (!draft.allDay) return { when: whenOf(draft), duration_minutes: durationMinutes(draft, timeZone) };
  return { when: whenOf(draft), ...(draft.endDate > draft.startDate ? { last_day: { kind: 'absolute', date: draft.endDate } } : {}) };
}

/** The rule the draft stands for: its choice's, or (no choice shown) the event's own. */
export function ruleOf(draft: EventDraft, original: CalendarEvent | undefined): string | null {
  return draft.repeat ? buildRrule(draft.repeat) : (original?.rrule ?? null);
}

/** Whether the times changed in a way the update must send (`when` + duration). */
function timingChanged(draft: EventDraft, initial: EventDraft): boolean {
  if (draft.allDay !== initial.allDay || draft.startDate !== initial.startDate || draft.endDate !== initial.endDate) return true;
  return !draft.allDay && (draft.startTime !== initial.startTime || draft.endTime !== initial.endTime);
}

export function createArgs(draft: EventDraft, timeZone: string): CalendarCreateArgs {
  const rrule = ruleOf(draft, undefined);
  return {
    title: draft.title.trim(),
    ...timingOf(draft, timeZone),
    ...(draft.location.trim() ? { location: draft.location.trim() } : {}),
    ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
    ...(rrule ? { rrule } : {}),
    ...(draft.assignees.length ? { assignees: draft.assignees } : {}),
  };
}

/** Only what changed, so an edit of the title leaves a multi-day or imported event's times alone. */
export function updateArgs(event: CalendarEvent, draft: EventDraft, initial: EventDraft, timeZone: string): Omit<CalendarUpdateArgs, 'id'> {
  const rrule = ruleOf(draft, event);
  const before = event.rrule ?? null;
  return {
    ...(draft.title.trim() !== initial.title ? { title: draft.title.trim() } : {}),
    ...(timingChanged(draft, initial) ? timingOf(draft, timeZone) : {}),
    ...(draft.location.trim() !== initial.location ? { location: draft.location.trim() } : {}),
    ...(draft.notes.trim() !== initial.notes ? { notes: draft.notes.trim() } : {}),
    ...(rrule !== before ? { rrule } : {}),
    ...(draft.assignees.join() !== initial.assignees.join() ? { assignees: draft.assignees } : {}),
  };
}

/** calendar_create arguments that bring a deleted one-off event back as it was. */
export function recreateArgs(event: CalendarEvent, timeZone: string): CalendarCreateArgs {
  return createArgs({ ...draftOf(event, timeZone), repeat: undefined }, timeZone);
}

/**
 * Whether a deleted event can come back exactly through calendar_create (then undo, else a
 * confirmation): not a series, and not longer than the tool makes events (an imported one can be).
 */
export function canRecreate(event: CalendarEvent, timeZone: string): boolean {
  if (event.rrule) return false;
  const draft = draftOf(event, timeZone);
  return draft.allDay ? allDayCount(draft) <= MAX_ALL_DAY_DAYS : durationMinutes(draft, timeZone) <= LIMITS.durationMinutes;
}
