import type { StateCreator } from 'zustand';
import type { CalendarAccountLogin, CalendarAccountsResponse, RemoteCalendar } from '../../../src-shared';
import { ApiError, request } from '../api';
import { idle, messageOf, type Resource, resourceLoader } from './resource';
import type { Store } from './index';

/** A refusal the connect screen says in the member's words (its code), or the master's own words. */
export interface AccountRefusal {
  readonly code: string;
  readonly message: string;
}

const refusalOf = (e: unknown): AccountRefusal => ({ code: e instanceof ApiError ? e.code : 'FAILED', message: messageOf(e) });

export interface CalendarAccountsSlice {
  calendarAccounts: Resource<CalendarAccountsResponse>;
  loadCalendarAccounts(): Promise<void>;
  /** The account's calendars from its server address, or why not. */
  discoverCalendars(login: CalendarAccountLogin): Promise<{ calendars: readonly RemoteCalendar[] } | { refused: AccountRefusal }>;
  /** Connects each chosen calendar with the member's (or the family's); answers the first refusal. */
  connectCalendars(
    login: CalendarAccountLogin,
    calendarUrls: readonly string[],
    memberId: string | null,
  ): Promise<AccountRefusal | undefined>;
  syncCalendarAccount(id: string): Promise<void>;
  /** Ends a connection; the copied events stay (`keepEvents`) or go with it. */
  removeCalendarAccount(id: string, keepEvents: boolean): Promise<void>;
}

export const createCalendarAccountsSlice: StateCreator<Store, [], [], CalendarAccountsSlice> = (set, get) => {
  const loadResource = resourceLoader(set, get);
  return {
    calendarAccounts: idle(),
    loadCalendarAccounts: () => loadResource('calendarAccounts', () => request('GET /api/calendar/accounts')),
    async discoverCalendars(login) {
      try {
        return { calendars: (await request('POST /api/calendar/accounts/discover', { body: login })).calendars };
      } catch (e) {
        return { refused: refusalOf(e) };
      }
    },
    async connectCalendars(login, calendarUrls, memberId) {
      let refused: AccountRefusal | undefined;
      for (const calendar_url of calendarUrls) {
        try {
          await request('POST /api/calendar/accounts', { body: { ...login, calendar_url, member_id: memberId } });
        } catch (e) {
          refused = refusalOf(e);
          break;
        }
      }
      await get().loadCalendarAccounts();
      return refused;
    },
    async syncCalendarAccount(id) {
      try {
        await request('POST /api/calendar/accounts/{id}/sync', { params: { id }, body: {} });
      } catch {
        // The connection's own status says what went wrong.
      }
      await get().loadCalendarAccounts();
    },
    async removeCalendarAccount(id, keepEvents) {
      try {
        await request('DELETE /api/calendar/accounts/{id}', { params: { id }, query: { keep_events: String(keepEvents) } });
      } catch (e) {
        get().notify('error', messageOf(e));
      }
      await get().loadCalendarAccounts();
    },
  };
};
