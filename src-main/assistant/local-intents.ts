import { parseGroceryItem, type Recipe, type SymbolicTime, type Task } from '../../src-shared';
import { dayOverview } from './day-overview';
import { homeAssistantRoomIntent } from './home-assistant-intent';
import { HOME_INTENT_NAMES, HOME_MATCHERS } from './home-intents';
import type { IntentContext, LocalIntent, Matcher } from './intent-contract';
import { remindersAdd } from './reminder-intent';
import { choresAdd, choresDone } from './chore-intent';
import { describeRead, failureSentence, replyFromResults, type Lang } from './replies';
import { findDay, findMeal, findServings, findTime } from './time-phrases';
import { findRecurrence, findSeriesTime } from './recurrence-phrases';

export type { HomeAreaLookup, IntentContext, IntentOutcome, LocalIntent, ToolRunner } from './intent-contract';

// Deterministic sentence templates for the household's frequent commands (beyond the spec,
// in the spirit of Home Assistant's local intents): they produce the same tool calls the
// model would, answer in well under a millisecond and work while Ollama is down. A template
// only fires when the whole sentence fits it; anything else goes to the model.

export const LOCAL_INTENT_NAMES = [
  'groceries.add',
  'groceries.list',
  'calendar.add',
  'calendar.day',
  'day.overview',
  'reminders.add',
  'tasks.add',
  'chores.add',
  'chores.done',
  'tasks.complete',
  'tasks.mine',
  'meals.what',
  'meals.plan',
  'followup.move',
  'followup.shopping',
  ...HOME_INTENT_NAMES,
  'homeassistant.light',
  'homeassistant.cover',
] as const;

export function matchLocalIntent(message: string, ctx: IntentContext): LocalIntent | undefined {
  const text = normalise(message);
  if (!text) return undefined;
  for (const matcher of MATCHERS) {
    const intent = matcher(text, ctx);
    if (intent) return intent;
  }
  return undefined;
}

function normalise(message: string): string {
  return message
    .trim()
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^(?:bitte|please|jarvis)[, ]+/i, '')
    .replace(/[, ]+(?:bitte|please)(?=[.!?]*$)/i, '')
    .replace(/[.!]+$/, '')
    .trim();
}

// ---------------------------------------------------------------------------- groceries

const GROCERY_ADD: readonly [RegExp, Lang][] = [
  [
    /^(?:füge|füg|setze|setz|schreibe|schreib|packe|pack|tu|tue)\s+(?<items>.+?)\s+(?:zur|auf die|in die|auf den)\s+(?:einkaufsliste|einkaufszettel|liste)(?:\s+(?:hinzu|dazu|drauf))?$/iu,
    'de',
  ],
  [/^(?<items>.+?)\s+(?:auf die|zur)\s+einkaufsliste$/iu, 'de'],
  [/^(?:add|put)\s+(?<items>.+?)\s+(?:to|on)\s+(?:the |my )?(?:shopping|grocery|groceries)(?: list)?$/iu, 'en'],
];

// The UI's shopping-list field reads items with the same parser.
export { parseGroceryItem };

const groceriesAdd: Matcher = (text) => {
  for (const [re, lang] of GROCERY_ADD) {
    const m = re.exec(text);
    if (!m?.groups?.items) continue;
    const phrases = m.groups.items.split(/\s*,\s*|\s+(?:und|and)\s+/i);
    const items = phrases.map(parseGroceryItem);
    if (items.some((i) => !i) || items.length > 10) return undefined;
    return {
      name: 'groceries.add',
      lang,
      async run(call) {
        const calls = [];
        for (const item of items) calls.push({ tool: 'groceries_add', arguments: item!, result: await call('groceries_add', item!) });
        return { reply: replyFromResults(calls, lang) };
      },
    };
  }
  return undefined;
};

