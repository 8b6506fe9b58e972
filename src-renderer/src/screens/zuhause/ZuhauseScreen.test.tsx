import { act, cleanup, fireEvent, render, screen, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_CONTROL_TOOLS, toolSuccess, type HomeHueResponse, type HomeMachinesResponse } from '../../../../src-shared';
import { applyLanguage } from '../../i18n';
import { useStore } from '../../store';
import { fakeApi, json } from '../../testing/fake-api';
import { resetStore } from '../../testing/reset-store';
import { ZuhauseScreen } from './ZuhauseScreen';

const HUE: HomeHueResponse = {
  state: 'ready',
  live: true,
  hue: {
    rooms: [{ id: 'room-1', kind: 'room', name: 'Wohnzimmer', grouped_light: 'gl-1', on: false, brightness: 50, lights: ['l-1'] }],
    lights: [{ id: 'l-1', name: 'Sofa', on: false, brightness: 50, dimmable: true, color: false, color_temperature: false }],
    scenes: [{ id: 's-1', name: 'Entspannen', group: 'room-1', active: 'inactive' }],
  },
};
const MACHINES: HomeMachinesResponse = {
  state: 'ready',
  machines: [{ name: 'Gaming-PC', mac: 'aa:bb:cc:dd:ee:ff', address: null, online: false }],
};

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Zuhause', () => {
  it('shows a "not set up" card with the steps for each integration that lacks its settings', async () => {
    fakeApi({
      'GET /api/home/hue': () =>
        json<HomeHueResponse>({ state: 'not_configured', code: 'NOT_CONFIGURED', message: 'HUE_BRIDGE_URL is empty.', live: false }),
      'GET /api/home/machines': () =>
        json<HomeMachinesResponse>({ state: 'not_configured', code: 'NOT_CONFIGURED', message: 'WOL_TARGETS is empty.' }),
    });
    render(<ZuhauseScreen />);
    const hue = await screen.findByTestId('hue-not-set-up');
    expect(within(hue).getByText(/Drücke die runde Taste/)).toBeTruthy();
    // The setting's name is for the steps, never the problem line a family reads.
    expect(within(hue).queryByText(/HUE_BRIDGE_URL is empty/)).toBeNull();
    expect(await screen.findByTestId('machines-not-set-up')).toBeTruthy();
  });

  it('says in plain words when the bridge presents another certificate', async () => {
    fakeApi({
      'GET /api/home/hue': () =>
        json<HomeHueResponse>({ state: 'error', code: 'CERT_FINGERPRINT_CHANGED', message: 'pinned …', live: false }),
      'GET /api/home/machines': () => json(MACHINES),
    });
    render(<ZuhauseScreen />);
    expect(await screen.findByText(/anderen Zertifikat/)).toBeTruthy();
  });

  it('switches a room through the tools route and follows live changes from the wall', async () => {
    const api = fakeApi({
      'GET /api/home/hue': () => json(HUE),
      'GET /api/home/machines': () => json(MACHINES),
      'POST /api/tools/skill_home_hue_room_set': () => json(toolSuccess({ id: 'room-1', name: 'Wohnzimmer' }, 'ok', true)),
    });
    render(<ZuhauseScreen />);
    const room = await screen.findByTestId('room-Wohnzimmer');
    const roomSwitch = within(room).getByRole('switch', { name: 'Wohnzimmer einschalten' });
    fireEvent.click(roomSwitch);
    await vi.waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: `/api/tools/${HOME_CONTROL_TOOLS.hueRoom}`,
        body: { arguments: { room: 'room-1', on: true } },
      }),
    );
    act(() =>
      useStore.getState().homeDevicesChanged({ integration: 'hue', changes: [{ kind: 'light', id: 'l-1', fields: { on: true } }] }),
    );
    expect(within(room).getByRole('switch', { name: 'Sofa ausschalten' }).getAttribute('aria-checked')).toBe('true');
    expect(within(room).getByRole('switch', { name: 'Wohnzimmer ausschalten' })).toBeTruthy();
    expect(within(screen.getByTestId('card-light')).getByText('live')).toBeTruthy();
  });

  it('says since when there are no live updates while the bridge stream is down, and stops saying it when it is back', async () => {
    fakeApi({ 'GET /api/home/hue': () => json(HUE), 'GET /api/home/machines': () => json(MACHINES) });
    render(<ZuhauseScreen />);
    await screen.findByTestId('room-Wohnzimmer');
    expect(screen.queryByTestId('hue-no-live-since')).toBeNull();
    act(() =>
      useStore.getState().homeDevicesChanged({ integration: 'hue', live: { live: false, last_live_update: '2026-08-29T06:20:00Z' } }),
    );
    expect(screen.getByTestId('hue-no-live-since').textContent).toMatch(/^Keine Live-Updates seit .*\d\d:\d\d/);
    expect(within(screen.getByTestId('card-light')).getByText('nicht live')).toBeTruthy();
    act(() => useStore.getState().homeDevicesChanged({ integration: 'hue', live: { live: true } }));
    expect(screen.queryByTestId('hue-no-live-since')).toBeNull();
  });

  it('recalls a scene and wakes a machine', async () => {
    const api = fakeApi({
      'GET /api/home/hue': () => json(HUE),
      'GET /api/home/machines': () => json(MACHINES),
      'POST /api/tools/skill_home_hue_scene_recall': () => json(toolSuccess({ id: 's-1', name: 'Entspannen' }, 'ok', true)),
      'POST /api/tools/skill_home_network_wake': () => json(toolSuccess({ name: 'Gaming-PC' }, 'ok', true)),
    });
    render(<ZuhauseScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Entspannen' }));
    const machine = await screen.findByTestId('machine-Gaming-PC');
    fireEvent.click(within(machine).getByRole('button', { name: 'Wecken' }));
    await vi.waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { arguments: { scene: 's-1' } },
        { arguments: { machine: 'Gaming-PC' } },
      ]),
    );
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/home/hue': () => json(HUE), 'GET /api/home/machines': () => json(MACHINES) });
    await act(() => applyLanguage('en'));
    render(<ZuhauseScreen />);
    expect(await screen.findByRole('switch', { name: 'Turn Wohnzimmer on' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wake' })).toBeTruthy();
  });
});
