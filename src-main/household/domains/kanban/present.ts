import type { KanbanCard } from '../../../../src-shared';
import type { CardRecord } from '../../store';
import { toRfc3339 } from '../../time';

export function presentCard(c: CardRecord, tz: string): KanbanCard {
  return {
    id: c.id,
    title: c.title,
    column: c.column,
    order: c.position,
    task_id: c.taskId,
    manual_override: c.manualOverride,
    created_at: toRfc3339(c.createdMs, tz),
    updated_at: toRfc3339(c.updatedMs, tz),
    assignee: c.assignee ?? null,
  };
}
