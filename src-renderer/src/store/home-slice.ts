import type { StateCreator } from 'zustand';
import {
  SNOOZE_DEFAULT_MINUTES,
  type HomeDomain,
  type HomeState,
  type HomeToolArgs,
  type HomeToolName,
  type Reminder,
} from '../../../src-shared';
import { callTool } from '../api';
import { snoozedUntil } from './home-day';
import { createHomeLoader, domainOfTool } from './home-loader';
import { idle, messageOf, type Resource } from './resource';
import type { Store } from './index';

export interface HomeSlice {
  home: Resource<HomeState>;
  /** Reminders that fired while the app was open (SSE reminder.due), newest first. */
  dueReminders: readonly Reminder[];
  /** The whole state (the first paint, a reconnect, a change whose domains are unknown). */
  loadHome(): Promise<void>;
  /** Only these domains' parts, merged into the state held (the whole state before the first one). */
  loadHomeParts(domains: readonly HomeDomain[]): Promise<void>;
  /**
   * Runs a household tool (the same write path as the assistant). `optimistic` shows the
   * change at once; if the server refuses, the previous state comes back and a notice
   * says why — or `onRefused` does, for a form that marks the field at fault. Resolves true
   * when the server accepted.
   */
  mutate<N extends HomeToolName>(
    tool: N,
    args: HomeToolArgs[N],
    optimistic?: (state: HomeState) => HomeState,
    onRefused?: (error: unknown) => void,
  ): Promise<boolean>;
  /** Rings again `minutes` later (after now, or after its own time if that is later); every other field stays. */
  snoozeReminder(id: string, minutes?: number): Promise<boolean>;
  reminderDue(reminder: Reminder): void;
  dismissDue(id: string): void;
}

export const createHomeSlice: StateCreator<Store, [], [], HomeSlice> = (set, get) => ({
  home: idle(),
  dueReminders: [],
  ...createHomeLoader({ get: () => get().home, set: (home) => set({ home }) }),
  async mutate(tool, args, optimistic, onRefused) {
    const before = get().home;
    if (optimistic && before.status === 'ready') set({ home: { status: 'ready', data: optimistic(before.data) } });
    try {
      await callTool(tool, args);
      // What the write changed elsewhere (a task's card, a meal's groceries) comes with its state.changed.
      const domain = domainOfTool(tool);
      await (domain ? get().loadHomeParts([domain]) : get().loadHome());
      return true;
    } catch (e) {
      // Only roll back if nothing newer arrived in between.
      if (optimistic && before.status === 'ready') set({ home: before });
      if (onRefused) onRefused(e);
      else get().notify('error', messageOf(e));
      return false;
    }
  },
  async snoozeReminder(id, minutes = SNOOZE_DEFAULT_MINUTES) {
    const before = get().home;
    const reminder = before.data?.reminders.find((r) => r.id === id);
    if (before.status !== 'ready' || !reminder) return false;
    const until = snoozedUntil(reminder, before.data, minutes);
    const moved = { ...reminder, at: `${until.date}T${until.time}:00${reminder.at.slice(19)}`, fired_at: null };
    set({ home: { status: 'ready', data: { ...before.data, reminders: before.data.reminders.map((r) => (r.id === id ? moved : r)) } } });
    try {
      // The same reminder moves: its person, text and event stay (a new one would lose them).
      await callTool('reminders_snooze', { id, minutes });
      set({ dueReminders: get().dueReminders.filter((r) => r.id !== id) });
      return true;
    } catch (e) {
      set({ home: before });
      get().notify('error', messageOf(e));
      return false;
    } finally {
      await get().loadHomeParts(['reminders']);
    }
  },
  reminderDue(reminder) {
    set({ dueReminders: [reminder, ...get().dueReminders.filter((r) => r.id !== reminder.id)].slice(0, 5) });
  },
  dismissDue(id) {
    set({ dueReminders: get().dueReminders.filter((r) => r.id !== id) });
  },
});
