// The household: entity types as they are persisted and returned by the core tools,
// the state snapshot the UI loads (GET /api/state), the core tool names, and the
// symbolic time objects the assistant sends instead of computing dates itself (a small
// model gets calendar arithmetic wrong; the master resolves them).

import type { ComponentStatus } from './api';
import type { Member } from './members';
import type { ChoreChart } from './chores';
import type { MemberRole } from './risk';

// ---------------------------------------------------------------------------
// Symbolic time (resolved only in src-main/household/time, to RFC3339 in JARVIS_TIMEZONE)

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** "HH:MM", 24 hours, local wall time of the household. */
export type WallTime = string;
/** "YYYY-MM-DD", a local calendar date of the household. */
export type LocalDate = string;

/** Today = offset_days 0, tomorrow 15:30 = offset_days 1 + time "15:30". */
export interface RelativeTime {
  readonly kind: 'relative';
  readonly offset_days: number;
  readonly time?: WallTime;
}

/**
 * Without force_next: today if today is that weekday, else the next one.
 * With force_next: strictly after today ("nächsten Montag").
 */
export interface WeekdayTime {
  readonly kind: 'weekday';
  readonly weekday: Weekday;
  readonly force_next?: boolean;
  readonly time?: WallTime;
}

export interface AbsoluteTime {
  readonly kind: 'absolute';
  readonly date: LocalDate;
  readonly time?: WallTime;
}

export type SymbolicTime = RelativeTime | WeekdayTime | AbsoluteTime;
/** A symbolic time without a time of day. */
export type SymbolicDay = Omit<RelativeTime, 'time'> | Omit<WeekdayTime, 'time'> | Omit<AbsoluteTime, 'time'>;

// ---------------------------------------------------------------------------
// Entities. Ids are stable strings with a kind prefix. Timestamps are RFC3339 with the
// household's offset (e.g. "2026-12-01T15:30:00+01:00").

export const ID_PREFIXES = {
  event: 'evt_',
  task: 'task_',
  reminder: 'rem_',
  grocery: 'groc_',
  recipe: 'rec_',
  meal: 'meal_',
  card: 'card_',
} as const;
export type EntityKind = keyof typeof ID_PREFIXES;

/** Which occurrences of a series an edit or delete touches. */
export const RECURRENCE_SCOPES = ['this', 'following', 'all'] as const;
export type RecurrenceScope = (typeof RECURRENCE_SCOPES)[number];

export interface CalendarEvent {
  /** For an occurrence of a series: the id of its series (stable across occurrences). */
  readonly id: string;
  readonly title: string;
  /** RFC3339; for all-day events local midnight of the first day. */
  readonly start: string;
  /** RFC3339, exclusive; for all-day events local midnight after the last day. */
  readonly end: string;
  readonly all_day: boolean;
  readonly location: string;
  readonly notes: string;
  readonly created_at: string;
  readonly updated_at: string;
  /** RFC 5545 RRULE value without the "RRULE:" prefix, e.g. "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"; null for a one-off event. */
  readonly rrule: string | null;
  /** For an occurrence of a series: its original start (the RECURRENCE-ID), RFC3339; null for a one-off event. */
  readonly occurrence_start: string | null;
  /** True when this occurrence was changed on its own (moved, retitled). */
  readonly overridden: boolean;
  /** The first member it is for (a member id); null = everyone's. Kept for clients that know one. */
  readonly assignee: string | null;
  /** Everyone it is for (member ids, in order; the first is `assignee`); empty = everyone's. */
  readonly assignees: readonly string[];
}

export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export interface Task {
  readonly id: string;
  readonly title: string;
  readonly notes: string;
  /** RFC3339 or null. A due date without time is local midnight of that day. */
  readonly due: string | null;
  readonly priority: TaskPriority;
  readonly status: TaskStatus;
  readonly tags: readonly string[];
  readonly created_at: string;
  readonly updated_at: string;
  /** The member it is for (a member id); null = everyone's. */
  readonly assignee: string | null;
  /** A repeating task (a chore): its RRULE value. Ticking it off adds the next one. */
  readonly rrule?: string | null;
  /** The first task of its series; the done ones before stay as its history. */
  readonly series_id?: string | null;
}

