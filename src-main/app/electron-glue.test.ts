import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron is mocked at the boundary only: these tests check that the thin glue hands
// Electron exactly what the pure modules decided.
const electron = vi.hoisted(() => {
  const exposed: Record<string, unknown> = {};
  const rendererListeners = new Map<string, (...args: unknown[]) => void>();
  return {
    exposed,
    rendererListeners,
    contextBridge: {
      exposeInMainWorld: vi.fn((key: string, api: unknown) => {
        exposed[key] = api;
      }),
    },
    ipcRenderer: {
      invoke: vi.fn(async (channel: string, payload: unknown) => ({ ok: true, data: { channel, payload } })),
      on: vi.fn((event: string, fn: (...args: unknown[]) => void) => rendererListeners.set(event, fn)),
      removeListener: vi.fn((event: string) => rendererListeners.delete(event)),
    },
    Menu: { buildFromTemplate: vi.fn((template: unknown) => ({ template })) },
    nativeImage: { createFromPath: vi.fn((path: string) => ({ path })) },
    Tray: vi.fn(),
  };
});
vi.mock('electron', () => electron);

import { IPC_REQUEST_CHANNELS } from '../../src-shared';
import { bindIpc, senderOf } from './electron-ipc';
import { installSessionGuards, installWindowGuards } from './electron-security';
import { toMenuTemplate } from './electron-tray';
import { IpcRouter } from './ipc-router';
import { LAUNCH_SECRET_HEADER } from './launch-secret';
import { trayMenuModel } from './tray-menu';
import { DESKTOP_CSP } from './window-options';

const ORIGIN = 'http://127.0.0.1:43123';

function fakeSession() {
  const handlers: Record<string, any> = {};
  return {
    handlers,
    webRequest: {
      onBeforeSendHeaders: vi.fn((fn: unknown) => {
        handlers.beforeSend = fn;
      }),
      onHeadersReceived: vi.fn((fn: unknown) => {
        handlers.headersReceived = fn;
      }),
    },
    setPermissionRequestHandler: vi.fn((fn: unknown) => {
      handlers.permissionRequest = fn;
    }),
    setPermissionCheckHandler: vi.fn((fn: unknown) => {
      handlers.permissionCheck = fn;
    }),
    setDevicePermissionHandler: vi.fn((fn: unknown) => {
      handlers.device = fn;
    }),
    on: vi.fn((event: string, fn: unknown) => {
      handlers[event] = fn;
    }),
  };
}

describe('session guards', () => {
  it('add the launch secret to the app origin only and put the CSP on its responses', () => {
    const ses = fakeSession();
    installSessionGuards(ses as never, ORIGIN, 'the-secret');
    const sent = vi.fn();
    ses.handlers.beforeSend({ url: `${ORIGIN}/api/state`, requestHeaders: { Accept: '*/*' } }, sent);
    expect(sent).toHaveBeenCalledWith({ requestHeaders: { Accept: '*/*', [LAUNCH_SECRET_HEADER]: 'the-secret' } });
    // Never to another origin, not even another port on loopback.
    for (const url of ['http://127.0.0.1:43124/', 'https://example.org/', 'http://localhost:43123/']) {
      const other = vi.fn();
      ses.handlers.beforeSend({ url, requestHeaders: { Accept: '*/*' } }, other);
      expect(other, url).toHaveBeenCalledWith({ requestHeaders: { Accept: '*/*' } });
    }
    const received = vi.fn();
    ses.handlers.headersReceived({ url: `${ORIGIN}/`, responseHeaders: {} }, received);
    expect(received.mock.calls[0]?.[0].responseHeaders['Content-Security-Policy']).toEqual([DESKTOP_CSP]);
  });

  it('grant the microphone to the app page and nothing else', () => {
    const ses = fakeSession();
    installSessionGuards(ses as never, ORIGIN, 's');
    const answer = (permission: string, details: object) => {
      const cb = vi.fn();
      ses.handlers.permissionRequest({}, permission, cb, details);
      return cb.mock.calls[0]?.[0];
    };
    expect(answer('media', { requestingUrl: `${ORIGIN}/`, isMainFrame: true, mediaTypes: ['audio'] })).toBe(true);
    expect(answer('media', { requestingUrl: `${ORIGIN}/`, isMainFrame: true, mediaTypes: ['video'] })).toBe(false);
    expect(answer('media', { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['audio'] })).toBe(false);
    expect(answer('geolocation', { requestingUrl: `${ORIGIN}/`, isMainFrame: true })).toBe(false);
    expect(ses.handlers.permissionCheck({}, 'media', ORIGIN, { mediaType: 'audio' })).toBe(true);
    expect(ses.handlers.permissionCheck({}, 'notifications', ORIGIN, {})).toBe(false);
    expect(ses.handlers.device()).toBe(false);
    const download = { preventDefault: vi.fn() };
    ses.handlers['will-download'](download);
    expect(download.preventDefault).toHaveBeenCalled();
  });
});

