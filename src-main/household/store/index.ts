export type {
  CardRecord,
  EventBody,
  EventRecord,
  GroceryRecord,
  MealRecord,
  OverrideRecord,
  RecipeRecord,
  ReminderRecord,
  TaskRecord,
} from './records';
export { HOUSEHOLD_MIGRATIONS } from './migrations';
export { assigneesOfRecord, reminderAssigneeOf } from './records';
export { newId, newPrefixedId } from './ids';
export type { MemberRecord } from './members';

export const HOUSEHOLD_COMPONENT = 'household';
