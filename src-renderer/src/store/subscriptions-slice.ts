import type { StateCreator } from 'zustand';
import type { CalendarSubscriptionsResponse, CalendarSubscriptionUpdateRequest, SubscriptionEvent } from '../../../src-shared';
import { request } from '../api';
import { failed, idle, loading, messageOf, type Resource } from './resource';
import type { Store } from './index';

export interface SubscriptionsSlice {
  subscriptions: Resource<CalendarSubscriptionsResponse>;
  /** The subscribed calendars' occurrences of the coming weeks (their layer). */
  subscriptionEvents: readonly SubscriptionEvent[];
  loadSubscriptions(): Promise<void>;
  /** Answers the refusal's words when the address was not taken, so the form keeps what was typed. */
  addSubscription(url: string, name: string, color: string): Promise<string | undefined>;
  updateSubscription(id: string, patch: CalendarSubscriptionUpdateRequest): Promise<void>;
  removeSubscription(id: string): Promise<void>;
}

export const createSubscriptionsSlice: StateCreator<Store, [], [], SubscriptionsSlice> = (set, get) => ({
  subscriptions: idle(),
  subscriptionEvents: [],
  async loadSubscriptions() {
    set({ subscriptions: loading(get().subscriptions) });
    try {
      const [list, events] = await Promise.all([
        request('GET /api/calendar/subscriptions'),
        request('GET /api/calendar/subscriptions/events', { query: { days: '42' } }),
      ]);
      set({ subscriptions: { status: 'ready', data: list }, subscriptionEvents: events.events });
    } catch (e) {
      set({ subscriptions: failed(get().subscriptions, e) });
    }
  },
  async addSubscription(url, name, color) {
    try {
      await request('POST /api/calendar/subscriptions', { body: { url, name, color } });
    } catch (e) {
      return messageOf(e);
    }
    await get().loadSubscriptions();
    return undefined;
  },
  async updateSubscription(id, patch) {
    try {
      await request('PATCH /api/calendar/subscriptions/{id}', { params: { id }, body: patch });
    } catch (e) {
      get().notify('error', messageOf(e));
    }
    await get().loadSubscriptions();
  },
  async removeSubscription(id) {
    try {
      await request('DELETE /api/calendar/subscriptions/{id}', { params: { id } });
    } catch (e) {
      get().notify('error', messageOf(e));
    }
    await get().loadSubscriptions();
  },
});
