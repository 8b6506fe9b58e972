import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The Electron main process wired end to end with Electron mocked at the boundary only:
// the real master starts in-process on a loopback port, and the fake Electron objects
// record what main asked of them.
const fake = await vi.hoisted(async () => (await import('../testing/fake-electron')).createFakeElectron());
vi.mock('electron', () => fake.electron);

import { EventBus } from '../platform/events';
import { eventually } from '../testing/skill-worker';

const { state, electron } = fake;
// The master's real EventBus, caught when main subscribes to it.
let bus: EventBus | undefined;
const subscribe = EventBus.prototype.subscribe;
vi.spyOn(EventBus.prototype, 'subscribe').mockImplementation(function (this: EventBus, listener) {
  bus = this;
  return subscribe.call(this, listener);
});
let appUrl = '';
let secretHeaders: Record<string, string> = {};
const saved = { ...process.env };

function mainWindow() {
  return state.windows[0];
}
async function ipc(channel: string, payload: unknown, frameUrl = `${appUrl}/`) {
  const handler = state.ipc.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler({ sender: mainWindow().webContents, senderFrame: { url: frameUrl, parent: null } }, payload);
}

beforeAll(async () => {
  state.dir = mkdtempSync(join(tmpdir(), 'jarvis-desktop-'));
  Object.assign(process.env, {
    OLLAMA_URL: 'http://127.0.0.1:9',
    TASK_SCOUT_INTERVAL: '0',
    KANBAN_AI_INTERVAL: '0',
    JARVIS_LANGUAGE: 'en',
  });
  delete process.env.JARVIS_ADDR;
  delete process.env.JARVIS_DATA;
  const loaded = new Promise<string>((resolve) => {
    state.loaded = resolve;
  });
  await import('./main');
  appUrl = (await loaded).replace(/\/$/, '');
  state.session.beforeSend?.({ url: `${appUrl}/api/health`, requestHeaders: {} }, (r: { requestHeaders: Record<string, string> }) => {
    secretHeaders = r.requestHeaders;
  });
}, 60_000);

afterAll(async () => {
  if (state.quitCalls === 0) electron.app.quit();
  await new Promise((r) => setTimeout(r, 200));
  process.env = saved;
  rmSync(state.dir, { recursive: true, force: true });
});

