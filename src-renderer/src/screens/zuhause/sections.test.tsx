import { act, cleanup, fireEvent, render, screen, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_CONTROL_TOOLS, HOME_INTEGRATIONS, HOME_SERVER_TOOLS, toolSuccess, type HomeHueResponse } from '../../../../src-shared';
import { useStore } from '../../store';
import { fakeApi, json } from '../../testing/fake-api';
import { resetStore } from '../../testing/reset-store';
import { ZuhauseScreen } from './ZuhauseScreen';

const problem = { state: 'not_configured', code: 'NOT_CONFIGURED', message: 'not set' } as const;
const HUE = (live: boolean): HomeHueResponse => ({ state: 'ready', live, hue: { rooms: [], lights: [], scenes: [] } });

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Zuhause sections from the integrations table', () => {
  it('opens with a card per device kind, each integration read from its row’s route', async () => {
    const api = fakeApi({
      'GET /api/home/hue': () => json({ ...problem, live: false }),
      'GET /api/home/machines': () => json(problem),
      'GET /api/home/proxmox': () => json(problem),
      'GET /api/home/unifi': () => json(problem),
      'GET /api/home/protect': () => json(problem),
      'GET /api/home/stacks': () => json(problem),
      'GET /api/home/homeassistant': () => json({ connection: 'not_configured', areas: [], unassigned: [] }),
    });
    render(<ZuhauseScreen />);
    for (const testId of ['card-light', 'card-machine', 'card-network_client', 'card-camera', 'card-stacks']) {
      expect(await screen.findByTestId(testId)).toBeTruthy();
    }
    const read = api.calls.filter((c) => c.method === 'GET').map((c) => `GET ${c.path}`);
    for (const row of HOME_INTEGRATIONS) expect(read, row.id).toContain(row.route);
  });

  it('reads a live-followed integration again after an action only while its stream is down', async () => {
    let live = true;
    const api = fakeApi({
      'GET /api/home/hue': () => json(HUE(live)),
      'POST /api/tools/skill_home_hue_light_set': () => json(toolSuccess({ id: 'l-1' }, 'ok', true)),
      'POST /api/tools/skill_home_proxmox_start': () => json(toolSuccess({}, 'ok', true)),
    });
    const reads = () => api.calls.filter((c) => c.path === '/api/home/hue').length;
    await act(() => useStore.getState().loadHue());
    await act(async () => void (await useStore.getState().homeAction('l-1', HOME_CONTROL_TOOLS.hueLight, { light: 'l-1', on: true })));
    expect(reads()).toBe(1);
    live = false;
    await act(() => useStore.getState().loadHue());
    await act(async () => void (await useStore.getState().homeAction('l-1', HOME_CONTROL_TOOLS.hueLight, { light: 'l-1', on: false })));
    expect(reads()).toBe(3);
    // An integration whose changes arrive as events is not read again by the action itself.
    await act(async () => void (await useStore.getState().homeAction('vm', HOME_SERVER_TOOLS.proxmoxStart, { guest: '100' })));
    expect(api.calls.filter((c) => c.path === '/api/home/proxmox')).toEqual([]);
  });

  it('a device event patches in what it carries, and reads only the integration it names when it carries nothing', async () => {
    const api = fakeApi({ 'GET /api/home/hue': () => json(HUE(true)), 'GET /api/home/proxmox': () => json(problem) });
    await act(() => useStore.getState().loadHue());
    await act(() => useStore.getState().loadProxmox());
    const reads = (path: string) => api.calls.filter((c) => c.path === path).length;
    act(() => useStore.getState().homeDevicesChanged({ integration: 'proxmox' }));
    await vi.waitFor(() => expect(reads('/api/home/proxmox')).toBe(2));
    act(() =>
      useStore.getState().homeDevicesChanged({ integration: 'hue', live: { live: false, last_live_update: '2026-12-04T06:00:00Z' } }),
    );
    expect(useStore.getState().hue.data).toMatchObject({ live: false, last_live_update: '2026-12-04T06:00:00Z' });
    act(() => useStore.getState().homeDevicesChanged({ integration: 'somewhere-else' }));
    expect([reads('/api/home/hue'), reads('/api/home/proxmox')]).toEqual([1, 2]);
  });

  it('an integration that is not set up offers its connection in Settings', async () => {
    fakeApi({
      'GET /api/home/hue': () => json({ ...problem, live: false }),
      'GET /api/home/machines': () => json(problem),
      'GET /api/home/proxmox': () => json(problem),
      'GET /api/home/unifi': () => json(problem),
      'GET /api/home/protect': () => json(problem),
      'GET /api/home/stacks': () => json(problem),
      'GET /api/home/homeassistant': () => json({ connection: 'not_configured', areas: [], unassigned: [] }),
    });
    render(<ZuhauseScreen />);
    const hue = await screen.findByTestId('hue-not-set-up');
    // The computers woken on LAN have no connection in the app: their steps only.
    expect(within(await screen.findByTestId('machines-not-set-up')).queryByRole('button')).toBeNull();
    fireEvent.click(within(hue).getByRole('button', { name: 'In den Einstellungen verbinden' }));
    expect(useStore.getState().screen).toBe('settings');
  });
});
