// Repeating tasks (chores): a task with a rule. Ticking one off keeps it, done, as history
// and adds the next one, due on the rule's next day after its own due (or after today, when
// it was done late), with everything else it had.
import type { TaskRecord } from '../../store';
import { newId } from '../../store';
import type { HomeEnv } from '../../env';
import { HomeError } from '../../errors';
import { firstOccurrenceFrom, formatRule, shapeOf } from '../../recurrence';
import { localDateOf, startOfDay, today } from '../../time';
import { ruleOf } from '../calendar/series';

/** The rule as stored (canonical); refused in words when it cannot be a task's. */
export function taskRuleOf(text: string, path: string): string {
  const rule = ruleOf(text, path);
  // Each occurrence is its own task, so a count would start again with every one.
  if (rule.count !== null)
    throw new HomeError(
      'INVALID_INPUT',
      'Eine Aufgabe wiederholt sich ohne Ende oder bis zu einem Tag (UNTIL), nicht eine Anzahl Mal.',
      path,
    );
  return formatRule(rule);
}

/** Where a repeating task without a due date starts: today. */
export function seriesStart(env: HomeEnv): number {
  return startOfDay(today(env.now, env.timezone), env.timezone);
}

/** The task after `done` in its series, or undefined when the rule has ended. */
export function nextOccurrence(env: HomeEnv, done: TaskRecord): TaskRecord | undefined {
  if (!done.rrule) return undefined;
  const anchor = done.dueMs ?? seriesStart(env);
  const allDay = anchor === startOfDay(localDateOf(anchor, env.timezone), env.timezone);
  const shape = shapeOf({ rrule: done.rrule, tzid: null, startMs: anchor, endMs: anchor, allDay }, env.timezone);
  // Done late: the next one is the first still to come, not one already past.
  const after = Math.max(anchor + 1, allDay ? seriesStart(env) + 1 : env.now.getTime() + 1);
  const next = firstOccurrenceFrom(shape, after);
  if (!next || (shape.untilMs !== null && next.startMs > shape.untilMs)) return undefined;
  const nowMs = env.now.getTime();
  return {
    ...done,
    id: newId('task'),
    dueMs: next.startMs,
    status: 'open',
    createdMs: nowMs,
    updatedMs: nowMs,
    icsUid: null,
    seriesId: done.seriesId ?? done.id,
  };
}
