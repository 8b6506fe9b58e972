import type { Task } from '../../../../src-shared';
import type { TaskRecord } from '../../store';
import { toRfc3339 } from '../../time';

export function presentTask(t: TaskRecord, tz: string): Task {
  return {
    id: t.id,
    title: t.title,
    notes: t.notes,
    due: t.dueMs === null ? null : toRfc3339(t.dueMs, tz),
    priority: t.priority,
    status: t.status,
    tags: t.tags,
    created_at: toRfc3339(t.createdMs, tz),
    updated_at: toRfc3339(t.updatedMs, tz),
    assignee: t.assignee ?? null,
    rrule: t.rrule ?? null,
    series_id: t.seriesId ?? null,
  };
}
