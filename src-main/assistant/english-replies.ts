import { formatQuantity, type ExecutedToolCall } from '../../src-shared';

// The household tools confirm changes in German. A request in English gets its confirmation
// in English, written from the same persisted data; a tool this file does not know keeps
// its own message.

type Data = Record<string, unknown>;

const MEALS: Record<string, string> = { breakfast: 'breakfast', lunch: 'lunch', dinner: 'dinner', snack: 'snack' };

function str(data: Data, key: string): string {
  const v = data[key];
  return typeof v === 'string' ? v : '';
}

/** "2026-08-30T15:30:00+02:00" -> "2026-08-30 15:30"; all-day values keep the date only. */
function when(value: string, allDay = false): string {
  if (!value) return '';
  return allDay || value.length < 16 ? value.slice(0, 10) : `${value.slice(0, 10)} ${value.slice(11, 16)}`;
}

function amount(data: Data): string {
  const q = data.quantity;
  const u = str(data, 'unit');
  return typeof q === 'number' ? `${formatQuantity(q, 'en', u)}${u ? ` ${u}` : ''} ` : '';
}

export function englishMutationSentence(call: ExecutedToolCall): string | undefined {
  const data = call.result.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Data;
  const title = str(d, 'title');
  switch (call.tool) {
    case 'groceries_add':
      return `Added to the shopping list: ${amount(d)}${str(d, 'name')}.`;
    case 'groceries_update':
      return d.checked === true ? `Checked off: ${str(d, 'name')}.` : `Shopping list item changed: ${amount(d)}${str(d, 'name')}.`;
    case 'groceries_remove':
      return `Removed from the shopping list: ${str(d, 'name')}.`;
    case 'calendar_create':
      return `Added to the calendar: ${title}, ${when(str(d, 'start'), d.all_day === true)}${d.rrule ? ` (repeats: ${String(d.rrule)})` : ''}.`;
    case 'calendar_update':
      return `Appointment changed: ${title}, ${when(str(d, 'start'), d.all_day === true)}.`;
    case 'calendar_delete':
      return `Appointment deleted: ${title}.`;
    case 'tasks_create':
      return `Task added: ${title}${d.due ? `, due ${when(String(d.due), true)}` : ''}.`;
    case 'tasks_update':
      return d.status === 'done' ? `Task done: ${title}.` : `Task changed: ${title}.`;
    case 'tasks_delete':
      return `Task deleted: ${title}.`;
    case 'reminders_create':
      return `Reminder saved: ${str(d, 'text')}, ${when(str(d, 'at'))}.`;
    case 'reminders_delete':
      return `Reminder deleted: ${str(d, 'text')}.`;
    case 'reminders_snooze':
      return `Reminder moved: ${str(d, 'text')}, ${when(str(d, 'at'))}.`;
    case 'recipes_create':
      return `Recipe saved: ${title}.`;
    case 'recipes_update':
      return `Recipe changed: ${title}.`;
    case 'mealplan_create':
      return `Planned: ${title} for ${MEALS[str(d, 'meal')] ?? str(d, 'meal')} on ${str(d, 'date')}.`;
    case 'mealplan_update':
      return `Meal plan changed: ${title}, ${MEALS[str(d, 'meal')] ?? str(d, 'meal')} on ${str(d, 'date')}.`;
    case 'mealplan_delete':
      return `Removed from the meal plan: ${title}.`;
    case 'kanban_create':
      return `Card added: ${title} (${str(d, 'column')}).`;
    case 'kanban_move':
      return `Card moved: ${title} to ${str(d, 'column')}.`;
    case 'kanban_delete':
      return `Card deleted: ${title}.`;
    default:
      return undefined;
  }
}
