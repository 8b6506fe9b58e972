import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The desktop app with JARVIS_REMOTE_URL: Electron mocked at the boundary (as in
// main.int.test.ts), a real JARVIS with its LAN listener on 127.0.0.2 as the home server.
const fake = await vi.hoisted(async () => (await import('../testing/fake-electron')).createFakeElectron());
vi.mock('electron', () => fake.electron);

const { state, electron } = fake;
const saved = { ...process.env };
let server: TestMaster;
let lanUrl = '';
let annaId = '';
let clockNow = new Date('2026-11-30T09:00:00Z');
const serverLog: string[] = [];
const secrets: string[] = [];

function userData(...parts: string[]): string {
  return join(state.dir, 'user-data', ...parts);
}
function connectWindow() {
  return state.windows.find((w) => w.options?.webPreferences?.javascript === false);
}
function page(): string {
  const url: string = connectWindow()!.url;
  return decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length));
}
function trayLabels(): string[] {
  return (state.menus.at(-1) as { label?: string }[]).map((i) => i.label ?? '---');
}
function until<T>(check: () => T | undefined | false): Promise<T> {
  return new Promise((resolve) => {
    const tick = () => {
      const value = check();
      if (value !== undefined && value !== false) resolve(value);
      else setTimeout(tick, 10);
    };
    tick();
  });
}
/** What the person sends in the connect window: a form "navigation" main intercepts. */
async function submit(query: Record<string, string>): Promise<string> {
  const before = connectWindow()!.url;
  let prevented = false;
  connectWindow()!.webContents.emit(
    'will-navigate',
    { preventDefault: () => (prevented = true) },
    `https://jarvis-connect.invalid/submit?${new URLSearchParams(query)}`,
  );
  expect(prevented).toBe(true);
  await until(() => connectWindow()!.url !== before || connectWindow()!.destroyed);
  return page();
}

beforeAll(async () => {
  const line = (m: string) => serverLog.push(m);
  server = await startTestMaster(
    { JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_TIMEZONE: 'Europe/Berlin' },
    { clock: () => clockNow, logger: { info: line, warn: line, error: (m, e) => line(`${m} ${String(e)}`) } },
  );
  annaId = (await server.request('/api/members', { json: { name: 'Anna', is_admin: true } })).json.id;
  lanUrl = (await server.request('/api/devices')).json.lan.url;
  state.dir = mkdtempSync(join(tmpdir(), 'jarvis-desktop-remote-'));
  Object.assign(process.env, { JARVIS_REMOTE_URL: lanUrl, JARVIS_LANGUAGE: 'de', OLLAMA_URL: 'http://127.0.0.1:9' });
  delete process.env.JARVIS_ADDR;
  delete process.env.JARVIS_DATA;
  const loaded = new Promise<string>((resolve) => {
    state.loaded = resolve;
  });
  await import('./main');
  await loaded;
}, 60_000);

afterAll(async () => {
  if (state.quitCalls === 0) electron.app.quit();
  await server?.close();
  process.env = saved;
  rmSync(state.dir, { recursive: true, force: true });
});

