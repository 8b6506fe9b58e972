// Rows as the household store keeps them: times in epoch ms, lists parsed.
import type { GrocerySource, Ingredient, KanbanColumn, MealSlot, ReminderSource, TaskPriority, TaskStatus } from '../../../src-shared';

export interface EventRecord {
  id: string;
  title: string;
  startMs: number;
  endMs: number;
  allDay: boolean;
  location: string;
  notes: string;
  /** UID of the ICS event it was imported from, if any. */
  icsUid: string | null;
  createdMs: number;
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
}

export interface ReminderRecord {
  id: string;
  text: string;
  atMs: number;
  source: ReminderSource;
  eventId: string | null;
  firedMs: number | null;
  createdMs: number;
}

export interface GroceryRecord {
  id: string;
  name: string;
  quantity: number | null;
  unit: string | null;
  checked: boolean;
  source: GrocerySource;
  /** Aggregation key (normalised name + unit); unique among source "mealplan" rows. */
  derivedKey: string | null;
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
}
