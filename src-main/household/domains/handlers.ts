import { calendarCreate, calendarDelete, calendarList, calendarUpdate } from './calendar/tools';
import { groceriesAdd, groceriesList, groceriesRemove, groceriesSyncMealplan, groceriesUpdate } from './groceries/tools';
import type { HandlerTable } from './handler';
import { kanbanCreate, kanbanDelete, kanbanList, kanbanMove } from './kanban/tools';
import { mealplanCreate, mealplanDelete, mealplanList, mealplanUpdate } from './mealplan/tools';
import { recipesCreate, recipesGet, recipesList, recipesSearch, recipesUpdate } from './recipes/tools';
import { remindersCreate, remindersDelete, remindersList, remindersSnooze } from './reminders/tools';
import { systemGetTime } from '../system-time';
import { tasksCreate, tasksDelete, tasksList, tasksUpdate } from './tasks/tools';

export type { Outcome, Handler } from './handler';
export { insertEvent } from './calendar/tools';
export { insertRecipe } from './recipes/tools';

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
