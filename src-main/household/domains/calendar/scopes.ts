// Editing and deleting series: one occurrence ("this": an override or an EXDATE), this
// and all following (the series ends before it and, for an edit, a new series takes over
// from it), or the whole series ("all").
import type { CalendarEvent, CalendarDeleteArgs, CalendarUpdateArgs, HomeDomain } from '../../../../src-shared';
import type { EventRecord, OverrideRecord } from '../../store';
import { dropEventReminders, remindForNewEvent } from './event-reminders';
import { syncSeriesReminder } from './series-reminders';
import type { HomeEnv } from '../../env';
import { HomeError } from '../../errors';
import { presentEvent, presentOccurrence } from './present';
import {
  formatRule,
  overrideOccurrence,
  parseRule,
  seriesDayOf,
  seriesDays,
  seriesEndOf,
  shapeOf,
  spanOnDay,
  type SeriesShape,
} from '../../recurrence';
import { weekdayOfDay } from '../../recurrence/expand';
import { civilOf } from '../../recurrence/expand';
import type { Outcome } from '../handler';
import { q } from '../handler';
import { describeWhen, getEvent, insertEvent } from './events';
import { spanAfter } from './span';
import { firstKey, occurrenceKey, prepareSeries, rekey, ruleOf, ruleSpan, utcStamp } from './series';

interface Fields {
  startMs: number;
  endMs: number;
  allDay: boolean;
  title: string;
  location: string;
  notes: string;
}

const BOTH: HomeDomain[] = ['calendar', 'reminders'];

/** The fields after the edit's changes, starting from `base` (the occurrence or event being edited). */
function applyChanges(env: HomeEnv, base: Fields, args: CalendarUpdateArgs): Fields {
  const span = spanAfter(env, args, base);
  return { ...span, title: args.title?.trim() ?? base.title, location: args.location ?? base.location, notes: args.notes ?? base.notes };
}

function fieldsOfOccurrence(e: EventRecord, shape: SeriesShape, key: number, override: OverrideRecord | undefined): Fields {
  if (override) return override;
  return { ...ruleSpan(shape, key), allDay: e.allDay, title: e.title, location: e.location, notes: e.notes };
}

/**
 * The rule after the series moved `dayDelta` days: a rule that named only the start's own
 * weekday (or day of the month) follows the move, so "every Monday" moved to a Tuesday
 * becomes "every Tuesday" instead of snapping back to Monday.
 */
function followMove(text: string, oldDay: number, newDay: number): string {
  if (oldDay === newDay) return text;
  const r = parseRule(text);
  if (r.freq === 'WEEKLY' && r.byDay.length === 1 && r.byDay[0]!.n === 0 && r.byDay[0]!.weekday === weekdayOfDay(oldDay)) {
    return formatRule({ ...r, byDay: [{ weekday: weekdayOfDay(newDay), n: 0 }] });
  }
  if (r.freq === 'MONTHLY' && r.byDay.length === 0 && r.byMonthDay.length === 1 && r.byMonthDay[0] === civilOf(oldDay).day) {
    return formatRule({ ...r, byMonthDay: [civilOf(newDay).day] });
  }
  return text;
}

function withoutCount(text: string, count: number | null): string {
  const r = parseRule(text);
  return formatRule({ ...r, count });
}

/** The rule ending just before the occurrence at `key`: UNTIL one second before it (the day before, for all-day series). */
function endingBefore(e: EventRecord, shape: SeriesShape, key: number): string {
  const r = parseRule(e.rrule!);
  const day = seriesDayOf(shape, key) - 1;
  const c = civilOf(day);
  const text = e.allDay ? `${c.year}${String(c.month).padStart(2, '0')}${String(c.day).padStart(2, '0')}` : utcStamp(key - 1000);
  return formatRule({ ...r, count: null, until: { day, second: null, utc: !e.allDay, text } });
}

