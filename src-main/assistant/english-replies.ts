import { formatGroceryLine, groceryAmountsOf, KANBAN_COLUMN_WORDS, type ExecutedToolCall, type GroceryAmount } from '../../src-shared';
import { describeRuleEn } from '../household';

// The household tools confirm changes in German. A request in English gets its confirmation
// in English, written from the same persisted data; a tool this file does not know keeps
// its own message.

type Data = Record<string, unknown>;

const COLUMNS: Readonly<Record<string, string>> = KANBAN_COLUMN_WORDS.en;

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

/** "2 l milk", "Milch (1 l + 2)": a shopping-list line with every amount it holds. */
function line(data: Data): string {
  const amounts = groceryAmountsOf({
    ...(Array.isArray(data.amounts) ? { amounts: data.amounts as GroceryAmount[] } : {}),
    quantity: typeof data.quantity === 'number' ? data.quantity : null,
    unit: str(data, 'unit') || null,
  });
  return formatGroceryLine(str(data, 'name'), amounts, 'en');
}

/** " (repeats weekly on Tuesday)" for a series; a rule the words cannot read stays unsaid. */
function repeats(data: Data): string {
  if (typeof data.rrule !== 'string' || !data.rrule) return '';
  try {
    return ` (repeats ${describeRuleEn(data.rrule)})`;
  } catch {
    return ' (repeats)';
  }
}

/** A read the German tool message describes, in English from its data. */
export function englishReadSentence(call: ExecutedToolCall): string | undefined {
  const data = call.result.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Data;
  switch (call.tool) {
    case 'system_get_time':
      return `It is ${str(d, 'weekday').replace(/^./, (c) => c.toUpperCase())}, ${str(d, 'date')}, ${str(d, 'time')} (${str(d, 'timezone')}).`;
    case 'recipes_get': {
      const n = Array.isArray(d.ingredients) ? d.ingredients.length : 0;
      return `Recipe ${str(d, 'title')}: ${String(d.servings)} servings, ${n} ${n === 1 ? 'ingredient' : 'ingredients'}.`;
    }
    case 'recipes_list':
    case 'recipes_search': {
      const recipes = Array.isArray(d.recipes) ? (d.recipes as Data[]) : [];
      return recipes.length === 0 ? 'No recipes found.' : `Recipes: ${recipes.map((r) => str(r, 'title')).join(', ')}.`;
    }
    case 'kanban_list': {
      const cards = Array.isArray(d.cards) ? (d.cards as Data[]) : [];
      return cards.length === 0
        ? 'No Kanban cards.'
        : `${cards.length === 1 ? '1 card' : `${cards.length} cards`}: ${cards.map((c) => `${str(c, 'title')} (${COLUMNS[str(c, 'column')] ?? str(c, 'column')})`).join(', ')}.`;
    }
    case 'groceries_sync_mealplan':
      return englishMutationSentence(call);
    default:
      return undefined;
  }
}

export function englishMutationSentence(call: ExecutedToolCall): string | undefined {
  const data = call.result.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Data;
  const title = str(d, 'title');
  switch (call.tool) {
    case 'groceries_add':
      if (d.merged === true) return `Already on the shopping list – merged: ${line(d)}.`;
      return `Added to the shopping list: ${line(d)}.`;
    case 'groceries_update':
      return d.checked === true ? `Checked off: ${str(d, 'name')}.` : `Shopping list item changed: ${line(d)}.`;
    case 'groceries_remove':
      return `Removed from the shopping list: ${str(d, 'name')}.`;
    case 'calendar_create':
      return `Added to the calendar: ${title}, ${when(str(d, 'start'), d.all_day === true)}${repeats(d)}.`;
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
      return `Card added: ${title} (${COLUMNS[str(d, 'column')] ?? str(d, 'column')}).`;
    case 'kanban_move':
      return `Card moved: ${title} to ${COLUMNS[str(d, 'column')] ?? str(d, 'column')}.`;
    case 'kanban_delete':
      return `Card deleted: ${title}.`;
    case 'groceries_sync_mealplan': {
      const items = Array.isArray(d.items) ? (d.items as Data[]) : [];
      return items.length === 0
        ? 'The meal plan needs nothing from the shop.'
        : `Shopping list from the meal plan: ${items.map((i) => `${line(i)}`).join(', ')}.`;
    }
    default:
      return undefined;
  }
}
