// Event -> reminder 30 minutes before (or as long before as its own alarm says). The reminder
// belongs to the event: it moves when the event moves and goes when the event goes.
import type { EventRecord } from '../../store';
import { newId, reminderAssigneeOf } from '../../store';
import type { HomeEnv } from '../../env';

export const EVENT_REMINDER_LEAD_MS = 30 * 60_000;

/** How long before its start an event reminds: its own lead (a calendar app's alarm) or 30 minutes. */
export function reminderLeadMs(event: Pick<EventRecord, 'reminderMinutes'>): number {
  return event.reminderMinutes === null || event.reminderMinutes === undefined ? EVENT_REMINDER_LEAD_MS : event.reminderMinutes * 60_000;
}

/**
 * After an event was created. All-day events get none (30 minutes before midnight helps
 * nobody), nor do events that have already begun (an imported history would otherwise
 * fire hundreds of reminders at once). Returns whether a reminder was written.
 */
export function remindForNewEvent(env: HomeEnv, event: EventRecord): boolean {
  if (event.allDay || event.startMs <= env.now.getTime()) return false;
  env.store.reminders.insert({
    id: newId('reminder'),
    text: event.title,
    atMs: event.startMs - reminderLeadMs(event),
    source: 'event',
    eventId: event.id,
    firedMs: null,
    createdMs: env.now.getTime(),
    // An event's reminder is for the person the event is for.
    assignee: reminderAssigneeOf(event),
  });
  return true;
}

/**
 * After an event was changed: its reminders follow the new start and title. A reminder
 * that moves into the future fires again. A reminder the user deleted is not recreated.
 * An event that became all-day loses its reminder.
 */
export function followEventChange(env: HomeEnv, event: EventRecord): boolean {
  const reminders = env.store.reminders.forEvent(event.id);
  for (const r of reminders) {
    if (event.allDay) {
      env.store.reminders.delete(r.id);
      continue;
    }
    const atMs = event.startMs - reminderLeadMs(event);
    const firedMs = atMs === r.atMs ? r.firedMs : atMs > env.now.getTime() ? null : r.firedMs;
    env.store.reminders.update({ ...r, text: event.title, atMs, firedMs, assignee: reminderAssigneeOf(event) });
  }
  return reminders.length > 0;
}

/** Before an event is deleted: its reminders go with it. */
export function dropEventReminders(env: HomeEnv, eventId: string): boolean {
  const reminders = env.store.reminders.forEvent(eventId);
  for (const r of reminders) env.store.reminders.delete(r.id);
  return reminders.length > 0;
}
