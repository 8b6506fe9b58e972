// The reminders list's row of the DOMAINS table.
import type { DomainDescriptor } from '../descriptor';
import { presentReminder } from './present';
import { registerReminderRoutes } from './routes';
import { REMINDERS_ITEM, REMINDERS_PHRASES, REMINDERS_REPLIES } from './words';

/** Fired reminders stay in the state for a day. */
const DAY_MS = 86_400_000;

export const REMINDERS_DOMAIN = {
  item: REMINDERS_ITEM,
  phrases: REMINDERS_PHRASES,
  replies: REMINDERS_REPLIES,
  routes: registerReminderRoutes,
  state: (r) => ({
    reminders: r
      .cut('reminders', r.store.reminders.pendingOrFiredSince(r.now.getTime() - DAY_MS))
      .map((x) => presentReminder(x, r.timezone)),
  }),
} satisfies DomainDescriptor<'reminders'>;
