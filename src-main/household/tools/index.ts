import { calendarCreate, calendarDelete, calendarList, calendarUpdate } from './calendar';
import { groceriesAdd, groceriesList, groceriesRemove, groceriesSyncMealplan, groceriesUpdate } from './groceries';
import type { HandlerTable } from './handler';
import { kanbanCreate, kanbanDelete, kanbanList, kanbanMove } from './kanban';
import { mealplanCreate, mealplanDelete, mealplanList, mealplanUpdate } from './mealplan';
import { recipesCreate, recipesGet, recipesList, recipesSearch, recipesUpdate } from './recipes';
import { remindersCreate, remindersDelete, remindersList, remindersSnooze } from './reminders';
import { systemGetTime } from './system';
import { tasksCreate, tasksDelete, tasksList, tasksUpdate } from './tasks';

export type { Outcome, Handler } from './handler';
export { insertEvent } from './calendar';
export { insertRecipe } from './recipes';

/** Every core tool's handler, by name (the type forces one per name in HOME_TOOL_NAMES). */
export const HANDLERS: HandlerTable = {
  system_get_time: systemGetTime,
  calendar_list: calendarList,
  calendar_create: calendarCreate,
  calendar_update: calendarUpdate,
  calendar_delete: calendarDelete,
  tasks_list: tasksList,
  tasks_create: tasksCreate,
  tasks_update: tasksUpdate,
  tasks_delete: tasksDelete,
  reminders_list: remindersList,
  reminders_create: remindersCreate,
  reminders_delete: remindersDelete,
  reminders_snooze: remindersSnooze,
  groceries_list: groceriesList,
  groceries_add: groceriesAdd,
  groceries_update: groceriesUpdate,
  groceries_remove: groceriesRemove,
  groceries_sync_mealplan: groceriesSyncMealplan,
  recipes_search: recipesSearch,
  recipes_get: recipesGet,
  recipes_create: recipesCreate,
  recipes_list: recipesList,
  recipes_update: recipesUpdate,
  mealplan_list: mealplanList,
  mealplan_create: mealplanCreate,
  mealplan_update: mealplanUpdate,
  mealplan_delete: mealplanDelete,
  kanban_list: kanbanList,
  kanban_create: kanbanCreate,
  kanban_move: kanbanMove,
  kanban_delete: kanbanDelete,
};
