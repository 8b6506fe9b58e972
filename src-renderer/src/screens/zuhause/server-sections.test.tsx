import { act, cleanup, fireEvent, render, screen, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeProtectResponse, HomeProxmoxResponse, HomeStacksResponse, HomeUnifiResponse, ToolResult } from '../../../../src-shared';
import { useStore } from '../../store';
import { fakeApi, json } from '../../testing/fake-api';
import { resetStore } from '../../testing/reset-store';
import { DeviceKindSection } from './DeviceKindSection';
import { StacksSection } from './StacksSection';

/** The machines' section with the stacks beside it, as the screen shows them. */
function ServerSection() {
  return (
    <>
      <DeviceKindSection kind="machine" />
      <StacksSection />
    </>
  );
}
const NetworkSection = () => <DeviceKindSection kind="network_client" />;
const CamerasSection = () => <DeviceKindSection kind="camera" />;

const proxmox: HomeProxmoxResponse = {
  state: 'ready',
  proxmox: {
    nodes: [{ node: 'pve', status: 'online', cpu: 0.1, maxcpu: 8, mem: 1e9, maxmem: 3.2e10, uptime: 86_400 }],
    guests: [
      {
        vmid: 100,
        name: 'home-assistant',
        type: 'qemu',
        node: 'pve',
        status: 'running',
        online: true,
        cpu: 0.05,
        maxcpu: 2,
        mem: 2e9,
        maxmem: 4e9,
        uptime: 7200,
      },
      {
        vmid: 101,
        name: 'pihole',
        type: 'lxc',
        node: 'pve',
        status: 'stopped',
        online: false,
        cpu: 0,
        maxcpu: 1,
        mem: 0,
        maxmem: 5e8,
        uptime: 0,
      },
    ],
  },
};
const stacks: HomeStacksResponse = { state: 'not_configured', code: 'NOT_CONFIGURED', message: 'JARVIS_COMPOSE_STACKS is empty.' };
const ok = (message: string): ToolResult => ({ success: true, data: {}, message, mutated: true });

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Zuhause: Server, Netzwerk, Kameras', () => {
  it('restarts a VM only after the household confirms, and starts a stopped container at once', async () => {
    const api = fakeApi({
      'GET /api/home/proxmox': () => json(proxmox),
      'GET /api/home/stacks': () => json(stacks),
      'POST /api/tools/{name}': () => json(ok('erledigt')),
    });
    await Promise.all([useStore.getState().loadProxmox(), useStore.getState().loadStacks()]);
    render(<ServerSection />);
    const vm = await screen.findByTestId('machine-home-assistant');
    expect(vm.textContent).toContain('läuft seit 2 Std 0 Min');
    fireEvent.click(within(vm).getByTestId('guest-100-reboot'));
    expect(within(vm).getByText('home-assistant wirklich neu starten?')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(vm).getByTestId('guest-100-reboot-yes'));
    await vi.waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
        ['/api/tools/skill_home_proxmox_reboot', { arguments: { guest: '100' } }],
      ]),
    );
    fireEvent.click(within(screen.getByTestId('machine-pihole')).getByTestId('guest-101-start'));
    await vi.waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').at(-1)!.path).toBe('/api/tools/skill_home_proxmox_start'));
    // Stacks are not set up: the steps, not an error.
    expect(screen.getByTestId('stacks-not-set-up').textContent).toContain('Einstellungen → Zuhause → Docker-Stacks');
  });

  it('says whether the internet is there and who is on Wi-Fi; a wrong key is told in plain words', async () => {
    const unifi: HomeUnifiResponse = {
      state: 'ready',
      unifi: {
        site: { id: 's', name: 'Default' },
        internet: { known: true, online: true, gateway: 'Cloud Gateway' },
        devices: [
          {
            id: 'ap',
            name: 'AP Wohnzimmer',
            model: 'U6-Pro',
            ip: '',
            state: 'ONLINE',
            online: true,
            firmware: '7',
            firmware_update: false,
            uptime_s: 60,
            gateway: false,
          },
        ],
        clients: [{ id: 'c1', name: 'Annas iPhone', ip: '192.168.1.20', mac: '', type: 'WIRELESS', online: true, connected_at: '' }],
      },
    };
    let answer: HomeUnifiResponse = unifi;
    fakeApi({ 'GET /api/home/unifi': () => json(answer) });
    await useStore.getState().loadUnifi();
    render(<NetworkSection />);
    expect((await screen.findByTestId('internet-state')).textContent).toBe('Das Internet ist da.');
    expect(screen.getByText('Verbunden: 1 (davon 1 im WLAN)')).toBeTruthy();
    answer = { state: 'error', code: 'UNAUTHORIZED', message: 'refused' };
    await useStore.getState().loadUnifi();
    expect((await screen.findByTestId('unifi-not-set-up')).textContent).toContain('der Schlüssel stimmt nicht mehr');
  });

  it('shows each connected camera as a picture from the JARVIS route, never from the console', async () => {
    const protect: HomeProtectResponse = {
      state: 'ready',
      cameras: [
        {
          id: 'cam1',
          name: 'Einfahrt',
          state: 'CONNECTED',
          connected: true,
          model: 'G4 Bullet',
          doorbell: false,
          snapshot_path: '/api/home/protect/cameras/cam1/snapshot',
        },
        {
          id: 'cam2',
          name: 'Garten',
          state: 'DISCONNECTED',
          connected: false,
          model: 'G4 Bullet',
          doorbell: false,
          snapshot_path: '/api/home/protect/cameras/cam2/snapshot',
        },
      ],
    };
    fakeApi({ 'GET /api/home/protect': () => json(protect) });
    await useStore.getState().loadProtect();
    render(<CamerasSection />);
    const img = (await screen.findByAltText('Aktuelles Bild von Einfahrt')) as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/^\/api\/home\/protect\/cameras\/cam1\/snapshot\?n=\d+$/);
    expect(within(screen.getByTestId('camera-cam2')).getByText('Kamera nicht verbunden')).toBeTruthy();
  });

  it("says since when no camera detections came while the console's event subscription is down, and reloads when it is back", async () => {
    let protect: HomeProtectResponse = {
      state: 'ready',
      live: false,
      last_live_update: '2026-08-29T06:20:00Z',
      cameras: [
        {
          id: 'cam1',
          name: 'Einfahrt',
          state: 'CONNECTED',
          connected: true,
          model: 'G4 Bullet',
          doorbell: false,
          snapshot_path: '/api/home/protect/cameras/cam1/snapshot',
        },
      ],
    };
    fakeApi({ 'GET /api/home/protect': () => json(protect) });
    await useStore.getState().loadProtect();
    render(<CamerasSection />);
    expect((await screen.findByTestId('protect-no-live-since')).textContent).toMatch(/^Keine Live-Updates seit /);
    protect = { state: 'ready', live: true, cameras: protect.state === 'ready' ? protect.cameras : [] };
    act(() => useStore.getState().homeDevicesChanged({ integration: 'protect' }));
    await vi.waitFor(() => expect(screen.queryByTestId('protect-no-live-since')).toBeNull());
    expect(screen.getByAltText('Aktuelles Bild von Einfahrt')).toBeTruthy();
  });

  it('shows on each camera card whether it is online, its newest motion and, for a doorbell, its newest ring', async () => {
    const protect: HomeProtectResponse = {
      state: 'ready',
      cameras: [
        {
          id: 'door',
          name: 'Haustür',
          state: 'CONNECTED',
          connected: true,
          model: 'G4 Doorbell Pro',
          doorbell: true,
          last_motion: '2026-12-01T14:02:00Z',
          last_ring: '2026-12-01T13:15:00Z',
          snapshot_path: '/api/home/protect/cameras/door/snapshot',
        },
        { id: 'garden', name: 'Garten', state: 'DISCONNECTED', connected: false, model: 'G4 Bullet', doorbell: false, snapshot_path: '/x' },
      ],
    };
    fakeApi({ 'GET /api/home/protect': () => json(protect) });
    await useStore.getState().loadProtect();
    render(<CamerasSection />);
    const door = await screen.findByTestId('camera-door');
    expect(within(door).getByText('Haustür (Türklingel)')).toBeTruthy();
    const facts = within(door).getByTestId('camera-door-facts').textContent!;
    expect(facts).toContain('online');
    expect(facts).toMatch(/letzte Bewegung .*\d{2}:02/);
    expect(facts).toMatch(/zuletzt geklingelt .*\d{2}:15/);
    const garden = screen.getByTestId('camera-garden-facts').textContent!;
    expect(garden).toContain('offline');
    expect(garden).toContain('noch keine Bewegung gesehen');
    expect(garden).not.toContain('geklingelt');
  });

  it('shows a Dockge stack that is down as not started, with a start button', async () => {
    const dockge: HomeStacksResponse = { state: 'ready', stacks: [{ name: 'immich', source: 'dockge', state: 'stopped', containers: [] }] };
    fakeApi({ 'GET /api/home/proxmox': () => json(proxmox), 'GET /api/home/stacks': () => json(dockge) });
    await Promise.all([useStore.getState().loadProxmox(), useStore.getState().loadStacks()]);
    render(<ServerSection />);
    const row = await screen.findByTestId('stack-immich');
    expect(row.textContent).toContain('nicht gestartet');
    expect(within(row).getByTestId('stack-immich-start')).toBeTruthy();
    expect(within(row).queryByTestId('stack-immich-stop')).toBeNull();
  });
});