export const REMINDER_SOURCES = ['manual', 'event'] as const;
export type ReminderSource = (typeof REMINDER_SOURCES)[number];

export interface Reminder {
  readonly id: string;
  readonly text: string;
  /** RFC3339: when it is due. */
  readonly at: string;
  readonly source: ReminderSource;
  /** For source "event": the event it belongs to (it moves and goes with the event). */
  readonly event_id: string | null;
  /** RFC3339 when the due pass fired it, null while pending. */
  readonly fired_at: string | null;
  readonly created_at: string;
  /** The member it is for (a member id); null = everyone's. */
  readonly assignee: string | null;
}

export const GROCERY_SOURCES = ['manual', 'mealplan'] as const;
export type GrocerySource = (typeof GROCERY_SOURCES)[number];

/** One amount of a shopping-list line: "1 l", "2" (no unit), "TL" (a unit without a number). */
export interface GroceryAmount {
  readonly quantity: number | null;
  /** Canonical unit ("g", "kg", "ml", "l", "Stück", "EL", …) or null. */
  readonly unit: string | null;
}

export interface GroceryItem {
  readonly id: string;
  readonly name: string;
  /**
   * Everything to buy of this item, one amount per unit ("Milch: 1 l + 2"); empty when no
   * amount is known ("Salz"). Weights and volumes are one amount (g and kg add up).
   */
  readonly amounts: readonly GroceryAmount[];
  /** The first of amounts, for readers of one amount; null when there is none. */
  readonly quantity: number | null;
  /** The unit of the first amount, or null. */
  readonly unit: string | null;
  /** Ticking the line off ticks all its amounts. */
  readonly checked: boolean;
  /**
   * "mealplan": only the meal plan needs it, and the line follows the plan. "manual": the
   * family put it on the list (the plan may add its amounts to the same line).
   */
  readonly source: GrocerySource;
  /** The meal plan entries the plan's part of the amounts comes from. */
  readonly meal_ids: readonly string[];
  readonly created_at: string;
  readonly updated_at: string;
}

export interface Ingredient {
  readonly name: string;
  readonly quantity: number | null;
  readonly unit: string | null;
}

export interface Recipe {
  readonly id: string;
  readonly title: string;
  readonly servings: number;
  readonly ingredients: readonly Ingredient[];
  readonly steps: readonly string[];
  readonly tags: readonly string[];
  readonly created_at: string;
  readonly updated_at: string;
}

export const MEAL_SLOTS = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealSlot = (typeof MEAL_SLOTS)[number];

