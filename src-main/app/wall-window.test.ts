import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron is faked at the boundary: the test checks what the wall window hands Electron.
const electron = vi.hoisted(() => {
  const windows: FakeWindow[] = [];
  class FakeWindow {
    readonly options: unknown;
    readonly listeners = new Map<string, (...args: any[]) => void>();
    readonly contentsListeners = new Map<string, (...args: any[]) => void>();
    loaded?: string;
    destroyed = false;
    shown = 0;
    closed = 0;
    readonly webContents = {
      setWindowOpenHandler: vi.fn(),
      on: vi.fn((event: string, fn: (...args: any[]) => void) => this.contentsListeners.set(event, fn)),
    };
    constructor(options: unknown) {
      this.options = options;
      windows.push(this);
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    once(event: string, fn: () => void) {
      this.listeners.set(event, fn);
    }
    on(event: string, fn: () => void) {
      this.listeners.set(event, fn);
    }
    isDestroyed() {
      return this.destroyed;
    }
    show() {
      this.shown++;
    }
    focus() {}
    close() {
      this.closed++;
    }
  }
  return {
    windows,
    BrowserWindow: FakeWindow,
    screen: {
      getCursorScreenPoint: vi.fn(() => ({ x: 2000, y: 100 })),
      getDisplayNearestPoint: vi.fn(() => ({ bounds: { x: 1920, y: 0, width: 1280, height: 800 } })),
    },
    shell: { openExternal: vi.fn() },
  };
});
vi.mock('electron', () => electron);

import { openWallWindow } from './wall-window';
import { getWallWindowOptions, secureWebPreferences, wallUrl } from './window-options';

const ORIGIN = 'http://127.0.0.1:43123';

describe('the wall display window', () => {
  beforeEach(() => {
    for (const w of electron.windows) w.destroyed = true;
    electron.windows.length = 0;
  });

  it('opens full screen on the display under the cursor, without the desktop bridge, at the wall address', () => {
    openWallWindow(ORIGIN);
    const [window] = electron.windows;
    expect(window!.options).toEqual({
      x: 1920,
      y: 0,
      width: 1280,
      height: 800,
      show: false,
      fullscreen: true,
      autoHideMenuBar: true,
      title: 'JARVIS',
      backgroundColor: '#0b1220',
      webPreferences: secureWebPreferences(),
    });
    expect((window!.options as { webPreferences: { preload?: string } }).webPreferences.preload).toBeUndefined();
    expect(window!.loaded).toBe(`${ORIGIN}/?wall`);
    // The same guards as the main window: no new windows, no navigation away.
    expect(window!.webContents.setWindowOpenHandler).toHaveBeenCalled();
    expect(window!.contentsListeners.has('will-navigate')).toBe(true);
    window!.listeners.get('ready-to-show')!();
    expect(window!.shown).toBe(1);
  });

  it('is opened once: a second open brings the same window to the front', () => {
    const first = openWallWindow(ORIGIN);
    const second = openWallWindow(ORIGIN);
    expect(second).toBe(first);
    expect(electron.windows).toHaveLength(1);
  });

  it('closes on Escape and leaves other keys to the page', () => {
    openWallWindow(ORIGIN);
    const [window] = electron.windows;
    const onKey = window!.contentsListeners.get('before-input-event')!;
    const other = { preventDefault: vi.fn() };
    onKey(other, { type: 'keyDown', key: 'a' });
    expect(other.preventDefault).not.toHaveBeenCalled();
    expect(window!.closed).toBe(0);
    const escape = { preventDefault: vi.fn() };
    onKey(escape, { type: 'keyDown', key: 'Escape' });
    expect(escape.preventDefault).toHaveBeenCalled();
    expect(window!.closed).toBe(1);
  });

  it('options are a pure function of the display', () => {
    expect(getWallWindowOptions({ x: 0, y: 0, width: 800, height: 600 })).toMatchObject({ width: 800, height: 600, fullscreen: true });
    expect(wallUrl(ORIGIN)).toBe(`${ORIGIN}/?wall`);
  });
});
