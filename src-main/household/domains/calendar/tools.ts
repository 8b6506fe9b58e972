import type { HomeDomain } from '../../../../src-shared';
import type { EventRecord } from '../../store';
import { assigneesOfRecord } from '../../store';
import { dropEventReminders, followEventChange, reminderLeadMs, remindForNewEvent } from './event-reminders';
import { calendarItems } from './read';
import { HomeError } from '../../errors';
import { presentEvent } from './present';
import { addDays, daysBetween, formatDateDe, formatTimeDe, localDateOf, startOfDay, today } from '../../time';
import { namedList, plural, q, read, resolveAt, type Handler } from '../handler';
import { describeRule } from './rule-words';
import { prepareSeries } from './series';
import { spanAfter } from './span';
import { deleteSeries, updateSeries } from './scopes';
import { describeWhen, getEvent, insertEvent } from './events';

export { describeWhen, followChange, getEvent, insertEvent, type NewEvent } from './events';
import { assigneeFilter, assigneeListOf, forWhom, forWhomAll } from '../assignee';

export const calendarList: Handler<'calendar_list'> = (args, env) => {
  const fromDate = args.from ? resolveAt(args.from, env, '/from').date : today(env.now, env.timezone);
  let days = args.days ?? 7;
  if (args.to) {
    if (args.days !== undefined) throw new HomeError('INVALID_INPUT', 'Bitte entweder days oder to angeben, nicht beides.', '/to');
    days = daysBetween(fromDate, resolveAt(args.to, env, '/to').date);
    if (days < 1 || days > 366)
      throw new HomeError('INVALID_INPUT', 'Der Zeitraum muss 1 bis 366 Tage lang sein (to liegt nach from).', '/to');
  }
  const fromMs = startOfDay(fromDate, env.timezone);
  const toMs = startOfDay(addDays(fromDate, days), env.timezone);
  const assignee = assigneeFilter(env, args.assignee);
  let events = calendarItems(env.store, env.timezone, fromMs, toMs);
  if (assignee !== undefined) events = events.filter((e) => e.assignees.includes(assignee));
  if (args.query) {
    const needle = args.query.toLowerCase();
    events = events.filter((e) => `${e.title}\n${e.location}\n${e.notes}`.toLowerCase().includes(needle));
  }
  const tz = env.timezone;
  const span =
    days === 1 ? `am ${formatDateDe(fromDate)}` : `vom ${formatDateDe(fromDate)} bis ${formatDateDe(addDays(fromDate, days - 1))}`;
  const message =
    events.length === 0
      ? `Keine Termine${forWhom(env, assignee)} ${span}.`
      : `${plural(events.length, 'Termin', 'Termine')}${forWhom(env, assignee)} ${span}: ${namedList(events, (e) => `${q(e.title)} ${e.allDay ? 'ganztägig' : `${formatDateDe(localDateOf(e.startMs, tz))} ${formatTimeDe(e.startMs, tz)}`}`)}.`;
  return read({ from: fromDate, to: addDays(fromDate, days), events: events.map((e) => e.present(tz)) }, message);
};

/** The record's two fields for a list of members: the first and everyone. */
function assigneeFields(assignees: readonly string[]): Pick<EventRecord, 'assignee' | 'assignees'> {
  return { assignee: assignees[0] ?? null, assignees };
}

export const calendarCreate: Handler<'calendar_create'> = (args, env) => {
  const span = spanAfter(env, args);
  const fields = {
    title: args.title.trim(),
    ...span,
    location: args.location ?? '',
    notes: args.notes ?? '',
    icsUid: null,
    ...assigneeFields(assigneeListOf(env, args.assignee, args.assignees) ?? []),
    reminderMinutes: args.reminder_minutes ?? null,
  };
  const series = args.rrule === undefined ? undefined : prepareSeries(env, fields, args.rrule, '/rrule');
  const { event, reminded } = insertEvent(env, { ...fields, ...series });
  const tz = env.timezone;
  let message = event.rrule
    ? `Serie ${q(event.title)} ${describeRule(event, tz)} eingetragen, zuerst ${describeWhen(event, tz)}.`
    : `Termin ${q(event.title)}${forWhomAll(env, assigneesOfRecord(event))} ${describeWhen(event, tz)} eingetragen.`;
  if (reminded && !event.rrule) message += ` Erinnerung um ${formatTimeDe(event.startMs - reminderLeadMs(event), tz)}.`;
  else if (reminded) message += ` Erinnerung jeweils ${reminderLeadMs(event) / 60_000} Minuten vorher.`;
  const domains: HomeDomain[] = reminded ? ['calendar', 'reminders'] : ['calendar'];
  return { data: presentEvent(event, tz), message, domains };
};

export const calendarUpdate: Handler<'calendar_update'> = (args, env) => {
  const found = getEvent(env, args.id);
  // Who it is for belongs to the whole series, whatever the scope.
  const assignees = assigneeListOf(env, args.assignee, args.assignees);
  const lead = args.reminder_minutes === undefined ? {} : { reminderMinutes: args.reminder_minutes };
  const before = { ...found, ...(assignees === undefined ? {} : assigneeFields(assignees)), ...lead };
  // Who it is for and when it reminds belong to the whole series, whatever the scope.
  if ((assignees !== undefined || args.reminder_minutes !== undefined) && (found.rrule || args.rrule))
    env.store.events.update({ ...before, updatedMs: env.now.getTime() });
  if (before.rrule || args.rrule) return updateSeries(env, before, args);
  const span = spanAfter(env, args, before);
  const event: EventRecord = {
    ...before,
    ...span,
    title: args.title?.trim() ?? before.title,
    location: args.location ?? before.location,
    notes: args.notes ?? before.notes,
    updatedMs: env.now.getTime(),
  };
  env.store.events.update(event);
  // A new lead brings back a reminder that was not there (a calendar app set an alarm).
  const remindersChanged = followEventChange(env, event) || (args.reminder_minutes !== undefined && remindForNewEvent(env, event));
  const moved = event.startMs !== before.startMs || event.endMs !== before.endMs;
  const message = moved
    ? `Termin ${q(event.title)} verschoben, jetzt ${describeWhen(event, env.timezone)}.`
    : `Termin ${q(event.title)} geändert.`;
  return { data: presentEvent(event, env.timezone), message, domains: remindersChanged ? ['calendar', 'reminders'] : ['calendar'] };
};

export const calendarDelete: Handler<'calendar_delete'> = (args, env) => {
  const event = getEvent(env, args.id);
  if (event.rrule) return deleteSeries(env, event, args);
  const remindersChanged = dropEventReminders(env, event.id);
  env.store.events.delete(event.id);
  return {
    data: presentEvent(event, env.timezone),
    message: `Termin ${q(event.title)} ${describeWhen(event, env.timezone)} gelöscht.`,
    domains: remindersChanged ? ['calendar', 'reminders'] : ['calendar'],
  };
};