describe('the desktop main process', () => {
  it('starts the master in-process on loopback with its data in the user-data folder', async () => {
    expect(appUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${appUrl}/api/health`, { headers: secretHeaders });
    expect(res.status).toBe(200);
    expect(readFileSync(join(state.dir, 'user-data', 'jarvis.db')).length).toBeGreaterThan(0);
  });

  it("seals the secrets typed into the app with the keychain (Electron's safeStorage), not a key file", async () => {
    const res = await fetch(`${appUrl}/api/settings`, { headers: secretHeaders });
    expect(((await res.json()) as { secret_store: string }).secret_store).toBe('os-keychain');
    expect(existsSync(join(state.dir, 'user-data', 'secrets.key'))).toBe(false);
  });

  it('the loopback server refuses requests without the launch secret', async () => {
    expect((await fetch(`${appUrl}/api/health`)).status).toBe(403);
  });

  it('creates the window with the secure options and the preload', () => {
    expect(mainWindow().options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: expect.stringMatching(/preload\.cjs$/),
    });
    expect(mainWindow().webContents.setWindowOpenHandler).toHaveBeenCalled();
  });

  it('answers IPC from the app page and refuses other frames and bad payloads', async () => {
    expect(await ipc('app:info', null)).toMatchObject({
      ok: true,
      data: { pushToTalkShortcut: 'Control+Alt+Space', pushToTalkRegistered: true },
    });
    expect(await ipc('app:info', null, 'https://evil.example/')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(await ipc('ptt:status', { phase: 'dancing' })).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    const view = await ipc('settings:get', null);
    expect(view.data.env.find((r: { name: string }) => r.name === 'OLLAMA_URL')).toMatchObject({ source: 'environment', editable: false });
  });

  it('saves a setting to settings.json and refuses an invalid one without saving', async () => {
    expect(await ipc('settings:set', { env: { OLLAMA_MODEL: 'qwen3:8b' } })).toMatchObject({ ok: true, data: { restartRequired: true } });
    expect(await ipc('settings:set', { env: { JARVIS_TIMEZONE: 'not a zone!' } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SETTING' },
    });
    const file = JSON.parse(readFileSync(join(state.dir, 'user-data', 'settings.json'), 'utf8'));
    expect(file.env).toEqual({ OLLAMA_MODEL: 'qwen3:8b' });
  });

  it('the push-to-talk shortcut starts recording in the page; a second press stops it', async () => {
    const press = state.shortcuts.get('Control+Alt+Space');
    expect(press).toBeDefined();
    state.sent.length = 0;
    press?.();
    await new Promise((r) => setTimeout(r, 600)); // no key repeat: a tap, so toggle mode
    press?.();
    expect(state.sent).toEqual([
      ['ptt:start', { trigger: 'shortcut' }],
      ['ptt:stop', { reason: 'second-press' }],
    ]);
    expect(state.windows.some((w) => w !== mainWindow() && w.options.alwaysOnTop)).toBe(true);
  });

  it('shows the spoken answer as a notification', async () => {
    expect(await ipc('voice:answer', { transcript: 'what time is it', reply: 'It is ten.' })).toEqual({ ok: true, data: null });
    expect(state.notifications.at(-1)).toEqual({ title: '„what time is it“', body: 'It is ten.' });
  });

  it('turns due reminders, finished documents and lost workers from the master into notifications, once each', () => {
    const before = state.notifications.length;
    const bins = {
      id: 'r1',
      text: 'Take out the bins',
      at: '2026-11-30T18:00:00+01:00',
      source: 'manual',
      event_id: null,
      fired_at: null,
      created_at: '2026-11-30T12:00:00+01:00',
      assignee: null,
    } as const;
    bus?.publish('reminder.due', bins);
    bus?.publish('reminder.due', bins);
    bus?.publish('rag.progress', { id: 'd1', name: 'lease.pdf', status: 'indexing', progress: 0.5 });
    bus?.publish('rag.progress', { id: 'd1', name: 'lease.pdf', status: 'ready', progress: 1 });
    bus?.publish('mesh.changed', { worker_id: 'wrk_1', change: 'expired' });
    bus?.publish('state.changed', { domains: ['tasks'] });
    expect(state.notifications.slice(before).map((n) => n.title)).toEqual(['Reminder', 'Document ready', 'Worker lost']);
  });

  it('the tray menu mutes the voice, tells the page and remembers it', () => {
    const menu = state.menus.at(-1) as { id?: string; click?: () => void }[];
    menu.find((i) => i.id === 'toggle-mute')?.click?.();
    expect(state.sent.at(-1)).toEqual(['voice:muted', { muted: true }]);
    expect(JSON.parse(readFileSync(join(state.dir, 'user-data', 'settings.json'), 'utf8')).preferences.muted).toBe(true);
    const latest = state.menus.at(-1) as { id?: string; checked?: boolean }[];
    expect(latest.find((i) => i.id === 'toggle-mute')?.checked).toBe(true);
  });

  it('closing the window hides it to the tray and remembers its bounds', () => {
    mainWindow().visible = true;
    const event = { preventDefault: vi.fn() };
    mainWindow().emit('close', event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(mainWindow().visible).toBe(false);
    expect(JSON.parse(readFileSync(join(state.dir, 'user-data', 'settings.json'), 'utf8')).window).toMatchObject({
      x: 10,
      y: 20,
      width: 1000,
      height: 700,
    });
  });

  it('a second launch with --push-to-talk toggles recording; a plain one shows the window', () => {
    state.sent.length = 0;
    electron.app.emit('second-instance', {}, ['jarvis', '--push-to-talk'], '/');
    expect(state.sent).toEqual([['ptt:start', { trigger: 'command-line' }]]);
    electron.app.emit('second-instance', {}, ['jarvis', '--push-to-talk'], '/');
    electron.app.emit('second-instance', {}, ['jarvis'], '/');
    expect(mainWindow().visible).toBe(true);
  });

  it('quit stops the master cleanly and releases the shortcut', async () => {
    electron.app.quit();
    // The master stops asynchronously: wait for that, however long a busy machine takes.
    await eventually(
      async () =>
        state.shortcuts.size === 0 &&
        (await fetch(`${appUrl}/api/health`, { headers: secretHeaders }).then(
          () => false,
          () => true,
        )),
      15_000,
      'the master to stop',
    );
    expect(state.shortcuts.size).toBe(0);
    await expect(fetch(`${appUrl}/api/health`, { headers: secretHeaders })).rejects.toThrow();
  });
});