describe('window guards', () => {
  function fakeContents() {
    const on: Record<string, (event: { preventDefault(): void }, url: string) => void> = {};
    let openHandler: (d: { url: string }) => { action: string } = () => ({ action: 'allow' });
    return {
      on,
      open: (url: string) => openHandler({ url }),
      contents: {
        setWindowOpenHandler: (fn: typeof openHandler) => {
          openHandler = fn;
        },
        on: (event: string, fn: (typeof on)[string]) => {
          on[event] = fn;
        },
      },
    };
  }

  it('deny navigation away from the app, redirects and webviews', () => {
    const w = fakeContents();
    installWindowGuards(w.contents as never, ORIGIN, vi.fn());
    for (const event of ['will-navigate', 'will-redirect']) {
      const away = { preventDefault: vi.fn() };
      w.on[event]?.(away, 'https://evil.example/');
      expect(away.preventDefault, event).toHaveBeenCalled();
      const inside = { preventDefault: vi.fn() };
      w.on[event]?.(inside, `${ORIGIN}/tasks`);
      expect(inside.preventDefault, event).not.toHaveBeenCalled();
    }
    const webview = { preventDefault: vi.fn() };
    w.on['will-attach-webview']?.(webview, '');
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('deny every new window and send only web links to the OS browser', () => {
    const w = fakeContents();
    const openExternal = vi.fn();
    installWindowGuards(w.contents as never, ORIGIN, openExternal);
    expect(w.open('https://ollama.com/')).toEqual({ action: 'deny' });
    expect(w.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(w.open(`${ORIGIN}/popup`)).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://ollama.com/']]);
  });
});

describe('IPC binding', () => {
  const mainContents = { id: 1 };
  const frame = (url: string, parent: unknown = null) => ({ url, parent });

  it('registers one handler per channel of the enum and checks the sender of each call', async () => {
    const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
    const router = new IpcRouter(ORIGIN);
    router.handle('app:relaunch', () => null);
    bindIpc({ handle: (c: string, fn: never) => handlers.set(c, fn) } as never, router, () => mainContents as never);
    expect([...handlers.keys()]).toEqual([...IPC_REQUEST_CHANNELS]);
    const call = handlers.get('app:relaunch');
    expect(await call?.({ sender: mainContents, senderFrame: frame(`${ORIGIN}/`) }, null)).toEqual({ ok: true, data: null });
    expect(await call?.({ sender: mainContents, senderFrame: frame(`${ORIGIN}/`, {}) }, null)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
    expect(await call?.({ sender: { id: 2 }, senderFrame: frame(`${ORIGIN}/`) }, null)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
    expect(await call?.({ sender: mainContents, senderFrame: null }, null)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
  });

  it('describes the sender frame', () => {
    expect(senderOf({ sender: mainContents, senderFrame: frame('x', {}) } as never, mainContents as never)).toEqual({
      url: 'x',
      isMainFrame: false,
      fromMainWindow: true,
    });
  });
});

describe('tray menu template', () => {
  it('maps clicks back to the model item ids', () => {
    const onAction = vi.fn();
    const template = toMenuTemplate(
      trayMenuModel({
        status: 'idle',
        recording: false,
        muted: true,
        openAtLogin: false,
        shortcut: 'Control+Alt+Space',
        shortcutRegistered: true,
        language: 'en',
      }),
      onAction,
    );
    const byId = (id: string) =>
      template.find((t) => t.id === id) as { click?: () => void; checked?: boolean; registerAccelerator?: boolean; type?: string };
    byId('push-to-talk').click?.();
    byId('quit').click?.();
    expect(onAction.mock.calls).toEqual([['push-to-talk'], ['quit']]);
    expect(byId('toggle-mute')).toMatchObject({ type: 'checkbox', checked: true });
    expect(byId('push-to-talk').registerAccelerator).toBe(false);
    expect(byId('status').click).toBeUndefined();
  });
});

describe('preload bridge', () => {
  beforeEach(() => {
    vi.resetModules();
    electron.rendererListeners.clear();
  });

  it('exposes one frozen object with invoke and on over the channel enum only', async () => {
    await import('./preload');
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledWith('jarvis', expect.anything());
    const bridge = electron.exposed.jarvis as any;
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.keys(bridge).sort()).toEqual(['desktop', 'invoke', 'on']);
    expect(await bridge.invoke('settings:get', undefined)).toEqual({ ok: true, data: { channel: 'settings:get', payload: null } });
    expect(await bridge.invoke('fs:read', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(electron.ipcRenderer.invoke).not.toHaveBeenCalledWith('fs:read', expect.anything());
    expect(() => bridge.on('anything', () => {})).toThrow(/Unknown IPC event/);
  });

  it('delivers events without the Electron event object and unsubscribes', async () => {
    await import('./preload');
    const bridge = electron.exposed.jarvis as any;
    const listener = vi.fn();
    const off = bridge.on('ptt:start', listener);
    electron.rendererListeners.get('ptt:start')?.({ sender: 'secret-internals' }, { trigger: 'shortcut' });
    expect(listener).toHaveBeenCalledWith({ trigger: 'shortcut' });
    off();
    expect(electron.rendererListeners.has('ptt:start')).toBe(false);
  });
});
