import type { Reminder } from '../../../../src-shared';
import type { ReminderRecord } from '../../store';
import { toRfc3339 } from '../../time';

export function presentReminder(r: ReminderRecord, tz: string): Reminder {
  return {
    id: r.id,
    text: r.text,
    at: toRfc3339(r.atMs, tz),
    source: r.source,
    event_id: r.eventId,
    fired_at: r.firedMs === null ? null : toRfc3339(r.firedMs, tz),
    created_at: toRfc3339(r.createdMs, tz),
    assignee: r.assignee ?? null,
  };
}