/** Moves the exceptions at or after `fromKey` of series `from` to series `to` (days shifted by `dayDelta`). */
function carryExceptions(
  env: HomeEnv,
  from: EventRecord,
  fromShape: SeriesShape,
  to: EventRecord,
  dayDelta: number,
  fromKey: number,
  titleFrom?: Fields,
): EventRecord {
  const toShape = shapeOf(to, env.timezone);
  const overrides = env.store.events.overridesOf(from.id).filter((o) => o.occurrenceMs >= fromKey);
  const exdates = from.exdates.filter((k) => k >= fromKey);
  const keys = rekey([...exdates, ...overrides.map((o) => o.occurrenceMs)], fromShape, toShape, dayDelta);
  for (const o of overrides) {
    env.store.events.deleteOverride(from.id, o.occurrenceMs);
    const key = keys.get(o.occurrenceMs);
    if (key === undefined) continue;
    // An occurrence changed only in its words moves with the series; one moved by hand stays where it was put.
    const onlyWords = o.startMs === o.occurrenceMs;
    const shift = key - o.occurrenceMs;
    const length = onlyWords && !to.allDay ? to.endMs - to.startMs : o.endMs - o.startMs;
    const span = onlyWords
      ? { startMs: o.startMs + shift, endMs: o.startMs + shift + length, allDay: to.allDay }
      : { startMs: o.startMs, endMs: o.endMs, allDay: o.allDay };
    const words = {
      title: titleFrom && o.title === titleFrom.title ? to.title : o.title,
      location: titleFrom && o.location === titleFrom.location ? to.location : o.location,
      notes: titleFrom && o.notes === titleFrom.notes ? to.notes : o.notes,
    };
    env.store.events.putOverride({ ...o, ...span, ...words, eventId: to.id, occurrenceMs: key, updatedMs: env.now.getTime() });
  }
  const carried = exdates.map((k) => keys.get(k)).filter((k): k is number => k !== undefined);
  const kept = from.id === to.id ? carried : [...new Set([...to.exdates, ...carried])];
  return { ...to, exdates: kept };
}

function save(env: HomeEnv, e: EventRecord): EventRecord {
  const updated = { ...e, seriesEndMs: e.rrule ? seriesEndOf(shapeOf(e, env.timezone)) : null, updatedMs: env.now.getTime() };
  env.store.events.update(updated);
  return updated;
}

function occurrenceData(env: HomeEnv, e: EventRecord, key: number): CalendarEvent {
  const shape = shapeOf(e, env.timezone);
  const o = env.store.events.overridesOf(e.id).find((x) => x.occurrenceMs === key);
  const f = fieldsOfOccurrence(e, shape, key, o);
  return presentOccurrence(e, o ? overrideOccurrence(o) : { eventId: e.id, occurrenceMs: key, ...f, overridden: false }, env.timezone);
}

