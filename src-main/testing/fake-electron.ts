import { join } from 'node:path';
import { vi } from 'vitest';

/**
 * Electron faked at its boundary for the desktop main-process tests: each object records
 * what main asked of it in `state`, so a test drives the real main.ts and reads the effects.
 * Build it inside `vi.hoisted` so `vi.mock('electron', ...)` can hand it out before main loads.
 */
export function createFakeElectron() {
  type Fn = (...args: any[]) => any;
  class Emitter {
    handlers = new Map<string, Fn[]>();
    on(event: string, fn: Fn) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
      return this;
    }
    once(event: string, fn: Fn) {
      return this.on(event, fn);
    }
    emit(event: string, ...args: unknown[]) {
      for (const fn of this.handlers.get(event) ?? []) fn(...args);
    }
  }
  const state = {
    dir: '',
    windows: [] as any[],
    sent: [] as [string, unknown][],
    shortcuts: new Map<string, Fn>(),
    ipc: new Map<string, Fn>(),
    notifications: [] as { title: string; body: string }[],
    menus: [] as any[],
    quitCalls: 0,
    session: {} as Record<string, Fn>,
    loaded: undefined as undefined | ((url: string) => void),
    cookies: new Map<string, string>(),
  };
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    requestSingleInstanceLock: () => true,
    whenReady: async () => {},
    getPath: (name: string) => join(state.dir, name === 'logs' ? 'user-data/logs' : name === 'home' ? 'home' : 'user-data'),
    getAppPath: () => state.dir,
    setPath: () => {},
    getVersion: () => '0.0.0',
    setAppUserModelId: () => {},
    getLoginItemSettings: () => ({ wasOpenedAtLogin: false }),
    setLoginItemSettings: vi.fn(),
    relaunch: vi.fn(),
    quit: () => {
      state.quitCalls++;
      app.emit('before-quit');
      app.emit('will-quit', { preventDefault: () => {} });
    },
    exit: vi.fn(),
  });
  class BrowserWindow extends Emitter {
    visible = false;
    destroyed = false;
    url = '';
    webContents: any;
    constructor(readonly options: any) {
      super();
      const contents = new Emitter();
      this.webContents = Object.assign(contents, {
        setWindowOpenHandler: vi.fn(),
        send: (channel: string, payload: unknown) => state.sent.push([channel, payload]),
        isDestroyed: () => false,
        getURL: () => this.url,
      });
      state.windows.push(this);
    }
    loadURL = async (url: string) => {
      this.url = url;
      state.loaded?.(url);
    };
    show = () => {
      this.visible = true;
    };
    showInactive = () => {
      this.visible = true;
    };
    hide = () => {
      this.visible = false;
    };
    focus = () => {};
    close = () => {
      this.destroyed = true;
    };
    restore = () => {};
    maximize = () => {};
    isMinimized = () => false;
    isMaximized = () => false;
    isDestroyed = () => this.destroyed;
    getBounds = () => ({ x: 10, y: 20, width: 1000, height: 700 });
    getNormalBounds = () => ({ x: 10, y: 20, width: 1000, height: 700 });
    setBounds = () => {};
    setIgnoreMouseEvents = () => {};
    setAlwaysOnTop = () => {};
  }
  class Tray extends Emitter {
    setImage = vi.fn();
    setToolTip = vi.fn();
    setContextMenu = vi.fn();
    destroy = vi.fn();
  }
  class Notification extends Emitter {
    static isSupported = () => true;
    constructor(readonly options: { title: string; body: string }) {
      super();
    }
    show() {
      state.notifications.push({ title: this.options.title, body: this.options.body });
    }
  }
  const area = { x: 0, y: 0, width: 1920, height: 1040 };
  return {
    state,
    electron: {
      app,
      BrowserWindow,
      Tray,
      Notification,
      Menu: {
        buildFromTemplate: (template: unknown) => {
          state.menus.push(template);
          return { template };
        },
      },
      nativeImage: { createFromPath: (path: string) => ({ path }) },
      // A keychain that only this fake can open: the bytes are reversed and prefixed.
      safeStorage: {
        isEncryptionAvailable: () => true,
        getSelectedStorageBackend: () => 'gnome_libsecret',
        encryptString: (plain: string) => Buffer.concat([Buffer.from('fake-keychain:'), Buffer.from(plain, 'utf8').reverse()]),
        decryptString: (buf: Buffer) => {
          const prefix = Buffer.from('fake-keychain:');
          if (!buf.subarray(0, prefix.length).equals(prefix)) throw new Error('Error while decrypting the ciphertext');
          return Buffer.from(buf.subarray(prefix.length)).reverse().toString('utf8');
        },
      },
      dialog: { showErrorBox: vi.fn() },
      shell: { openExternal: vi.fn(async () => {}) },
      screen: {
        getAllDisplays: () => [{ workArea: area }],
        getCursorScreenPoint: () => ({ x: 5, y: 5 }),
        getDisplayNearestPoint: () => ({ workArea: area }),
      },
      globalShortcut: {
        register: (accel: string, fn: Fn) => {
          state.shortcuts.set(accel, fn);
          return true;
        },
        unregister: (accel: string) => state.shortcuts.delete(accel),
        unregisterAll: () => state.shortcuts.clear(),
      },
      ipcMain: { handle: (channel: string, fn: Fn) => state.ipc.set(channel, fn) },
      session: {
        defaultSession: {
          webRequest: {
            onBeforeSendHeaders: (fn: Fn) => {
              state.session.beforeSend = fn;
            },
            onHeadersReceived: (fn: Fn) => {
              state.session.headersReceived = fn;
            },
          },
          setPermissionRequestHandler: (fn: Fn) => {
            state.session.permission = fn;
          },
          setPermissionCheckHandler: () => {},
          setDevicePermissionHandler: () => {},
          on: () => {},
          setCertificateVerifyProc: (fn: Fn) => {
            state.session.certificate = fn;
          },
          cookies: {
            set: async (cookie: { name: string; value: string }) => {
              state.cookies.set(cookie.name, cookie.value);
            },
            remove: async (_url: string, name: string) => {
              state.cookies.delete(name);
            },
            on: (_event: string, fn: Fn) => {
              state.session.cookieChanged = fn;
            },
          },
        },
      },
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
