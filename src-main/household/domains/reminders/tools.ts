import { SNOOZE_DEFAULT_MINUTES } from '../../../../src-shared';
import type { ReminderRecord } from '../../store';
import { newId } from '../../store';
import type { HomeEnv } from '../../env';
import { notFound } from '../../errors';
import { presentReminder } from './present';
import { formatDateTimeDe } from '../../time';
import { namedList, q, read, resolveAt, type Handler } from '../handler';
import { askingMember, assigneeFilter, assigneeOf, forWhom } from '../assignee';

/** A reminder without a time of day rings in the morning, not at midnight. */
const DEFAULT_REMINDER_TIME = '09:00';

function getReminder(env: HomeEnv, id: string): ReminderRecord {
  const r = env.store.reminders.get(id);
  if (!r) throw notFound(id);
  return r;
}

export const remindersList: Handler<'reminders_list'> = (args, env) => {
  const assignee = assigneeFilter(env, args.assignee);
  const all = args.include_fired ? env.store.reminders.pendingOrFiredSince(0) : env.store.reminders.pending();
  const reminders = assignee === undefined ? all : all.filter((r) => r.assignee === assignee);
  const tz = env.timezone;
  const message =
    reminders.length === 0
      ? `Keine ausstehenden Erinnerungen${forWhom(env, assignee)}.`
      : `${reminders.length === 1 ? '1 Erinnerung' : `${reminders.length} Erinnerungen`}${forWhom(env, assignee)}: ${namedList(reminders, (r) => `${q(r.text)} am ${formatDateTimeDe(r.atMs, tz)}`)}.`;
  return read({ reminders: reminders.map((r) => presentReminder(r, tz)) }, message);
};

export const remindersCreate: Handler<'reminders_create'> = (args, env) => {
  const when = args.when.time === undefined ? { ...args.when, time: DEFAULT_REMINDER_TIME } : args.when;
  const at = resolveAt(when, env, '/when');
  const reminder: ReminderRecord = {
    id: newId('reminder'),
    text: args.text.trim(),
    atMs: at.ms,
    source: 'manual',
    eventId: null,
    firedMs: null,
    createdMs: env.now.getTime(),
    // "Erinnere mich …" to the assistant is the asking member's reminder.
    assignee: assigneeOf(env, args.assignee) ?? (env.actor === 'assistant' ? askingMember(env).id : null),
  };
  env.store.reminders.insert(reminder);
  return {
    data: presentReminder(reminder, env.timezone),
    message: `Erinnerung ${q(reminder.text)}${forWhom(env, reminder.assignee)} am ${formatDateTimeDe(reminder.atMs, env.timezone)} gespeichert.`,
    domains: ['reminders'],
  };
};

export const remindersDelete: Handler<'reminders_delete'> = (args, env) => {
  const reminder = getReminder(env, args.id);
  env.store.reminders.delete(reminder.id);
  return { data: presentReminder(reminder, env.timezone), message: `Erinnerung ${q(reminder.text)} gelöscht.`, domains: ['reminders'] };
};

/**
 * "Später noch einmal": the same reminder (its text, person, event and id) rings again
 * `minutes` after now, or after its own time if that is later, on a whole minute.
 */
export const remindersSnooze: Handler<'reminders_snooze'> = (args, env) => {
  const reminder = getReminder(env, args.id);
  const minutes = args.minutes ?? SNOOZE_DEFAULT_MINUTES;
  const from = Math.max(env.now.getTime(), reminder.atMs);
  const atMs = Math.ceil((from + minutes * 60_000) / 60_000) * 60_000;
  const moved: ReminderRecord = { ...reminder, atMs, firedMs: null };
  env.store.reminders.update(moved);
  return {
    data: presentReminder(moved, env.timezone),
    message: `Erinnerung ${q(moved.text)}${forWhom(env, moved.assignee)} kommt wieder am ${formatDateTimeDe(atMs, env.timezone)}.`,
    domains: ['reminders'],
  };
};