const GROCERY_LIST: readonly [RegExp, Lang][] = [
  [
    /^(?:was steht|was ist|was haben wir|was habe ich|was brauchen wir)\s+(?:auf|von)\s+(?:der|meiner|unserer)\s+(?:einkaufsliste|liste)\??$/iu,
    'de',
  ],
  [/^(?:zeige?|zeig mir|zeige mir|liste)\s+(?:die |meine |unsere )?einkaufsliste(?: an)?$/iu, 'de'],
  [/^einkaufsliste\??$/iu, 'de'],
  [/^(?:what(?:'s| is) on|show(?: me)?|read)\s+(?:the |my |our )?(?:shopping|grocery) list\??$/iu, 'en'],
];

const groceriesList: Matcher = (text) => {
  const lang = firstMatch(GROCERY_LIST, text);
  if (!lang) return undefined;
  return {
    name: 'groceries.list',
    lang,
    async run(call) {
      const result = await call('groceries_list', {});
      return { reply: describeRead({ tool: 'groceries_list', arguments: {}, result }, lang) };
    },
  };
};

// ---------------------------------------------------------------------------- calendar

const CALENDAR_ADD: readonly [RegExp, Lang][] = [
  [/^(?:trage|trag)\s+(?<what>.+?)\s+(?:in den|im|in meinen|in unseren)\s+kalender\s+ein$/iu, 'de'],
  [/^(?:trage|trag)\s+(?<what>.+?)\s+ein$/iu, 'de'],
  [/^(?:neuer termin|termin)\s*:\s*(?<what>.+)$/iu, 'de'],
  [/^(?:add|put|schedule)\s+(?<what>.+?)\s+(?:to|in|on|into)\s+(?:the |my |our )?calendar$/iu, 'en'],
  [/^(?:new appointment|new event)\s*:\s*(?<what>.+)$/iu, 'en'],
];

/** "Turnen jeden Montag 17 Uhr": a series, starting where the phrase says (or at a day named besides). */
function seriesArgs(what: string, ctx: IntentContext): { title: string; when: SymbolicTime; rrule: string } | undefined {
  const recurrence = findRecurrence(what);
  if (!recurrence) return undefined;
  const time = findSeriesTime(recurrence.rest);
  let rest = time ? time.rest : recurrence.rest;
  const from = /\b(?:ab|from|starting)\b/i.test(rest) ? findDay(rest.replace(/\b(?:ab|from|starting)\b/i, ''), ctx.today) : undefined;
  if (from) rest = from.rest;
  const title = cleanTitle(rest);
  if (!title) return undefined;
  const day = from?.value ?? recurrence.value.start;
  return { title, when: time ? { ...day, time: time.value } : day, rrule: recurrence.value.rrule };
}

const calendarAdd: Matcher = (text, ctx) => {
  for (const [re, lang] of CALENDAR_ADD) {
    const what = re.exec(text)?.groups?.what;
    if (!what) continue;
    const series = seriesArgs(what, ctx);
    if (series) {
      return {
        name: 'calendar.add',
        lang,
        async run(call) {
          const result = await call('calendar_create', series);
          return { reply: replyFromResults([{ tool: 'calendar_create', arguments: series, result }], lang) };
        },
      };
    }
    const day = findDay(what, ctx.today);
    if (!day) return undefined;
    const time = findTime(day.rest);
    const title = cleanTitle(time ? time.rest : day.rest);
    if (!title) return undefined;
    const when: SymbolicTime = time ? { ...day.value, time: time.value } : day.value;
    const args = { title, when };
    return {
      name: 'calendar.add',
      lang,
      async run(call) {
        const result = await call('calendar_create', args);
        return { reply: replyFromResults([{ tool: 'calendar_create', arguments: args, result }], lang) };
      },
    };
  }
  return undefined;
};

// Questions about appointments only; "Was steht morgen an?" is the whole day (day-overview.ts).
const CALENDAR_DAY: readonly [RegExp, Lang][] = [
  [
    /^(?:welche termine (?:habe ich|hab ich|haben wir|stehen|sind)|was (?:habe ich|hab ich|haben wir) für termine|was für termine (?:habe ich|hab ich|haben wir))\s+(?<day>.+?)(?:\s+(?:an|im kalender|auf dem plan))?\??$/iu,
    'de',
  ],
  [/^was steht\s+(?<day>.+?)\s+im kalender\??$/iu, 'de'],
  [/^(?:termine|kalender)\s+(?<day>.+?)\??$/iu, 'de'],
  [
    /^(?:which appointments do (?:i|we) have|what appointments do (?:i|we) have|what(?:'s| is) (?:on )?(?:my|our|the) calendar)\s+(?<day>.+?)\??$/iu,
    'en',
  ],
];

const calendarDay: Matcher = (text, ctx) => {
  for (const [re, lang] of CALENDAR_DAY) {
    const dayText = re.exec(text)?.groups?.day;
    if (!dayText) continue;
    const day = findDay(dayText, ctx.today);
    // The whole remainder must be the day phrase, else it is not certain.
    if (!day || day.rest.replace(/\?/g, '').trim() !== '') return undefined;
    const args = { from: day.value, days: 1 };
    return {
      name: 'calendar.day',
      lang,
      async run(call) {
        const result = await call('calendar_list', args);
        return { reply: describeRead({ tool: 'calendar_list', arguments: args, result }, lang) };
      },
    };
  }
  return undefined;
};

// ---------------------------------------------------------------------------- tasks

const TASK_ADD: readonly [RegExp, Lang][] = [
  [/^(?:neue aufgabe|aufgabe)\s*:\s*(?<title>.+)$/iu, 'de'],
  [/^(?:füge|füg|lege|leg|erstelle|erstell)\s+(?:die |eine )?(?:neue )?aufgabe\s+(?<title>.+?)\s+(?:hinzu|an)$/iu, 'de'],
  [/^(?:erstelle|erstell)\s+(?:eine )?(?:neue )?aufgabe:?\s+(?<title>.+)$/iu, 'de'],
  [/^(?:add|create)\s+(?:a |the |new )*task:?\s+(?<title>.+)$/iu, 'en'],
  [/^new task\s*:\s*(?<title>.+)$/iu, 'en'],
];

const tasksAdd: Matcher = (text, ctx) => {
  for (const [re, lang] of TASK_ADD) {
    const raw = re.exec(text)?.groups?.title;
    if (!raw) continue;
    // "… bis Freitag" / "… by friday" sets the due date.
    const dueMatch = /\s+(?:bis|by|due)\s+(?<day>.+)$/iu.exec(raw);
    let due: SymbolicTime | undefined;
    let titleText = raw;
    if (dueMatch?.groups?.day) {
      const day = findDay(dueMatch.groups.day, ctx.today);
      if (day && day.rest === '') {
        due = day.value;
        titleText = raw.slice(0, dueMatch.index);
      }
    }
    const title = cleanTitle(titleText);
    if (!title) return undefined;
    const args = due ? { title, due } : { title };
    return {
      name: 'tasks.add',
      lang,
      async run(call) {
        const result = await call('tasks_create', args);
        return { reply: replyFromResults([{ tool: 'tasks_create', arguments: args, result }], lang) };
      },
    };
  }
  return undefined;
};

const TASK_DONE: readonly [RegExp, Lang][] = [
  [/^(?:die )?aufgabe\s+(?<title>.+?)\s+(?:ist\s+)?erledigt$/iu, 'de'],
  [/^(?:markiere|markier|hake)\s+(?:die aufgabe\s+)?(?<title>.+?)\s+(?:als erledigt|ab)$/iu, 'de'],
  [/^erledigt\s*:\s*(?<title>.+)$/iu, 'de'],
  [/^(?:complete|finish|close)\s+(?:the )?task:?\s+(?<title>.+)$/iu, 'en'],
  [/^mark\s+(?:the task\s+)?(?<title>.+?)\s+as\s+(?:done|complete|completed|finished)$/iu, 'en'],
];

const tasksComplete: Matcher = (text) => {
  for (const [re, lang] of TASK_DONE) {
    const raw = re.exec(text)?.groups?.title;
    if (!raw) continue;
    const title = cleanTitle(raw);
    if (!title) return undefined;
    return {
      name: 'tasks.complete',
      lang,
      async run(call) {
        const found = await call('tasks_list', { status: 'all', query: title });
        if (!found.success) return { reply: failureSentence('tasks_list', found, lang) };
        const tasks = ((found.data as { tasks?: Task[] } | undefined)?.tasks ?? []).filter((t) => t.status !== 'done');
        const wanted = fold(title);
        const exact = tasks.filter((t) => fold(t.title) === wanted);
        const candidates = exact.length > 0 ? exact : tasks.filter((t) => fold(t.title).includes(wanted));
        if (candidates.length === 0)
          return { reply: lang === 'en' ? `I found no open task "${title}".` : `Ich finde keine offene Aufgabe „${title}“.` };
        if (candidates.length > 1) {
          const names = candidates.map((t) => `„${t.title}“`).join(', ');
          return {
            reply:
              lang === 'en'
                ? `Several open tasks match: ${names}. Which one?`
                : `Mehrere offene Aufgaben passen: ${names}. Welche meinst du?`,
          };
        }
        const args = { id: candidates[0]!.id, status: 'done' };
        const result = await call('tasks_update', args);
        return { reply: replyFromResults([{ tool: 'tasks_update', arguments: args, result }], lang) };
      },
    };
  }
  return undefined;
};

// "Meine Aufgaben" / "my tasks": the asking member's open tasks; "Aufgaben von Paul" / "Paul's tasks" Paul's.
const TASKS_OF: readonly [RegExp, Lang][] = [
  [/^(?:(?:zeig|zeige|nenn|nenne|lies)(?: mir)?\s+|was sind\s+|welche sind\s+)?(?<who>meine) (?:offenen )?aufgaben(?: an)?\??$/iu, 'de'],
  [/^welche aufgaben (?:habe|hab) (?<who>ich)\??$/iu, 'de'],
  [/^(?:(?:zeig|zeige|nenn|nenne)(?: mir)?\s+)?(?:die )?(?:offenen )?aufgaben von (?<who>\p{L}[\p{L}-]*)\??$/iu, 'de'],
  [/^(?:(?:show|list|read)(?: me)?\s+|what are\s+)?(?<who>my) (?:open )?(?:tasks|to-?dos)\??$/iu, 'en'],
  [/^what tasks do (?<who>i) have\??$/iu, 'en'],
  [/^(?:(?:show|list)(?: me)?\s+)?(?<who>\p{L}[\p{L}-]*)'s (?:open )?tasks\??$/iu, 'en'],
];

const tasksOf: Matcher = (text, ctx) => {
  for (const [re, lang] of TASKS_OF) {
    const who = re.exec(text)?.groups?.who;
    if (!who) continue;
    const self = ['meine', 'ich', 'my', 'i'].includes(who.toLowerCase());
    const name = self ? undefined : ctx.members?.find((m) => m.toLowerCase() === who.toLowerCase());
    if (!self && !name) return undefined;
    const args = { assignee: name ?? 'mine' };
    return {
      name: 'tasks.mine',
      lang,
      async run(call) {
        const result = await call('tasks_list', args);
        if (!result.success) return { reply: failureSentence('tasks_list', result, lang) };
        const open = ((result.data as { tasks?: Task[] } | undefined)?.tasks ?? []).filter((t) => t.status !== 'done');
        const whose = name ? (lang === 'en' ? `${name}'s` : `${name}s`) : lang === 'en' ? 'Your' : 'Deine';
        if (open.length === 0)
          return {
            reply:
              lang === 'en'
                ? `${name ? `${name} has` : 'You have'} no open tasks.`
                : `${whose === 'Deine' ? 'Du hast' : `${name} hat`} keine offenen Aufgaben.`,
          };
        // "Deine offenen Aufgaben", but "Pauls offene Aufgaben".
        const list = lang === 'en' ? 'open tasks' : name ? 'offene Aufgaben' : 'offenen Aufgaben';
        return { reply: `${whose} ${list}: ${open.map((t) => t.title).join(', ')}.` };
      },
    };
  }
  return undefined;
};

// ---------------------------------------------------------------------------- meals

const MEALS_WHAT: readonly [RegExp, Lang][] = [
  [/^was gibt(?:'s| es)(?<rest>.*?)\??$/iu, 'de'],
  [/^was essen wir(?<rest>.*?)\??$/iu, 'de'],
  [/^what(?:'s| is) for(?<rest>.+?)\??$/iu, 'en'],
  [/^what are we (?:eating|having)(?<rest>.*?)\??$/iu, 'en'],
];

const mealsWhat: Matcher = (text, ctx) => {
  for (const [re, lang] of MEALS_WHAT) {
    const m = re.exec(text);
    if (!m) continue;
    let rest = (m.groups?.rest ?? '').trim();
    const meal = findMeal(rest);
    if (meal) rest = meal.rest;
    const day = findDay(rest, ctx.today);
    if (day) rest = day.rest;
    rest = rest.replace(/\b(?:zu essen|essen|heute|today|zum essen)\b/giu, '').trim();
    // "was gibt es Neues" is not a meal question: everything must have been understood.
    if (rest !== '' || (!meal && !day)) return undefined;
    const from: SymbolicTime = day?.value ?? { kind: 'relative', offset_days: 0 };
    const args = meal ? { from, days: 1, meal: meal.value } : { from, days: 1 };
    return {
      name: 'meals.what',
      lang,
      async run(call) {
        const result = await call('mealplan_list', args);
        return { reply: describeRead({ tool: 'mealplan_list', arguments: args, result }, lang) };
      },
    };
  }
  return undefined;
};

const MEALS_PLAN: readonly [RegExp, Lang][] = [
  [/^(?:plane|plan|setze|setz)\s+(?<what>.+)$/iu, 'de'],
  [/^(?:plan|schedule)\s+(?<what>.+)$/iu, 'en'],
];

const mealsPlan: Matcher = (text, ctx) => {
  for (const [re, lang] of MEALS_PLAN) {
    const what = re.exec(text)?.groups?.what;
    if (!what) continue;
    // Whole weeks and several days are the workflow planner's job.
    if (/\b(?:woche|wochenplan|essensplan|tage|week|days|meal plan)\b/iu.test(what)) return undefined;
    const meal = findMeal(what);
    if (!meal) return undefined;
    const day = findDay(meal.rest, ctx.today);
    if (!day) return undefined;
    const servings = findServings(day.rest);
    const title = cleanTitle(
      (servings?.rest ?? day.rest).replace(/\b(?:ein|eine|einen|für|for|on|am|auf den plan|in den plan|ein)\b/giu, ' '),
    );
    if (!title || title.split(' ').length > 8) return undefined;
    const base = { when: day.value, meal: meal.value, ...(servings ? { servings: servings.value } : {}) };
    return {
      name: 'meals.plan',
      lang,
      async run(call) {
        const search = await call('recipes_search', { query: title, limit: 5 });
        const recipes = search.success ? ((search.data as { recipes?: Recipe[] } | undefined)?.recipes ?? []) : [];
        const exact = recipes.filter((r) => fold(r.title) === fold(title));
        const recipe = exact.length === 1 ? exact[0] : recipes.length === 1 ? recipes[0] : undefined;
        const args = recipe ? { recipe_id: recipe.id, ...base } : { title, ...base };
        const result = await call('mealplan_create', args);
        return { reply: replyFromResults([{ tool: 'mealplan_create', arguments: args, result }], lang) };
      },
    };
  }
  return undefined;
};

// ---------------------------------------------------------------------------- follow-ups

const FOLLOWUP: readonly [RegExp, Lang][] = [
  [
    /^(?:verschiebe|verschieb|leg|lege)\s+(?:das|es|ihn|sie|den termin|das essen|die aufgabe)\s+(?:auf|nach)\s+(?<day>.+?)(?:\s+um)?$/iu,
    'de',
  ],
  [/^(?:nein|ne|nee)?[, ]*(?:doch|lieber|besser)\s+(?<day>.+)$/iu, 'de'],
  [/^(?:no|nope)?[, ]*(?:make it|move it to|move that to|actually|rather)\s+(?<day>.+)$/iu, 'en'],
];

const followupMove: Matcher = (text, ctx) => {
  const ref = ctx.reference;
  if (!ref) return undefined;
  for (const [re, lang] of FOLLOWUP) {
    const dayText = re.exec(text)?.groups?.day;
    if (!dayText) continue;
    const day = findDay(dayText, ctx.today);
    if (!day) return undefined;
    const time = findTime(day.rest);
    if ((time ? time.rest : day.rest).replace(/\b(?:um|at)\b/gi, '').trim() !== '') return undefined;
    const keepTime = time?.value ?? ref.time;
    const when: SymbolicTime = keepTime ? { ...day.value, time: keepTime } : day.value;
    const update =
      ref.kind === 'event'
        ? { tool: 'calendar_update', args: { id: ref.id, when } }
        : ref.kind === 'meal'
          ? { tool: 'mealplan_update', args: { id: ref.id, when: day.value } }
          : ref.kind === 'task'
            ? { tool: 'tasks_update', args: { id: ref.id, due: when } }
            : undefined;
    if (!update) return undefined;
    return {
      name: 'followup.move',
      lang,
      async run(call) {
        const result = await call(update.tool, update.args);
        return { reply: replyFromResults([{ tool: update.tool, arguments: update.args, result }], lang) };
      },
    };
  }
  return undefined;
};

const SHOPPING_FOR_IT: readonly [RegExp, Lang][] = [
  [/^was (?:muss|müssen|soll|sollen) (?:ich|wir|man) (?:dafür|dafuer|dazu|noch) (?:ein)?kaufen\??$/iu, 'de'],
  [/^what (?:do|should) (?:i|we) (?:need to )?buy for (?:it|that|this)\??$/iu, 'en'],
];

/**
 * "Was muss ich dafür einkaufen?" after a meal was planned: the shopping list derived from the
 * meal plan; after a recipe: its ingredients on the list (quantities as the recipe has them).
 */
const followupShopping: Matcher = (text, ctx) => {
  const ref = ctx.reference;
  const lang = firstMatch(SHOPPING_FOR_IT, text);
  if (!ref || !lang || (ref.kind !== 'meal' && ref.kind !== 'recipe')) return undefined;
  return {
    name: 'followup.shopping',
    lang,
    async run(call) {
      if (ref.kind === 'meal') {
        const result = await call('groceries_sync_mealplan', {});
        return { reply: replyFromResults([{ tool: 'groceries_sync_mealplan', arguments: {}, result }], lang) };
      }
      const recipe = await call('recipes_get', { id: ref.id });
      const ingredients = recipe.success ? ingredientsOf(recipe.data) : [];
      if (!recipe.success || ingredients.length === 0)
        return { reply: replyFromResults([{ tool: 'recipes_get', arguments: { id: ref.id }, result: recipe }], lang) };
      const results = [];
      for (const item of ingredients) results.push({ tool: 'groceries_add', arguments: item, result: await call('groceries_add', item) });
      return { reply: replyFromResults(results, lang) };
    },
  };
};

function ingredientsOf(data: unknown): Record<string, unknown>[] {
  const list = (data as { ingredients?: unknown } | null)?.ingredients;
  if (!Array.isArray(list)) return [];
  return list.flatMap((i: unknown) => {
    const { name, quantity, unit } = (i ?? {}) as { name?: unknown; quantity?: unknown; unit?: unknown };
    if (typeof name !== 'string' || !name.trim()) return [];
    return [
      {
        name: name.slice(0, 80),
        ...(typeof quantity === 'number' && quantity > 0 ? { quantity } : {}),
        ...(typeof unit === 'string' && unit ? { unit } : {}),
      },
    ];
  });
}

// Order matters: specific templates before the generic ones.
const MATCHERS: readonly Matcher[] = [
  // Home Assistant first: it steps aside unless it has the room the sentence names.
  homeAssistantRoomIntent,
  followupMove,
  followupShopping,
  groceriesList,
  groceriesAdd,
  remindersAdd,
  // Before the task templates: "<Hausarbeit>: Mia, Leon, im Wechsel" is a chore, not a task.
  choresAdd,
  tasksOf,
  ...HOME_MATCHERS,
  tasksComplete,
  // After the task templates: "Erledigt: …" and "Aufgabe … erledigt" are tasks.
  choresDone,
  tasksAdd,
  calendarAdd,
  calendarDay,
  dayOverview,
  mealsWhat,
  mealsPlan,
];

function firstMatch(patterns: readonly [RegExp, Lang][], text: string): Lang | undefined {
  for (const [re, lang] of patterns) if (re.test(text)) return lang;
  return undefined;
}

function cleanTitle(text: string): string {
  const t = text
    .replace(/^(?:einen?|den|die|das|a|an|the|termin|appointment)\s+/iu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,:;-]+|[\s,:;-]+$/g, '')
    .trim();
  if (!t || t.length > 120) return '';
  return t.charAt(0).toUpperCase() + t.slice(1);
}

function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
