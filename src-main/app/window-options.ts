// Pure decisions of the Electron shell, testable without the binary (STYLE.md: Fiddle's
// getMainWindowOptions). The Electron security checklist: isolation, sandbox, no node
// integration, web security, a strict CSP, no navigation away, no new windows, the
// microphone for our own origin only.
// https://www.electronjs.org/docs/latest/tutorial/security
import { UI_CSP } from '../platform/http/static-files';

export interface WindowBounds {
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
}

export interface SecureWebPreferences {
  preload?: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  navigateOnDragDrop: false;
  safeDialogs: true;
  /** Chromium's spellchecker fetches its dictionaries from Google; a local-first app fetches nothing. */
  spellcheck: false;
  backgroundThrottling?: false;
}

export interface MainWindowOptions {
  x?: number;
  y?: number;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  title: string;
  icon?: string;
  backgroundColor: string;
  autoHideMenuBar: boolean;
  webPreferences: SecureWebPreferences;
}

export const DEFAULT_BOUNDS = { width: 1280, height: 820 } as const;
const MIN_SIZE = { width: 420, height: 560 } as const;

export function secureWebPreferences(preloadPath?: string): SecureWebPreferences {
  return {
    ...(preloadPath ? { preload: preloadPath } : {}),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

export function getMainWindowOptions(preloadPath: string, bounds?: WindowBounds, icon?: string): MainWindowOptions {
  return {
    ...(bounds?.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: Math.max(MIN_SIZE.width, bounds?.width ?? DEFAULT_BOUNDS.width),
    height: Math.max(MIN_SIZE.height, bounds?.height ?? DEFAULT_BOUNDS.height),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    // Shown once the first paint is ready, or not at all when started hidden at login.
    show: false,
    title: 'JARVIS Home Command',
    ...(icon ? { icon } : {}),
    backgroundColor: '#0b1220',
    autoHideMenuBar: true,
    // Push-to-talk records in this page while it sits hidden in the tray.
    webPreferences: { ...secureWebPreferences(preloadPath), backgroundThrottling: false },
  };
}

/** Only the app's own origin may be shown in the window; everything else is denied. */
export function isAppUrl(url: string, appOrigin: string): boolean {
  try {
    return new URL(url).origin === appOrigin;
  } catch {
    return false;
  }
}

/** External links leave through the OS browser, and only http(s) ones. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * window.open and target=_blank: never a new Electron window. A web link goes to the
 * OS browser; anything else (file:, javascript:, custom schemes, our own origin) nowhere.
 */
export function decideWindowOpen(url: string, appOrigin: string): { action: 'deny'; openExternal?: string } {
  if (isSafeExternalUrl(url) && !isAppUrl(url, appOrigin)) return { action: 'deny', openExternal: url };
  return { action: 'deny' };
}

/** will-navigate / will-redirect / will-frame-navigate: stay on the app's origin. */
export function isNavigationAllowed(url: string, appOrigin: string): boolean {
  return isAppUrl(url, appOrigin);
}

export interface PermissionRequest {
  readonly permission: string;
  /** The URL of the frame that asks. */
  readonly requestingUrl: string;
  readonly isMainFrame: boolean;
  /** For 'media': which devices; the microphone is 'audio'. */
  readonly mediaTypes?: readonly string[];
}

/**
 * The app needs exactly one permission: the microphone for push-to-talk, asked by its
 * own page. Camera, notifications from the page, geolocation, clipboard reads … are
 * denied; native notifications come from main.
 */
export function isPermissionGranted(request: PermissionRequest, appOrigin: string): boolean {
  if (request.permission !== 'media') return false;
  if (!request.isMainFrame || !isAppUrl(request.requestingUrl, appOrigin)) return false;
  const types = request.mediaTypes ?? [];
  return types.length > 0 && types.every((t) => t === 'audio');
}

/** The synchronous permission check (e.g. enumerateDevices) follows the same rule. */
export function isPermissionCheckAllowed(
  permission: string,
  requestingOrigin: string,
  mediaType: string | undefined,
  appOrigin: string,
): boolean {
  if (permission !== 'media') return false;
  let origin: string;
  try {
    origin = new URL(requestingOrigin).origin;
  } catch {
    return false;
  }
  return origin === appOrigin && mediaType === 'audio';
}

/** The same policy the master sends with the UI, enforced on every response the window gets. */
export const DESKTOP_CSP = UI_CSP;

/**
 * Response headers for the window: our CSP on everything from the app origin, replacing
 * whatever the response carried, so even a JSON or a static file cannot relax it.
 */
export function withSecurityHeaders(url: string, appOrigin: string, headers: Readonly<Record<string, string[]>>): Record<string, string[]> {
  if (!isAppUrl(url, appOrigin)) return { ...headers };
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== 'content-security-policy') out[name] = value;
  out['Content-Security-Policy'] = [DESKTOP_CSP];
  out['X-Content-Type-Options'] = ['nosniff'];
  return out;
}

export interface DisplayArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Remembered bounds are reused only while the window would still be reachable: at
 * least a title bar's worth of it on one of today's displays (a monitor may be gone).
 */
export function restoreBounds(saved: WindowBounds | undefined, displays: readonly DisplayArea[]): WindowBounds {
  if (!saved || !Number.isFinite(saved.width) || !Number.isFinite(saved.height)) return { ...DEFAULT_BOUNDS };
  const size = { width: Math.max(MIN_SIZE.width, Math.round(saved.width)), height: Math.max(MIN_SIZE.height, Math.round(saved.height)) };
  if (saved.x === undefined || saved.y === undefined) return size;
  const { x, y } = saved;
  const visible = displays.some((d) => {
    const overlapX = Math.min(x + size.width, d.x + d.width) - Math.max(x, d.x);
    const titleBarOnScreen = y >= d.y && y + 40 <= d.y + d.height;
    return overlapX >= 100 && titleBarOnScreen;
  });
  return visible ? { x: Math.round(x), y: Math.round(y), ...size } : size;
}

export interface WallWindowOptions {
  x: number;
  y: number;
  width: number;
  height: number;
  show: boolean;
  fullscreen: true;
  autoHideMenuBar: true;
  title: string;
  backgroundColor: string;
  webPreferences: SecureWebPreferences;
}

/**
 * The wall display's window: full screen on the display it is opened on, without the
 * preload (the wall shows the day, it needs none of the desktop bridge: no push-to-talk,
 * no settings), and throttled like any page in the background.
 */
export function getWallWindowOptions(display: DisplayArea): WallWindowOptions {
  return {
    x: display.x,
    y: display.y,
    width: display.width,
    height: display.height,
    show: false,
    fullscreen: true,
    autoHideMenuBar: true,
    title: 'JARVIS',
    backgroundColor: '#0b1220',
    webPreferences: secureWebPreferences(),
  };
}

/** The address the wall window shows: the app's own origin with the wall flag. */
export function wallUrl(appOrigin: string): string {
  return `${appOrigin}/?wall`;
}
