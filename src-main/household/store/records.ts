// Rows as the household store keeps them: times in epoch ms, lists parsed.
import type {
  GroceryAmount,
  GrocerySource,
  Ingredient,
  KanbanColumn,
  MealSlot,
  ReminderSource,
  TaskPriority,
  TaskStatus,
} from '../../../src-shared';

/** What an event and each of its occurrences say: the fields a changed occurrence can set. */
export interface EventBody {
  title: string;
  startMs: number;
  endMs: number;
  allDay: boolean;
  location: string;
  notes: string;
}

export interface EventRecord extends EventBody {
  id: string;
  /** UID of the ICS event it was imported from, if any. */
  icsUid: string | null;
  createdMs: number;
  updatedMs: number;
  /** RRULE value of a series (startMs/endMs are then its first occurrence); null for a one-off event. */
  rrule: string | null;
  /** Original starts of the occurrences left out (EXDATE). */
  exdates: number[];
  /** IANA zone the series repeats in (its wall time stays put across DST); null = the household's. */
  tzid: string | null;
  /** End of the last occurrence; null while the series is endless or for a one-off event. */
  seriesEndMs: number | null;
  /** Start of the occurrence the series last made a reminder for. */
  remindedThroughMs: number | null;
  /** The first member it is for; null (or absent) = everyone's. */
  assignee?: string | null;
  /** Everyone it is for, in order (the first is `assignee`); absent = just `assignee`. */
  assignees?: readonly string[];
  /** Minutes before the start its reminder comes; null (or absent) = the household's 30. */
  reminderMinutes?: number | null;
}

/** One occurrence of a series changed on its own, keyed by its original start. */
export interface OverrideRecord extends EventBody {
  eventId: string;
  occurrenceMs: number;
  updatedMs: number;
}

export interface TaskRecord {
  id: string;
  title: string;
  notes: string;
  dueMs: number | null;
  priority: TaskPriority;
  status: TaskStatus;
  tags: string[];
  createdMs: number;
  updatedMs: number;
  /** UID of the ICS VTODO it was imported from, if any. */
  icsUid?: string | null;
  /** The member it is for; null (or absent) = everyone's. */
  assignee?: string | null;
  /** RRULE value of a repeating task; null (or absent) for a one-off. */
  rrule?: string | null;
  /** The first task of its series (its own id for the first); null for a one-off. */
  seriesId?: string | null;
}

export interface ReminderRecord {
  id: string;
  text: string;
  atMs: number;
  source: ReminderSource;
  eventId: string | null;
  firedMs: number | null;
  createdMs: number;
  /** For a reminder of a series: the original start of its occurrence. */
  occurrenceMs?: number | null;
  /** The member it is for; null (or absent) = everyone's. */
  assignee?: string | null;
}

export interface GroceryRecord {
  id: string;
  name: string;
  /** What the family put on the list (empty: no amount, or only the plan's). */
  amounts: GroceryAmount[];
  /** What the meal plan needs of it; rewritten by every sync, with mealIds. */
  planAmounts: GroceryAmount[];
  checked: boolean;
  source: GrocerySource;
  /** The item's name key (see groceryLineKey); at most one line per key holds the plan's part. */
  derivedKey: string | null;
  /** The meals the plan's part comes from; empty when the line has no plan part. */
  mealIds: string[];
  createdMs: number;
  updatedMs: number;
}

export interface RecipeRecord {
  id: string;
  title: string;
  servings: number;
  ingredients: Ingredient[];
  steps: string[];
  tags: string[];
  createdMs: number;
  updatedMs: number;
}

export interface MealRecord {
  id: string;
  date: string;
  meal: MealSlot;
  title: string;
  recipeId: string | null;
  servings: number;
  createdMs: number;
  updatedMs: number;
}

export interface CardRecord {
  id: string;
  title: string;
  column: KanbanColumn;
  position: number;
  taskId: string | null;
  manualOverride: boolean;
  createdMs: number;
  updatedMs: number;
  /** The member it is for; null (or absent) = everyone's. */
  assignee?: string | null;
}

const NO_ASSIGNEES: readonly string[] = [];

/** Who an event is for, as written: the list, or the one `assignee` of a caller that sets only that. */
export function assigneesOfRecord(e: Pick<EventRecord, 'assignee' | 'assignees'>): readonly string[] {
  if (e.assignees !== undefined) return e.assignees;
  return e.assignee ? [e.assignee] : NO_ASSIGNEES;
}

/**
 * Whom an event's reminder is for: the one person, or everyone's when the event is for
 * several (a reminder names one member at most; nobody of them must miss it).
 */
export function reminderAssigneeOf(e: Pick<EventRecord, 'assignee' | 'assignees'>): string | null {
  const list = assigneesOfRecord(e);
  return list.length === 1 ? list[0]! : null;
}