export function updateSeries(env: HomeEnv, before: EventRecord, args: CalendarUpdateArgs): Outcome<CalendarEvent> {
  const tz = env.timezone;
  if (!before.rrule) {
    // A one-off event gets a rule: it becomes a series from its (possibly new) start.
    const f = applyChanges(env, before, args);
    const series = prepareSeries(env, f, args.rrule!, '/rrule');
    dropEventReminders(env, before.id);
    const event = save(env, { ...before, ...f, ...series, exdates: [] });
    syncSeriesReminder(env, event);
    return {
      data: presentEvent(event, tz),
      message: `Termin ${q(event.title)} wiederholt sich jetzt, zuerst ${describeWhen(event, tz)}.`,
      domains: BOTH,
    };
  }
  const scope = args.scope ?? 'all';
  const shape = shapeOf(before, tz);
  if (scope === 'this' && args.rrule !== undefined)
    throw new HomeError(
      'INVALID_INPUT',
      'Die Wiederholungsregel gilt für mehrere Termine; mit scope „this“ lässt sie sich nicht ändern.',
      '/rrule',
    );
  const key = scope === 'all' && args.occurrence_start === undefined ? undefined : occurrenceKey(env, before, shape, args.occurrence_start);
  if (typeof args.rrule === 'string') ruleOf(args.rrule, '/rrule');

  if (scope === 'this') {
    const override = env.store.events.overridesOf(before.id).find((o) => o.occurrenceMs === key);
    const f = applyChanges(env, fieldsOfOccurrence(before, shape, key!, override), args);
    const o: OverrideRecord = { eventId: before.id, occurrenceMs: key!, ...f, updatedMs: env.now.getTime() };
    env.store.events.putOverride(o);
    syncSeriesReminder(env, before);
    const moved = f.startMs !== (override?.startMs ?? key) ? `, jetzt ${describeWhen(f, tz)}` : '';
    return {
      data: presentOccurrence(before, overrideOccurrence(o), tz),
      message: `Termin ${q(f.title)} (nur dieser Termin der Serie) geändert${moved}.`,
      domains: BOTH,
    };
  }

  const anchor = key ?? firstKey(before, shape);
  const split = scope === 'following' && anchor !== firstKey(before, shape);
  const base = fieldsOfOccurrence(before, shape, anchor, undefined);
  const f = applyChanges(env, base, args);
  const oldDay = seriesDayOf(shape, anchor);
  const newDay = seriesDayOf(shapeOf({ ...before, startMs: f.startMs, endMs: f.endMs, allDay: f.allDay }, tz), f.startMs);
  const dayDelta = newDay - oldDay;

  if (!split) {
    // The whole series: the same change (days moved, new time, new length) applies to its start.
    if (args.rrule === null) {
      env.store.events.deleteOverridesOf(before.id);
      dropEventReminders(env, before.id);
      const event = save(env, { ...before, ...f, rrule: null, exdates: [], tzid: null, remindedThroughMs: null });
      remindForNewEvent(env, event);
      return {
        data: presentEvent(event, tz),
        message: `Termin ${q(event.title)} wiederholt sich nicht mehr; er bleibt ${describeWhen(event, tz)}.`,
        domains: BOTH,
      };
    }
    const startProbe = shapeOf({ ...before, startMs: f.startMs, endMs: f.endMs, allDay: f.allDay }, tz);
    const start = spanOnDay(startProbe, shape.startDay + dayDelta);
    const rule = typeof args.rrule === 'string' ? args.rrule : followMove(before.rrule, oldDay, newDay);
    const series = prepareSeries(env, { ...start, allDay: f.allDay }, rule, '/rrule', before.tzid);
    let event: EventRecord = { ...before, ...f, ...series };
    event = carryExceptions(env, before, shape, event, dayDelta, Number.NEGATIVE_INFINITY, before);
    event = save(env, event);
    syncSeriesReminder(env, event);
    return {
      data: presentEvent(event, tz),
      message: `Alle Termine der Serie ${q(event.title)} geändert, zuerst ${describeWhen(event, tz)}.`,
      domains: BOTH,
    };
  }

  // This and all following: the series ends before the occurrence; a new one begins there.
  const rule = parseRule(before.rrule);
  const earlier = rule.count === null ? 0 : seriesDays(shape, shape.startDay, oldDay - 1, rule.count).length;
  let nextRule: string | null = null;
  if (args.rrule !== null) {
    nextRule =
      typeof args.rrule === 'string'
        ? args.rrule
        : followMove(withoutCount(before.rrule, rule.count === null ? null : Math.max(1, rule.count - earlier)), oldDay, newDay);
  }
  const old = save(env, { ...before, rrule: endingBefore(before, shape, anchor), exdates: before.exdates.filter((k) => k < anchor) });
  const fields = {
    title: f.title,
    location: f.location,
    notes: f.notes,
    startMs: f.startMs,
    endMs: f.endMs,
    allDay: f.allDay,
    icsUid: null,
  };
  let created = insertEvent(env, nextRule ? { ...fields, ...prepareSeries(env, f, nextRule, '/rrule', before.tzid) } : fields).event;
  if (created.rrule) {
    created = save(env, carryExceptions(env, before, shape, created, dayDelta, anchor, before));
    syncSeriesReminder(env, created);
  } else {
    env.store.events
      .overridesOf(before.id)
      .filter((o) => o.occurrenceMs >= anchor)
      .forEach((o) => env.store.events.deleteOverride(before.id, o.occurrenceMs));
  }
  syncSeriesReminder(env, getEvent(env, old.id));
  return {
    data: presentEvent(created, tz),
    message: `Serie ${q(before.title)} ab ${describeWhen(base, tz).replace(/^am /, '')} geändert, jetzt ${describeWhen(created, tz)}.`,
    domains: BOTH,
  };
}

export function deleteSeries(env: HomeEnv, e: EventRecord, args: CalendarDeleteArgs): Outcome<CalendarEvent> {
  const tz = env.timezone;
  const scope = args.scope ?? 'all';
  const shape = shapeOf(e, tz);
  const key = scope === 'all' ? undefined : occurrenceKey(env, e, shape, args.occurrence_start);
  if (key === undefined || (scope === 'following' && key === firstKey(e, shape))) {
    dropEventReminders(env, e.id);
    env.store.events.delete(e.id);
    return { data: presentEvent(e, tz), message: `Serie ${q(e.title)} gelöscht (alle Termine).`, domains: BOTH };
  }
  const data = occurrenceData(env, e, key);
  const when = describeWhen({ startMs: Date.parse(data.start), endMs: Date.parse(data.end), allDay: data.all_day }, tz);
  let event: EventRecord;
  if (scope === 'this') {
    env.store.events.deleteOverride(e.id, key);
    event = save(env, { ...e, exdates: [...e.exdates, key] });
  } else {
    for (const o of env.store.events.overridesOf(e.id)) if (o.occurrenceMs >= key) env.store.events.deleteOverride(e.id, o.occurrenceMs);
    event = save(env, { ...e, rrule: endingBefore(e, shape, key), exdates: e.exdates.filter((k) => k < key) });
  }
  syncSeriesReminder(env, event);
  const message =
    scope === 'this'
      ? `Termin ${q(data.title)} ${when} aus der Serie gelöscht.`
      : `Serie ${q(e.title)} endet vor dem Termin ${when}; dieser und alle folgenden sind gelöscht.`;
  return { data, message, domains: BOTH };
}
