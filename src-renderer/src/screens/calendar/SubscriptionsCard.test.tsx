import { cleanup, fireEvent, render, screen, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarSubscription } from '../../../../src-shared';
import { useStore } from '../../store';
import { apiError, fakeApi, json } from '../../testing/fake-api';
import { resetStore } from '../../testing/reset-store';
import { SubscriptionsCard } from './SubscriptionsCard';

const ABFALL: CalendarSubscription = {
  id: 'sub_0123456789abcdef',
  name: 'Abfall',
  source: 'https://stadt.example/abfuhr.ics',
  color: '#6b8e23',
  refresh_minutes: 360,
  refreshed_at: '2030-01-01T10:00:00Z',
  error: null,
  event_count: 180,
  evening_reminders: null,
};

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Kalender: subscribed calendars', () => {
  it('lists a subscription with its coming events in its colour and switches the evening reminder on', async () => {
    let sub = ABFALL;
    const api = fakeApi({
      'GET /api/calendar/subscriptions': () => json({ subscriptions: [sub] }),
      'GET /api/calendar/subscriptions/events': () =>
        json({
          events: [
            {
              subscription_id: sub.id,
              title: 'Restmüll',
              location: '',
              start: '2099-01-11T00:00:00+01:00',
              end: '2099-01-12T00:00:00+01:00',
              all_day: true,
              color: sub.color,
            },
          ],
        }),
      'PATCH /api/calendar/subscriptions/sub_0123456789abcdef': () => {
        sub = { ...sub, evening_reminders: { match: 'Restmüll', time: '19:00' } };
        return json(sub);
      },
    });
    render(<SubscriptionsCard />);
    await useStore.getState().loadSubscriptions();
    const card = screen.getByTestId('card-subscriptions');
    expect(await within(card).findByText('Abfall')).toBeTruthy();
    expect(within(card).getByText(/180 Termine/)).toBeTruthy();
    expect(within(within(card).getByTestId('subscription-events')).getByText('Restmüll')).toBeTruthy();
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Am Vorabend erinnern' }));
    expect(await within(card).findByText(/Erinnert am Vorabend um 19:00 an „Restmüll“/)).toBeTruthy();
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ evening_reminders: { match: 'Restmüll', time: '19:00' } });
  });

  it('keeps a refused address in the form and says why, in plain words', async () => {
    fakeApi({
      'GET /api/calendar/subscriptions': () => json({ subscriptions: [] }),
      'GET /api/calendar/subscriptions/events': () => json({ events: [] }),
      'POST /api/calendar/subscriptions': () =>
        apiError('SUBSCRIPTION_NOT_A_CALENDAR', 'Unter dieser Adresse liegt kein Kalender (ICS).', 422),
    });
    render(<SubscriptionsCard />);
    await useStore.getState().loadSubscriptions();
    const card = screen.getByTestId('card-subscriptions');
    const url = within(card).getByLabelText('Adresse (ICS oder webcal)') as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'https://stadt.example/seite' } });
    fireEvent.change(within(card).getByLabelText('Name'), { target: { value: 'Abfall' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Abonnieren' }));
    expect(await within(card).findByRole('alert')).toHaveProperty('textContent', 'Unter dieser Adresse liegt kein Kalender (ICS).');
    expect(url.value).toBe('https://stadt.example/seite');
  });
});