export interface MealPlanEntry {
  readonly id: string;
  readonly date: LocalDate;
  readonly meal: MealSlot;
  readonly title: string;
  readonly recipe_id: string | null;
  readonly servings: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export const KANBAN_COLUMNS = ['BACKLOG', 'TODO', 'DOING', 'DONE'] as const;
export type KanbanColumn = (typeof KANBAN_COLUMNS)[number];

/** What the Kanban screen, the assistant's replies and the tools call each column, per language. */
export const KANBAN_COLUMN_WORDS: Readonly<Record<'de' | 'en', Readonly<Record<KanbanColumn, string>>>> = {
  de: { BACKLOG: 'Backlog', TODO: 'Zu tun', DOING: 'In Arbeit', DONE: 'Erledigt' },
  en: { BACKLOG: 'Backlog', TODO: 'To do', DOING: 'Doing', DONE: 'Done' },
};

export interface KanbanCard {
  readonly id: string;
  readonly title: string;
  readonly column: KanbanColumn;
  /** Position inside its column, 0-based, dense. */
  readonly order: number;
  readonly task_id: string | null;
  /** The user moved it by hand: task status changes no longer move it (until moved back). */
  readonly manual_override: boolean;
  readonly created_at: string;
  readonly updated_at: string;
  /** The member it is for (a member id); null = everyone's. */
  readonly assignee: string | null;
}

// ---------------------------------------------------------------------------
// GET /api/state

export interface HomeState {
  /** RFC3339 in the household's time zone. */
  readonly now: string;
  readonly timezone: string;
  /** Events overlapping [today 00:00, today + 60 days), every occurrence of a series on its own. */
  readonly events: readonly CalendarEvent[];
  readonly tasks: readonly Task[];
  /** Pending reminders and those fired in the last 24 hours. */
  readonly reminders: readonly Reminder[];
  readonly groceries: readonly GroceryItem[];
  readonly recipes: readonly Recipe[];
  /** Meal plan entries from 7 days ago to 30 days ahead. */
  readonly meals: readonly MealPlanEntry[];
  readonly kanban: readonly KanbanCard[];
  /** The household's members, the desktop member first. */
  readonly members: readonly Member[];
  /** The member this request acts for (the paired device's, or the desktop member). */
  readonly viewer_member: string;
  /** The role this request acts with: the UI shows admin cards only to admins (the server refuses the rest anyway). */
  readonly viewer_role: MemberRole;
  /** Component statuses as in GET /api/health. */
  readonly system: Readonly<Record<string, ComponentStatus>>;
  /** The chore chart for today and this week (absent where the master has no chores, as in older masters). */
  readonly chores?: ChoreChart;
  /**
   * Each list above carries at most STATE_LIST_LIMIT items (in its order: open tasks and
   * unchecked groceries first). A list that was cut short has its full count here; the
   * list routes (GET /api/tasks …) page through everything.
   */
  readonly totals?: Readonly<Partial<Record<StateListName, number>>>;
}

/** The most items one list of GET /api/state carries. */
export const STATE_LIST_LIMIT = 500;
export type StateListName = 'events' | 'tasks' | 'reminders' | 'groceries' | 'recipes' | 'meals' | 'kanban';

export const HOME_DOMAINS = ['calendar', 'tasks', 'reminders', 'groceries', 'recipes', 'mealplan', 'kanban', 'members', 'chores'] as const;
export type HomeDomain = (typeof HOME_DOMAINS)[number];
/** The household's lists (each a folder under household/domains/ and a row of its DOMAINS table). */
export type ListDomain = Exclude<HomeDomain, 'members'>;

/** SSE `state.changed` payload, published after every successful mutation. */
export interface StateChangedEvent {
  readonly domains: readonly HomeDomain[];
}

// ---------------------------------------------------------------------------
// Core tool names. rag_search comes with RAG.

export const HOME_TOOL_NAMES = [
  'system_get_time',
  'calendar_list',
  'calendar_create',
  'calendar_update',
  'calendar_delete',
  'tasks_list',
  'tasks_create',
  'tasks_update',
  'tasks_delete',
  'reminders_list',
  'reminders_create',
  'reminders_delete',
  'reminders_snooze',
  'groceries_list',
  'groceries_add',
  'groceries_update',
  'groceries_remove',
  'groceries_sync_mealplan',
  'recipes_search',
  'recipes_get',
  'recipes_create',
  'recipes_list',
  'recipes_update',
  'mealplan_list',
  'mealplan_create',
  'mealplan_update',
  'mealplan_delete',
  'kanban_list',
  'kanban_create',
  'kanban_move',
  'kanban_delete',
] as const;
export type HomeToolName = (typeof HOME_TOOL_NAMES)[number];

export function isHomeToolName(name: string): name is HomeToolName {
  return (HOME_TOOL_NAMES as readonly string[]).includes(name);
}

// ---------------------------------------------------------------------------
// Tool arguments (the JSON schemas in home-schemas.ts describe exactly these).

export interface CalendarListArgs {
  /** First day of the window; default today. */
  readonly from?: SymbolicTime;
  /** Window length in days; default 7. */
  readonly days?: number;
  /** The day after the window (exclusive), instead of `days`. */
  readonly to?: SymbolicTime;
  readonly query?: string;
  /** Only the items of one member: a name or id, or "mine" (the member asking). */
  readonly assignee?: string;
}
export interface CalendarCreateArgs {
  readonly title: string;
  /** Without time the event is all-day. For a series: it starts at its first occurrence on or after this. */
  readonly when: SymbolicTime;
  /** Default 60; ignored for all-day events. */
  readonly duration_minutes?: number;
  /** All-day only: the last day (inclusive) of an event over several days; without it one day. */
  readonly last_day?: SymbolicDay;
  readonly location?: string;
  readonly notes?: string;
  /** RRULE value ("FREQ=WEEKLY;BYDAY=MO"): the event repeats. */
  readonly rrule?: string;
  /** Who it is for: a member's name or id, or "me" (the member asking); without it everyone's. */
  readonly assignee?: string;
  /** Several people it is for (names, ids or "me"), instead of `assignee`. */
  readonly assignees?: readonly string[];
  /** Minutes before the start its reminder comes (a calendar app's alarm); default 30. */
  readonly reminder_minutes?: number;
}
export interface CalendarUpdateArgs {
  readonly id: string;
  readonly title?: string;
  readonly when?: SymbolicTime;
  readonly duration_minutes?: number;
  /** All-day only: the new last day (inclusive). A new `when` alone keeps an all-day event's number of days. */
  readonly last_day?: SymbolicDay;
  readonly location?: string;
  readonly notes?: string;
  /** Original start of the occurrence meant (RFC3339); needed for scope `this` and `following`. */
  readonly occurrence_start?: string;
  /** Default `all`. */
  readonly scope?: RecurrenceScope;
  /** A new rule; null ends the recurrence (only with scope `all` or `following`). */
  readonly rrule?: string | null;
  /** Who it is for (a name, an id or "me"); null makes it everyone's. */
  readonly assignee?: string | null;
  /** Everyone it is for, instead of `assignee`; an empty list makes it everyone's. */
  readonly assignees?: readonly string[];
  /** null goes back to the household's 30 minutes. */
  readonly reminder_minutes?: number | null;
}
export interface CalendarDeleteArgs {
  readonly id: string;
  readonly occurrence_start?: string;
  /** Default `all`: `this` leaves out one occurrence, `following` ends the series before it. */
  readonly scope?: RecurrenceScope;
}
export interface IdArgs {
  readonly id: string;
}

export interface TasksListArgs {
  readonly status?: TaskStatus | 'all';
  readonly query?: string;
  /** Only the items of one member: a name or id, or "mine" (the member asking). */
  readonly assignee?: string;
}
export interface TasksCreateArgs {
  readonly title: string;
  readonly notes?: string;
  readonly due?: SymbolicTime;
  readonly priority?: TaskPriority;
  readonly tags?: readonly string[];
  /** Who it is for: a member's name or id, or "me" (the member asking); without it everyone's. */
  readonly assignee?: string;
  /** RRULE value ("FREQ=WEEKLY;BYDAY=SA"): the task repeats; done, the next one is due. */
  readonly rrule?: string;
  /** Set by the app: a create sent again with the same key answers with the first result. */
  readonly client_id?: string;
}
export interface TasksUpdateArgs {
  readonly id: string;
  readonly title?: string;
  readonly notes?: string;
  /** null clears the due date. */
  readonly due?: SymbolicTime | null;
  readonly priority?: TaskPriority;
  readonly status?: TaskStatus;
  readonly tags?: readonly string[];
  /** Who it is for (a name, an id or "me"); null makes it everyone's. */
  readonly assignee?: string | null;
  /** A new rule; null ends the repetition. */
  readonly rrule?: string | null;
}

export interface RemindersListArgs {
  readonly include_fired?: boolean;
  /** Only the items of one member: a name or id, or "mine" (the member asking). */
  readonly assignee?: string;
}
export interface RemindersCreateArgs {
  readonly text: string;
  /** Needs a time of day; a date alone means 09:00. */
  readonly when: SymbolicTime;
  /** Who it is for: a name, an id or "me"; without it the asking member's when the assistant creates it, else everyone's. */
  readonly assignee?: string;
}

/** Moves a reminder later; everything else about it (text, person, event) stays. */
export interface RemindersSnoozeArgs {
  readonly id: string;
  /** Minutes after now (or after its own time, if that is later); default SNOOZE_DEFAULT_MINUTES. */
  readonly minutes?: number;
}

export const SNOOZE_DEFAULT_MINUTES = 60;
export const SNOOZE_MAX_MINUTES = 7 * 24 * 60;

export interface GroceriesListArgs {
  readonly include_checked?: boolean;
}
export interface GroceriesAddArgs {
  readonly name: string;
  readonly quantity?: number;
  readonly unit?: string;
  /** Set by the app: a create sent again with the same key answers with the first result. */
  readonly client_id?: string;
}
export interface GroceriesUpdateArgs {
  readonly id: string;
  readonly name?: string;
  /** Sets the line to this one amount (all its other amounts go). */
  readonly quantity?: number | null;
  readonly unit?: string | null;
  /** Sets all of the line's amounts at once; wins over quantity and unit. */
  readonly amounts?: readonly GroceryAmount[];
  readonly checked?: boolean;
}
export interface GroceriesSyncArgs {
  /** Look-ahead in days from today; default 14. */
  readonly days?: number;
}
export interface GroceriesSyncResult {
  readonly from: LocalDate;
  readonly to: LocalDate;
  /** The derived (source "mealplan") items after the sync. */
  readonly items: readonly GroceryItem[];
  /** Meals in the window that have no recipe, so nothing could be derived. */
  readonly meals_without_recipe: readonly MealPlanEntry[];
  /** Free meal titles that were linked to a recipe by this sync. */
  readonly linked: readonly MealPlanEntry[];
}

export interface RecipesSearchArgs {
  readonly query: string;
  readonly limit?: number;
}
export interface RecipesListArgs {
  readonly tag?: string;
}
export interface IngredientInput {
  readonly name: string;
  readonly quantity?: number | null;
  readonly unit?: string | null;
}
export interface RecipesCreateArgs {
  readonly title: string;
  readonly servings: number;
  readonly ingredients: readonly IngredientInput[];
  readonly steps?: readonly string[];
  readonly tags?: readonly string[];
}
export interface RecipesUpdateArgs {
  readonly id: string;
  readonly title?: string;
  readonly servings?: number;
  readonly ingredients?: readonly IngredientInput[];
  readonly steps?: readonly string[];
  readonly tags?: readonly string[];
}

export interface MealplanListArgs {
  readonly from?: SymbolicTime;
  readonly days?: number;
  readonly meal?: MealSlot;
}
export interface MealplanCreateArgs {
  /** Title or recipe_id (or both). A free title is linked to a recipe when unambiguous. */
  readonly title?: string;
  readonly recipe_id?: string;
  readonly when: SymbolicTime;
  readonly meal: MealSlot;
  /** Default: the recipe's servings, else 2. */
  readonly servings?: number;
}
export interface MealplanUpdateArgs {
  readonly id: string;
  readonly title?: string;
  /** null unlinks the recipe. */
  readonly recipe_id?: string | null;
  readonly when?: SymbolicTime;
  readonly meal?: MealSlot;
  readonly servings?: number;
}

export interface KanbanListArgs {
  readonly column?: KanbanColumn;
  /** Only the items of one member: a name or id, or "mine" (the member asking). */
  readonly assignee?: string;
}
export interface KanbanCreateArgs {
  readonly title: string;
  readonly column?: KanbanColumn;
  readonly task_id?: string;
  /** Who it is for (a name, an id or "me"); without it the task's assignee, else everyone's. */
  readonly assignee?: string;
  /** Set by the app: a create sent again with the same key answers with the first result. */
  readonly client_id?: string;
}
export interface KanbanMoveArgs {
  readonly id: string;
  readonly column: KanbanColumn;
  /** Position in the target column; default: at the end. */
  readonly order?: number;
  /** Who it is for (a name, an id or "me"); null makes it everyone's. */
  readonly assignee?: string | null;
}

export interface SystemTime {
  readonly now: string;
  readonly timezone: string;
  readonly date: LocalDate;
  readonly time: WallTime;
  readonly weekday: Weekday;
}

/** Arguments per tool, for typed callers (UI, assistant tests). */
export interface HomeToolArgs {
  system_get_time: Record<string, never>;
  calendar_list: CalendarListArgs;
  calendar_create: CalendarCreateArgs;
  calendar_update: CalendarUpdateArgs;
  calendar_delete: CalendarDeleteArgs;
  tasks_list: TasksListArgs;
  tasks_create: TasksCreateArgs;
  tasks_update: TasksUpdateArgs;
  tasks_delete: IdArgs;
  reminders_list: RemindersListArgs;
  reminders_create: RemindersCreateArgs;
  reminders_delete: IdArgs;
  reminders_snooze: RemindersSnoozeArgs;
  groceries_list: GroceriesListArgs;
  groceries_add: GroceriesAddArgs;
  groceries_update: GroceriesUpdateArgs;
  groceries_remove: IdArgs;
  groceries_sync_mealplan: GroceriesSyncArgs;
  recipes_search: RecipesSearchArgs;
  recipes_get: IdArgs;
  recipes_create: RecipesCreateArgs;
  recipes_list: RecipesListArgs;
  recipes_update: RecipesUpdateArgs;
  mealplan_list: MealplanListArgs;
  mealplan_create: MealplanCreateArgs;
  mealplan_update: MealplanUpdateArgs;
  mealplan_delete: IdArgs;
  kanban_list: KanbanListArgs;
  kanban_create: KanbanCreateArgs;
  kanban_move: KanbanMoveArgs;
  kanban_delete: IdArgs;
}

/** What `data` holds in each tool's successful result. Deletes return the deleted object. */
export interface HomeToolData {
  system_get_time: SystemTime;
  calendar_list: { readonly from: string; readonly to: string; readonly events: readonly CalendarEvent[] };
  calendar_create: CalendarEvent;
  calendar_update: CalendarEvent;
  calendar_delete: CalendarEvent;
  tasks_list: { readonly tasks: readonly Task[] };
  tasks_create: Task;
  tasks_update: Task;
  tasks_delete: Task;
  reminders_list: { readonly reminders: readonly Reminder[] };
  reminders_create: Reminder;
  reminders_delete: Reminder;
  reminders_snooze: Reminder;
  groceries_list: { readonly items: readonly GroceryItem[] };
  /** `merged`: the item joined a line that was already open (the amounts were added). */
  groceries_add: GroceryItem & { readonly merged?: boolean };
  groceries_update: GroceryItem;
  groceries_remove: GroceryItem;
  groceries_sync_mealplan: GroceriesSyncResult;
  recipes_search: { readonly recipes: readonly Recipe[] };
  recipes_get: Recipe;
  recipes_create: Recipe;
  recipes_list: { readonly recipes: readonly Recipe[] };
  recipes_update: Recipe;
  mealplan_list: { readonly from: LocalDate; readonly to: LocalDate; readonly meals: readonly MealPlanEntry[] };
  mealplan_create: MealPlanEntry;
  mealplan_update: MealPlanEntry;
  mealplan_delete: MealPlanEntry;
  kanban_list: { readonly cards: readonly KanbanCard[] };
  kanban_create: KanbanCard;
  kanban_move: KanbanCard;
  kanban_delete: KanbanCard;
}

/** Tools that change the household (everything else only reads). */
export const HOME_MUTATING_TOOLS: readonly HomeToolName[] = HOME_TOOL_NAMES.filter(
  (n) => !/_(list|get|search)$/.test(n) && n !== 'system_get_time',
);

/**
 * A component a calendar import leaves out. `what` and `reason` are the import's German
 * sentence; `kind`, `title`, `line`, `code` and the bad `property` let the app say it in its
 * own language.
 */
export interface IcsSkippedComponent {
  readonly what: string;
  readonly reason: string;
  readonly kind: 'event' | 'task' | 'journal' | 'freebusy' | 'availability';
  /** SUMMARY as the file has it; empty when it has none. */
  readonly title: string;
  /** The line in the file (the bad property's, else where the component begins); null when not known. */
  readonly line: number | null;
  /** bad_value: a property's value cannot be read; no_start: no DTSTART; cancelled: STATUS:CANCELLED; not_supported: a kind the calendar does not keep. */
  readonly code: 'bad_value' | 'no_start' | 'cancelled' | 'unreadable' | 'not_supported';
  readonly property?: string;
  readonly value?: string;
}

/** `POST /api/calendar/import` (body text/calendar, or JSON `{ics}`): what was taken over and what was not. */
export interface IcsImportResponse {
  readonly imported: readonly CalendarEvent[];
  readonly updated: readonly CalendarEvent[];
  readonly tasks: readonly Task[];
  readonly warnings: readonly string[];
  readonly skipped: readonly IcsSkippedComponent[];
}
