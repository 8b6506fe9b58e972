import type { Session, WebContents } from 'electron';
import { withLaunchSecret } from './launch-secret';
import {
  decideWindowOpen,
  isAppUrl,
  isNavigationAllowed,
  isPermissionCheckAllowed,
  isPermissionGranted,
  withSecurityHeaders,
} from './window-options';

// Where the pure decisions of window-options.ts meet Electron. Nothing is decided here.

type SessionLike = Pick<
  Session,
  'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler' | 'on'
>;
type WebContentsLike = Pick<WebContents, 'setWindowOpenHandler' | 'on'>;

/**
 * The app's origin only: every request gets the launch secret (the app's own master; a
 * JARVIS on the home server knows the device by its cookie instead), every response our CSP.
 */
export function installSessionGuards(ses: SessionLike, appOrigin: string, secret?: string): void {
  // No URL filter: match patterns treat ports loosely, so the origin is compared exactly here.
  ses.webRequest.onBeforeSendHeaders((details, callback) => {
    callback({
      requestHeaders:
        secret !== undefined && isAppUrl(details.url, appOrigin)
          ? withLaunchSecret(details.requestHeaders, secret)
          : details.requestHeaders,
    });
  });
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withSecurityHeaders(details.url, appOrigin, (details.responseHeaders ?? {}) as Record<string, string[]>) });
  });
  ses.setPermissionRequestHandler((_wc, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      isPermissionGranted(
        { permission, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame, ...(mediaTypes ? { mediaTypes } : {}) },
        appOrigin,
      ),
    );
  });
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    isPermissionCheckAllowed(permission, requestingOrigin, details.mediaType, appOrigin),
  );
  // No USB, HID, serial or Bluetooth devices for the page.
  ses.setDevicePermissionHandler(() => false);
  // The page has nothing to download; a stray link to a file must not write to disk.
  ses.on('will-download', (event) => event.preventDefault());
}

/** Navigation stays on the app origin; new windows never open; web links go to the OS browser. */
export function installWindowGuards(contents: WebContentsLike, appOrigin: string, openExternal: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url, appOrigin);
    if (decision.openExternal) openExternal(decision.openExternal);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!isNavigationAllowed(url, appOrigin)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
