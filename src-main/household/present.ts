// Store records -> the entities tools return and the UI shows (RFC3339 in the household zone).
import {
  groceryAmountFields,
  type CalendarEvent,
  type GroceryItem,
  type KanbanCard,
  type MealPlanEntry,
  type Recipe,
  type Reminder,
  type Task,
} from '../../src-shared';
import { groceryLineAmounts } from './quantities';
import {
  assigneesOfRecord,
  type CardRecord,
  type EventRecord,
  type GroceryRecord,
  type MealRecord,
  type RecipeRecord,
  type ReminderRecord,
  type TaskRecord,
} from './store';
import type { Occurrence } from './recurrence';
import { toRfc3339 } from './time';

/** Who an event is for: the first (for clients that know one) and everyone. */
function assigneesView(e: EventRecord): Pick<CalendarEvent, 'assignee' | 'assignees'> {
  const list = assigneesOfRecord(e);
  return { assignee: list[0] ?? null, assignees: [...list] };
}

/** A one-off event, or a series as its first occurrence. */
export function presentEvent(e: EventRecord, tz: string): CalendarEvent {
  return {
    id: e.id,
    title: e.title,
    start: toRfc3339(e.startMs, tz),
    end: toRfc3339(e.endMs, tz),
    all_day: e.allDay,
    location: e.location,
    notes: e.notes,
    created_at: toRfc3339(e.createdMs, tz),
    updated_at: toRfc3339(e.updatedMs, tz),
    rrule: e.rrule,
    occurrence_start: e.rrule ? toRfc3339(e.startMs, tz) : null,
    overridden: false,
    ...assigneesView(e),
  };
}

/** One occurrence of series `e`. */
export function presentOccurrence(e: EventRecord, o: Occurrence, tz: string): CalendarEvent {
  return {
    id: e.id,
    title: o.title,
    start: toRfc3339(o.startMs, tz),
    end: toRfc3339(o.endMs, tz),
    all_day: o.allDay,
    location: o.location,
    notes: o.notes,
    created_at: toRfc3339(e.createdMs, tz),
    updated_at: toRfc3339(e.updatedMs, tz),
    rrule: e.rrule,
    occurrence_start: toRfc3339(o.occurrenceMs, tz),
    overridden: o.overridden,
    ...assigneesView(e),
  };
}

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

export function presentGrocery(g: GroceryRecord, tz: string): GroceryItem {
  return {
    id: g.id,
    name: g.name,
    ...groceryAmountFields(groceryLineAmounts(g)),
    checked: g.checked,
    source: g.source,
    meal_ids: g.mealIds,
    created_at: toRfc3339(g.createdMs, tz),
    updated_at: toRfc3339(g.updatedMs, tz),
  };
}

export function presentRecipe(r: RecipeRecord, tz: string): Recipe {
  return {
    id: r.id,
    title: r.title,
    servings: r.servings,
    ingredients: r.ingredients,
    steps: r.steps,
    tags: r.tags,
    created_at: toRfc3339(r.createdMs, tz),
    updated_at: toRfc3339(r.updatedMs, tz),
  };
}

export function presentMeal(m: MealRecord, tz: string): MealPlanEntry {
  return {
    id: m.id,
    date: m.date,
    meal: m.meal,
    title: m.title,
    recipe_id: m.recipeId,
    servings: m.servings,
    created_at: toRfc3339(m.createdMs, tz),
    updated_at: toRfc3339(m.updatedMs, tz),
  };
}

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
