import { cleanup, fireEvent, render, screen, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotifySettings, NotifySettingsResponse } from '../../../src-shared';
import { fakeApi, json } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { NotificationsCard } from './NotificationsCard';

const anna: NotifySettingsResponse['members'][number] = {
  member_id: 'mem_anna',
  name: 'Anna',
  push: true,
  ntfy: false,
  quiet_hours: null,
  devices: 2,
};

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Wissen & System: notifications', () => {
  it("shows each member's channels and saves a change, quiet hours included", async () => {
    let saved: NotifySettings = anna;
    const api = fakeApi({
      'GET /api/notify/settings': () => json({ members: [anna], ntfy_configured: false }),
      'PUT /api/notify/settings/mem_anna': (body) => {
        saved = { ...saved, ...(body as Partial<NotifySettings>) };
        return json(saved);
      },
    });
    render(<NotificationsCard />);
    const row = await screen.findByTestId('notify-member-mem_anna');
    expect(within(row).getByText('2 Geräte')).toBeTruthy();
    // This browser (jsdom) has no service worker: the card says so instead of offering a button.
    await within(screen.getByTestId('notify-this-device')).findByText(/kann hier keine Benachrichtigungen empfangen/);
    expect((within(row).getByRole('checkbox', { name: 'ntfy-App' }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(within(row).getByRole('checkbox', { name: 'Aufs Handy' }));
    await vi.waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ push: false }]));
    await vi.waitFor(() => expect((within(row).getByRole('checkbox', { name: 'Aufs Handy' }) as HTMLInputElement).checked).toBe(false));

    fireEvent.click(within(row).getByRole('checkbox', { name: 'Ruhezeit' }));
    await vi.waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ quiet_hours: { start: '22:00', end: '07:00' } }),
    );
  });
});
