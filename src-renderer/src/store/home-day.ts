import type { CalendarEvent, ComponentStatus, HomeState, MealPlanEntry, Reminder, Task } from '../../../src-shared';
import { addDays, wallClock } from '../format/household-time';
import { byCodePoint, byInstant } from '../format/compare';

// What Home shows of the household's day, as pure functions of the loaded state. Home's
// first render runs these: no Intl and no localeCompare here (see format/compare.ts).

export interface HomeDay {
  /** Events running now or still to come, by start; running ones first. */
  readonly events: readonly { readonly event: CalendarEvent; readonly running: boolean }[];
  /** Open tasks due today or earlier, overdue first. */
  readonly tasksDue: readonly { readonly task: Task; readonly overdue: boolean }[];
  /** Open tasks that are not due today or earlier. */
  readonly otherOpenTasks: number;
  /** Reminders of today, by time; `fired` ones have rung already. */
  readonly reminders: readonly Reminder[];
  readonly mealsToday: readonly MealPlanEntry[];
  /** The next planned meal after today (within a week), when today has none. */
  readonly nextMeal?: MealPlanEntry;
  readonly shoppingOpen: number;
}

const MEAL_ORDER = ['breakfast', 'lunch', 'snack', 'dinner'];
const byMeal = (a: MealPlanEntry, b: MealPlanEntry) =>
  byCodePoint(a.date, b.date) || MEAL_ORDER.indexOf(a.meal) - MEAL_ORDER.indexOf(b.meal);

// Every Home card reads the same day: compute it once per loaded state.
const computed = new WeakMap<HomeState, { readonly today: string; readonly day: HomeDay }>();

export function homeDay(state: HomeState, today: string): HomeDay {
  const hit = computed.get(state);
  if (hit?.today === today) return hit.day;
  const day = computeDay(state, today);
  computed.set(state, { today, day });
  return day;
}

function computeDay(state: HomeState, today: string): HomeDay {
  const now = Date.parse(state.now);
  const tz = state.timezone;
  const events = state.events
    .filter((e) => Date.parse(e.end) > now)
    .map((event) => ({ event, running: Date.parse(event.start) <= now }))
    .sort((a, b) => Number(b.running) - Number(a.running) || byInstant(a.event.start, b.event.start));
  const open = state.tasks.filter((t) => t.status !== 'done');
  const tasksDue = open
    .filter((t) => t.due !== null && wallClock(t.due, tz).date <= today)
    .map((task) => ({ task, overdue: wallClock(task.due!, tz).date < today }))
    .sort((a, b) => Number(b.overdue) - Number(a.overdue) || byInstant(a.task.due!, b.task.due!));
  const reminders = state.reminders.filter((r) => wallClock(r.at, tz).date === today).sort((a, b) => byInstant(a.at, b.at));
  const mealsToday = state.meals.filter((m) => m.date === today).sort(byMeal);
  const nextMeal = mealsToday.length ? undefined : state.meals.filter((m) => m.date > today && m.date <= addDays(today, 7)).sort(byMeal)[0];
  return {
    events,
    tasksDue,
    otherOpenTasks: open.length - tasksDue.length,
    reminders,
    mealsToday,
    ...(nextMeal ? { nextMeal } : {}),
    shoppingOpen: state.groceries.filter((g) => !g.checked).length,
  };
}

/** The one thing the household should know about the system, if any (a text key under home.attention). */
export type Attention = 'storeDown' | 'modelUnreachable' | 'notSetUp';

export function attentionOf(system: Readonly<Record<string, ComponentStatus>> | undefined): Attention | undefined {
  if (!system) return undefined;
  if (system.store?.state === 'error' || system.household?.state === 'error') return 'storeDown';
  // "off" means not checked yet: nothing to say until the master knows.
  if (system.ollama?.state === 'error') return 'modelUnreachable';
  if (system.ollama?.state === 'degraded') return 'notSetUp';
  return undefined;
}

/**
 * When a snoozed reminder rings again: an hour after now, or after its own time if that is
 * later, as the household's wall clock ("YYYY-MM-DD", "HH:MM").
 */
export function snoozedUntil(reminder: Reminder, state: HomeState, minutes = 60): { date: string; time: string } {
  const now = wallClock(state.now, state.timezone);
  const at = wallClock(reminder.at, state.timezone);
  const base = `${at.date}T${at.time}` > `${now.date}T${now.time}` ? at : now;
  const total = Number(base.time.slice(0, 2)) * 60 + Number(base.time.slice(3, 5)) + minutes;
  const days = Math.floor(total / 1440);
  const rest = total % 1440;
  return {
    date: addDays(base.date, days),
    time: `${String(Math.floor(rest / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}`,
  };
}
