import { cleanup, fireEvent, render, screen, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DevicesResponse } from '../../../src-shared';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { DevicesCard } from './DevicesCard';

const PHONE = {
  id: 'dev_1',
  name: 'Annas Handy',
  member_id: 'mem_anna',
  member_name: 'Anna',
  created_at: '2030-01-01T10:00:00Z',
  last_seen_at: '2030-01-02T08:30:00Z',
};

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Wissen & System: devices', () => {
  it('shows a pairing code with its QR code, lists paired devices and revokes one after asking again', async () => {
    let devices: DevicesResponse = { lan: { enabled: true, url: 'https://192.168.1.20:8443' }, devices: [PHONE] };
    const codes = ['K7P2QX', 'M4N8RT'];
    const api = fakeApi({
      'GET /api/devices': () => json(devices),
      'POST /api/pairing': () =>
        json({
          code: codes.shift() ?? 'K7P2QX',
          url: 'https://192.168.1.20:8443/pair#code=K7P2QX',
          expires_at: new Date(Date.now() + 300_000).toISOString(),
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          ca_fingerprint: 'AB:CD:EF',
        }),
      'DELETE /api/devices/dev_1': () => {
        devices = { ...devices, devices: [] };
        return new Response(null, { status: 204 });
      },
    });
    render(<DevicesCard />);
    await useStore.getState().loadDevices();
    const card = screen.getByTestId('card-devices');
    expect(await within(card).findByText('Annas Handy')).toBeTruthy();
    expect(within(card).getByText(/Anna · zuletzt/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Gerät verbinden' }));
    const pairing = await within(card).findByTestId('pairing');
    expect(within(pairing).getByText('K7P2QX')).toBeTruthy();
    // What a desktop app connecting to this JARVIS compares before trusting it.
    expect(within(pairing).getByText(/AB:CD:EF/)).toBeTruthy();
    expect((within(pairing).getByRole('img') as HTMLImageElement).src).toMatch(/^data:image\/svg\+xml/);
    // A new code in one tap, right where the old one is shown.
    fireEvent.click(within(pairing).getByRole('button', { name: 'Neuer Code' }));
    expect(await within(card).findByText('M4N8RT')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Trennen: Annas Handy' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Annas Handy wirklich trennen' }));
    await vi.waitFor(() => expect(within(card).getByText('Noch kein Gerät verbunden.')).toBeTruthy());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/devices/dev_1']);
  });

  it('makes a calendar password for a device, shows server, user name and password once, and removes it', async () => {
    let devices: DevicesResponse = { lan: { enabled: true, url: 'https://192.168.1.20:8443' }, devices: [PHONE] };
    const api = fakeApi({
      'GET /api/devices': () => json(devices),
      'POST /api/devices/dev_1/app-password': () => {
        devices = { ...devices, devices: [{ ...PHONE, app_password: true }] };
        return json({ username: 'Anna', password: 'abcd-efgh-jkmn-pqrs-tuvw', server_url: 'https://192.168.1.20:8443' }, 201);
      },
      'DELETE /api/devices/dev_1/app-password': () => {
        devices = { ...devices, devices: [PHONE] };
        return new Response(null, { status: 204 });
      },
    });
    render(<DevicesCard />);
    await useStore.getState().loadDevices();
    const card = screen.getByTestId('card-devices');
    fireEvent.click(await within(card).findByRole('button', { name: 'Kalender-Passwort: Annas Handy' }));
    const shown = await within(card).findByTestId('calendar-password');
    expect(within(shown).getByText('abcd-efgh-jkmn-pqrs-tuvw')).toBeTruthy();
    expect(within(shown).getByText('https://192.168.1.20:8443')).toBeTruthy();
    expect(await within(card).findByText(/Kalender verbunden/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Ausblenden' }));
    expect(within(card).queryByText('abcd-efgh-jkmn-pqrs-tuvw')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Kalender-Passwort entfernen: Annas Handy' }));
    await vi.waitFor(() => expect(within(card).queryByText(/Kalender verbunden/)).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/devices/dev_1/app-password']);
  });

  it('says how to switch LAN access on when it is off, and offers no pairing', async () => {
    fakeApi({ 'GET /api/devices': () => json({ lan: { enabled: false }, devices: [] }) });
    render(<DevicesCard />);
    await useStore.getState().loadDevices();
    const card = screen.getByTestId('card-devices');
    expect(await within(card).findByText(/Handys und Tablets im Heimnetz eine Adresse/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Gerät verbinden' })).toBeNull();
  });
});
