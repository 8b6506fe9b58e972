import {
  formatGroceryLine,
  groceryAmountsOf,
  type CalendarEvent,
  type ExecutedToolCall,
  type GroceryItem,
  type MealPlanEntry,
  type Task,
  type ToolResult,
} from '../../src-shared';
import { englishMutationSentence, englishReadSentence } from './english-replies';
import { failureWords } from './failure-words';

// Replies the server writes itself, from what the tools actually returned. The model's prose
// never confirms a change: "Keine Tool-Ausführung = kein Commit".

export type Lang = 'de' | 'en';

/** Why the model could not answer (the `reason` of OllamaConnection's failed choice). */
export type ModelTrouble = 'unreachable' | 'no-tool-model' | 'model-missing' | 'model-without-tools' | 'model-error';

/**
 * The one sentence a family reads when a request needed the model and there is none. The
 * technical cause (address, error code, model name) goes to the trace and to Wissen & System.
 */
export function modelUnavailableSentence(trouble: ModelTrouble, lang: Lang): string {
  if (trouble === 'unreachable') {
    return lang === 'en'
      ? 'For that I need the language model, and it cannot be reached right now – household commands like “What’s on tomorrow?” still work.'
      : 'Dafür brauche ich das Sprachmodell, und das ist gerade nicht erreichbar – Haushaltsbefehle wie „Was steht morgen an?“ funktionieren trotzdem.';
  }
  if (trouble === 'model-error') {
    return lang === 'en'
      ? 'The language model ran into an error just now – please try again in a moment.'
      : 'Das Sprachmodell hatte gerade einen Fehler – bitte versuch es gleich noch einmal.';
  }
  return lang === 'en'
    ? 'For that I need a language model, and none is set up yet – Knowledge & System says what is missing.'
    : 'Dafür brauche ich ein Sprachmodell, und es ist noch keins eingerichtet – in Wissen & System steht, was fehlt.';
}

/** A failed call's sentence: why, in the family's words (never the tool's name or an id). */
export function failureSentence(tool: string, result: ToolResult, lang: Lang): string {
  const why = failureWords(tool, result, lang);
  if (lang === 'en') return why ? `That did not work: ${why}` : 'That did not work.';
  return why ? `Das hat nicht geklappt: ${why}` : 'Das hat nicht geklappt.';
}

/**
 * The reply for a request whose tools changed something or failed: one sentence per
 * mutation or failure, taken from the persisted results in order.
 */
export function replyFromResults(calls: readonly ExecutedToolCall[], lang: Lang): string {
  const lines: string[] = [];
  for (const call of calls) {
    if (!call.result.success) lines.push(failureSentence(call.tool, call.result, lang));
    else if (call.result.mutated) lines.push((lang === 'en' ? englishMutationSentence(call) : undefined) ?? call.result.message);
  }
  if (lines.length === 0) {
    const last = calls.at(-1);
    if (last) lines.push(describeRead(last, lang));
  } else {
    // A read after the last change was asked for ("… und such ein Rezept mit Tomaten");
    // reads before it only found the ids the change needed.
    let lastChange = calls.length - 1;
    while (lastChange >= 0 && calls[lastChange]!.result.success && !calls[lastChange]!.result.mutated) lastChange--;
    for (const call of calls.slice(lastChange + 1)) lines.push(describeRead(call, lang));
  }
  return lines.join('\n');
}

/** A read result as a sentence: lists are written out, other results use the tool's message. */
export function describeRead(call: ExecutedToolCall, lang: Lang): string {
  const data = call.result.data as Record<string, unknown> | undefined;
  if (!call.result.success) return failureSentence(call.tool, call.result, lang);
  if (data && Array.isArray(data.events)) return listEvents(data.events as CalendarEvent[], lang);
  if (data && Array.isArray(data.items) && call.tool === 'groceries_list') return listGroceries(data.items as GroceryItem[], lang);
  if (data && Array.isArray(data.meals)) return listMeals(data.meals as MealPlanEntry[], lang);
  if (data && Array.isArray(data.tasks)) return listTasks(data.tasks as Task[], lang);
  if (lang === 'en') return englishReadSentence(call) ?? call.result.message;
  return call.result.message;
}

function timeOf(rfc3339: string): string {
  return rfc3339.slice(11, 16);
}

function listEvents(events: readonly CalendarEvent[], lang: Lang): string {
  if (events.length === 0) return lang === 'en' ? 'No appointments.' : 'Keine Termine.';
  const items = events.map(
    (e) => `${e.all_day ? (lang === 'en' ? 'all day' : 'ganztägig') : timeOf(e.start)} ${e.title}${e.location ? ` (${e.location})` : ''}`,
  );
  const days = new Set(events.map((e) => e.start.slice(0, 10)));
  const prefix = days.size > 1 ? events.map((e, i) => `${e.start.slice(0, 10)} ${items[i]}`) : items;
  return `${lang === 'en' ? 'Appointments' : 'Termine'}: ${prefix.join('; ')}.`;
}

function listGroceries(items: readonly GroceryItem[], lang: Lang): string {
  const open = items.filter((i) => !i.checked);
  if (open.length === 0) return lang === 'en' ? 'The shopping list is empty.' : 'Die Einkaufsliste ist leer.';
  return `${lang === 'en' ? 'On the shopping list' : 'Auf der Einkaufsliste'}: ${open.map((i) => formatGroceryLine(i.name, groceryAmountsOf(i), lang)).join(', ')}.`;
}

const MEAL_WORDS: Record<string, [string, string]> = {
  breakfast: ['Frühstück', 'breakfast'],
  lunch: ['Mittagessen', 'lunch'],
  dinner: ['Abendessen', 'dinner'],
  snack: ['Snack', 'snack'],
};

function listMeals(meals: readonly MealPlanEntry[], lang: Lang): string {
  if (meals.length === 0) return lang === 'en' ? 'Nothing is planned.' : 'Dafür ist noch nichts geplant.';
  const word = (m: string) => MEAL_WORDS[m]?.[lang === 'en' ? 1 : 0] ?? m;
  const days = new Set(meals.map((m) => m.date));
  return meals
    .map(
      (m) =>
        `${days.size > 1 ? `${m.date} ` : ''}${word(m.meal)}: ${m.title}${lang === 'en' ? ` (${m.servings} servings)` : ` (${m.servings} Portionen)`}`,
    )
    .join('; ')
    .concat('.');
}

function listTasks(tasks: readonly Task[], lang: Lang): string {
  const open = tasks.filter((t) => t.status !== 'done');
  if (open.length === 0) return lang === 'en' ? 'No open tasks.' : 'Keine offenen Aufgaben.';
  return `${lang === 'en' ? 'Open tasks' : 'Offene Aufgaben'}: ${open.map((t) => t.title).join(', ')}.`;
}
