// A series reminds of each occurrence, 30 minutes before, like a one-off event. Only the
// next occurrence has a reminder row at a time: when it has begun, the due-reminder pass
// makes the one for the occurrence after it. A master that was off for a week therefore
// fires the one reminder it missed, not one per missed occurrence.
import type { EventRecord } from '../../store';
import { newId, reminderAssigneeOf } from '../../store';
import type { HomeEnv } from '../../env';
import { nextOccurrence } from './read';
import { reminderLeadMs } from './event-reminders';

/** How long a series without a next occurrence is left alone before the pass looks again. */
const RECHECK_MS = 30 * 86_400_000;

/**
 * After a series was created or changed, and from the due-reminder pass: the series' pending
 * reminder belongs to its next occurrence, at that occurrence's (possibly moved) start and
 * title. A reminder that already fired for that occurrence stays fired unless it moved into
 * the future. Returns whether reminders changed.
 */
export function syncSeriesReminder(env: HomeEnv, series: EventRecord): boolean {
  const now = env.now.getTime();
  const existing = env.store.reminders.forEvent(series.id);
  const next = series.allDay ? undefined : nextOccurrence(env.store, series, env.timezone, now);
  let changed = false;
  const mine = next ? existing.find((r) => r.occurrenceMs === next.occurrenceMs) : undefined;
  for (const r of existing) {
    if (r === mine || r.firedMs !== null) continue;
    env.store.reminders.delete(r.id);
    changed = true;
  }
  if (next && !next.allDay) {
    const atMs = next.startMs - reminderLeadMs(series);
    const assignee = reminderAssigneeOf(series);
    if (mine) {
      if (mine.atMs !== atMs || mine.text !== next.title || (mine.assignee ?? null) !== assignee) {
        env.store.reminders.update({
          ...mine,
          text: next.title,
          atMs,
          assignee,
          firedMs: atMs === mine.atMs ? mine.firedMs : atMs > now ? null : mine.firedMs,
        });
        changed = true;
      }
    } else {
      env.store.reminders.insert({
        id: newId('reminder'),
        text: next.title,
        atMs,
        source: 'event',
        eventId: series.id,
        firedMs: null,
        createdMs: now,
        occurrenceMs: next.occurrenceMs,
        assignee,
      });
      changed = true;
    }
  }
  const through = next ? next.startMs : now + RECHECK_MS;
  if (series.remindedThroughMs !== through) env.store.events.update({ ...series, remindedThroughMs: through });
  return changed;
}

/** From the due-reminder pass: every timed series whose reminded occurrence has begun moves on to its next one. */
export function rollSeriesReminders(env: HomeEnv): boolean {
  let changed = false;
  for (const series of env.store.events.seriesToRemind(env.now.getTime())) changed = syncSeriesReminder(env, series) || changed;
  return changed;
}
