/**
 * Rules of a protocol client's own policy, for tests of the protocol's mechanics (reviews,
 * takeovers, exports): deleting needs a review. The household's Policy record names no tool;
 * the host's gate decides and its callers record that decision.
 */
export const DELETES_NEED_REVIEW = {
  require_review: ['calendar_delete', 'tasks_delete', 'reminders_delete', 'groceries_remove', 'mealplan_delete', 'kanban_delete'],
  deny: [] as string[],
};
