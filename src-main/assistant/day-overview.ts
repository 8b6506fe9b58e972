import type { CalendarEvent, MealPlanEntry, Reminder, SymbolicTime, Task, ToolResult } from '../../src-shared';
import { dayPhrase, isoDate, shortDate, weekdayAndDate } from './day-words';
import type { IntentContext, LocalIntent, Matcher, ToolRunner } from './intent-contract';
import { failureSentence, type Lang } from './replies';
import { findDay } from './time-phrases';

// "Was steht morgen an?" / "What's on tomorrow?": the whole day of the household (events,
// tasks due, reminders, meals) from four read tools, answered without the model.

const DAY_QUESTIONS: readonly [RegExp, Lang][] = [
  [/^was (?:steht|liegt)\s+(?<day>.+?)\s+(?:an|auf dem plan|so an)\??$/iu, 'de'],
  [/^was (?:ist|passiert|läuft|geht)\s+(?<day>.+?)(?:\s+(?:los|so los|an))?\??$/iu, 'de'],
  [/^was (?:habe ich|hab ich|haben wir)\s+(?<day>.+?)(?:\s+(?:vor|alles|so vor|an))?\??$/iu, 'de'],
  [/^wie sieht\s+(?<day>.+?)\s+aus\??$/iu, 'de'],
  [/^(?:tagesübersicht|tagesplan|übersicht)(?:\s+(?<day>.+?))?\??$/iu, 'de'],
  [/^what(?:'s| is)\s+(?:on|up|happening|planned|going on|on the agenda|on the plan)\s+(?<day>.+?)\??$/iu, 'en'],
  [/^what do (?:i|we) have(?: on| planned| going on)?\s+(?<day>.+?)\??$/iu, 'en'],
  [/^what does\s+(?<day>.+?)\s+look like\??$/iu, 'en'],
  [/^(?:day overview|agenda)(?:\s+(?:for\s+)?(?<day>.+?))?\??$/iu, 'en'],
];

// Words around the day that change nothing: "für morgen", "der Freitag", "den ganzen Tag".
const FILLER = /^(?:für|for|der|den|am|mein|unser|so)\s+|\s+(?:so|alles|für uns|for us|für mich|for me)$/iu;

function dayOf(text: string | undefined, ctx: IntentContext): SymbolicTime | undefined {
  if (text === undefined) return { kind: 'relative', offset_days: 0 };
  let rest = text.trim();
  for (let i = 0; i < 3 && FILLER.test(rest); i++) rest = rest.replace(FILLER, '').trim();
  const day = findDay(rest, ctx.today);
  // The whole remainder must be the day phrase, else it is not certain.
  if (!day || day.rest.replace(/\?/g, '').trim() !== '') return undefined;
  // A day with a time ("morgen um 8") asks about a moment, not the day.
  if ('time' in day.value && day.value.time) return undefined;
  return day.value;
}

export const dayOverview: Matcher = (text, ctx) => {
  for (const [re, lang] of DAY_QUESTIONS) {
    const m = re.exec(text);
    if (!m) continue;
    const from = dayOf(m.groups?.day, ctx);
    if (!from) return undefined;
    return overviewIntent(from, lang, isoDate(ctx.today));
  }
  return undefined;
};

function overviewIntent(from: SymbolicTime, lang: Lang, today: string): LocalIntent {
  return {
    name: 'day.overview',
    lang,
    async run(call) {
      return { reply: await describeDay(call, from, lang, today) };
    },
  };
}

interface Day {
  readonly date: string;
  readonly events: readonly CalendarEvent[];
  readonly tasks: readonly Task[];
  readonly reminders: readonly Reminder[];
  readonly meals: readonly MealPlanEntry[];
}

async function describeDay(call: ToolRunner, from: SymbolicTime, lang: Lang, today: string): Promise<string> {
  const calendar = await call('calendar_list', { from, days: 1 });
  if (!calendar.success) return failureSentence('calendar_list', calendar, lang);
  const { from: date, events } = calendar.data as { from: string; events: CalendarEvent[] };
  const tasks = await call('tasks_list', {});
  const reminders = await call('reminders_list', { include_fired: true });
  const meals = await call('mealplan_list', { from, days: 1 });
  for (const [tool, result] of [
    ['tasks_list', tasks],
    ['reminders_list', reminders],
    ['mealplan_list', meals],
  ] as const) {
    if (!result.success) return failureSentence(tool, result, lang);
  }
  return daySummary(
    {
      date,
      events,
      tasks: listOf<Task>(tasks, 'tasks').filter(
        (t) => t.status !== 'done' && t.due !== null && (t.due.slice(0, 10) === date || (date === today && t.due.slice(0, 10) < today)),
      ),
      // An event's own reminder goes with the event, which is listed already.
      reminders: listOf<Reminder>(reminders, 'reminders').filter((r) => r.source === 'manual' && r.at.slice(0, 10) === date),
      meals: listOf<MealPlanEntry>(meals, 'meals').filter((x) => x.date === date),
    },
    today,
    lang,
  );
}

function listOf<T>(result: ToolResult, key: string): T[] {
  const list = (result.data as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(list) ? (list as T[]) : [];
}

const WORDS = {
  de: {
    events: 'Termine',
    tasks: 'Fällig',
    reminders: 'Erinnerungen',
    meals: 'Essen',
    allDay: 'ganztägig',
    ongoing: 'seit',
    overdue: 'überfällig seit',
    servings: 'Portionen',
  },
  en: {
    events: 'Appointments',
    tasks: 'Due',
    reminders: 'Reminders',
    meals: 'Meals',
    allDay: 'all day',
    ongoing: 'since',
    overdue: 'overdue since',
    servings: 'servings',
  },
} as const;

const MEAL_ORDER = ['breakfast', 'lunch', 'snack', 'dinner'];
const MEAL_NAMES: Record<Lang, Record<string, string>> = {
  de: { breakfast: 'Frühstück', lunch: 'Mittagessen', dinner: 'Abendessen', snack: 'Snack' },
  en: { breakfast: 'breakfast', lunch: 'lunch', dinner: 'dinner', snack: 'snack' },
};

/** The reply: a heading with the day, then one line per kind of entry that the day has. */
export function daySummary(day: Day, today: string, lang: Lang): string {
  const w = WORDS[lang];
  const when = dayPhrase(day.date, today, lang);
  const heading =
    when.startsWith('am ') || when.startsWith('on ') ? capitalise(when) : `${capitalise(when)}, ${weekdayAndDate(day.date, lang)}`;
  const lines: string[] = [];
  const events = [...day.events].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  if (events.length) {
    lines.push(
      `${w.events}: ${events
        .map((e) => {
          const at = e.all_day
            ? w.allDay
            : e.start.slice(0, 10) < day.date
              ? `${w.ongoing} ${shortDate(e.start.slice(0, 10), lang)}`
              : e.start.slice(11, 16);
          return `${at} ${e.title}${e.location ? ` (${e.location})` : ''}`;
        })
        .join('; ')}.`,
    );
  }
  if (day.tasks.length) {
    const tasks = [...day.tasks].sort((a, b) => (a.due! < b.due! ? -1 : a.due! > b.due! ? 1 : 0));
    lines.push(
      `${w.tasks}: ${tasks.map((t) => (t.due!.slice(0, 10) < day.date ? `${t.title} (${w.overdue} ${shortDate(t.due!.slice(0, 10), lang)})` : t.title)).join(', ')}.`,
    );
  }
  if (day.reminders.length) {
    const reminders = [...day.reminders].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    lines.push(`${w.reminders}: ${reminders.map((r) => `${r.at.slice(11, 16)} ${r.text}`).join('; ')}.`);
  }
  if (day.meals.length) {
    const meals = [...day.meals].sort((a, b) => MEAL_ORDER.indexOf(a.meal) - MEAL_ORDER.indexOf(b.meal));
    lines.push(
      `${w.meals}: ${meals.map((x) => `${MEAL_NAMES[lang][x.meal] ?? x.meal} ${x.title} (${x.servings} ${w.servings})`).join('; ')}.`,
    );
  }
  if (lines.length === 0) return lang === 'en' ? `${heading}: nothing is planned.` : `${heading}: Es steht nichts an.`;
  return `${heading}:\n${lines.join('\n')}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