describe('the desktop app connected to JARVIS on the home server', () => {
  it('starts no JARVIS of its own and asks first to trust the home server', () => {
    expect(() => statSync(userData('jarvis.db'))).toThrow();
    expect(connectWindow()).toBeDefined();
    expect(page()).toContain(lanUrl);
    expect(trayLabels()).toEqual(expect.arrayContaining(['Heimserver: noch nicht eingerichtet', 'Vom Heimserver trennen']));
    // The window waits: nothing of the home server is loaded before it is trusted.
    expect(state.windows[0].url).toBe('');
  });

  it('shows the fingerprint the server shows, pairs with the code, and then shows the home server', async () => {
    const pairing = (await server.request('/api/pairing', { method: 'POST' })).json;
    secrets.push(pairing.code);
    expect(await submit({ step: 'address', url: lanUrl })).toContain(pairing.ca_fingerprint);
    expect(await submit({ step: 'trust', answer: 'yes' })).toContain('Code zum Verbinden');
    expect(await submit({ step: 'code', code: 'WRONG1' })).toContain('not right');
    expect(await submit({ step: 'code', code: pairing.code })).toContain('Anna');
    const mainWindowLoaded = until(() => (state.windows[0].url === `${lanUrl}/` ? true : undefined));
    await submit({ step: 'member', member: annaId, device_name: 'Annas PC' });
    await mainWindowLoaded;

    const kept = JSON.parse(readFileSync(userData('remote-jarvis.json'), 'utf8'));
    expect(statSync(userData('remote-jarvis.json')).mode & 0o777).toBe(0o600);
    secrets.push(kept.credential);
    // The window's session carries the same device credential.
    expect(state.cookies.get('jarvis_device')).toBe(kept.credential);
    await until(() => trayLabels().includes('Heimserver: verbunden'));
    const devices = (await server.request('/api/devices')).json.devices;
    expect(devices).toEqual([expect.objectContaining({ name: 'Annas PC', member_id: annaId })]);
  });

  it('accepts only the pinned CA for the home server, and leaves other sites to Chromium', async () => {
    const { connect } = await import('node:tls');
    const { X509Certificate } = await import('node:crypto');
    const target = new URL(lanUrl);
    const leaf = await new Promise<string>((resolve, reject) => {
      // Only reading the certificate the server presents.
      const socket = connect({ host: target.hostname, port: Number(target.port), rejectUnauthorized: false }, () => {
        resolve(new X509Certificate(socket.getPeerCertificate().raw).toString());
        socket.end();
      });
      socket.on('error', reject);
    });
    const verdict = (hostname: string) =>
      new Promise<number>((resolve) => state.session.certificate!({ hostname, certificate: { data: leaf } }, resolve));
    expect(await verdict(target.hostname)).toBe(0);
    expect(await verdict('example.org')).toBe(-3);
  });

  it('turns a due reminder on the home server into a desktop notification', async () => {
    await server.request('/api/tools/reminders_create', {
      json: { arguments: { text: 'Müll rausbringen', when: { kind: 'relative', offset_days: 0, time: '11:00' } } },
    });
    clockNow = new Date('2026-11-30T10:00:30Z');
    server.master.capabilities.household.service!.fireDueReminders();
    await until(() => state.notifications.find((n) => n.body.includes('Müll rausbringen')));
    expect(state.notifications.find((n) => n.body.includes('Müll rausbringen'))).toMatchObject({ title: 'Erinnerung' });
  });

  it('push-to-talk reaches the home server page', () => {
    state.shortcuts.values().next().value!();
    expect(state.sent).toContainEqual(['ptt:start', { trigger: 'shortcut' }]);
  });

  it('revoked on the server, the tray says not paired; nothing secret is logged', async () => {
    const [device] = (await server.request('/api/devices')).json.devices;
    expect((await server.request(`/api/devices/${device.id}`, { method: 'DELETE' })).status).toBe(204);
    await until(() => trayLabels().includes('Heimserver: nicht gekoppelt'));
    expect(trayLabels()).toContain('Erneut mit dem Heimserver verbinden …');
    const logged = [readFileSync(userData('logs', 'jarvis.log'), 'utf8'), ...serverLog].join('\n');
    expect(logged).toContain('remote: not-paired');
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });

  it('disconnecting forgets the home server and starts the app anew with its own JARVIS', () => {
    const menu = state.menus.at(-1) as { id?: string; click?: () => void }[];
    menu.find((i) => i.id === 'remote-disconnect')!.click!();
    expect(electron.app.relaunch).toHaveBeenCalled();
    expect(() => statSync(userData('remote-jarvis.json'))).toThrow();
    expect(state.cookies.has('jarvis_device')).toBe(false);
    const settings = JSON.parse(readFileSync(userData('settings.json'), 'utf8'));
    expect(settings.env.JARVIS_REMOTE_URL).toBeUndefined();
  });
});
