// Pure decisions of the Electron shell, testable without the binary (STYLE.md: Fiddle's
// getMainWindowOptions). The Electron checklist: isolation, sandbox, no node integration.

export interface MainWindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  title: string;
  backgroundColor: string;
  webPreferences: {
    preload: string;
    contextIsolation: true;
    sandbox: true;
    nodeIntegration: false;
    nodeIntegrationInWorker: false;
    webSecurity: true;
    allowRunningInsecureContent: false;
    webviewTag: false;
    spellcheck: boolean;
  };
}

export function getMainWindowOptions(preloadPath: string, bounds?: { width: number; height: number }): MainWindowOptions {
  return {
    width: bounds?.width ?? 1280,
    height: bounds?.height ?? 820,
    minWidth: 420,
    minHeight: 560,
    show: false,
    title: 'JARVIS Home Command',
    backgroundColor: '#0b1220',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
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
