import { app, BrowserWindow, dialog, globalShortcut, ipcMain, Notification, screen, session, shell } from 'electron';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import type { PttPhase, ServerEvent } from '../../src-shared';
import { keepCodeCache, masterBundle, type MasterBundle } from '../master/bundle';
import type { MasterHost } from '../master/host';
import type { Config } from '../platform/config';
import type { Logger, SecretRedactor } from '../platform/trace';
import { shouldCheckForUpdates } from './auto-update';
import { answerNotification, NotificationDeduper, notificationForEvent, type NotificationModel } from './desktop-notifications';
import { ConnectFlow, connectPageUrl, parseConnectSubmission, type ConnectStep, type RemoteForFlow } from './connect-flow';
import { bindIpc as attachIpcRouter, sendEvent } from './electron-ipc';
import { installSessionGuards, installWindowGuards } from './electron-security';
import { TrayController } from './electron-tray';
import { indicatorHtml, indicatorWindowOptions } from './indicator-window';
import { IpcRefusal, IpcRouter } from './ipc-router';
import { keychainSealer } from './keychain-sealer';
import { launchSecretGuard, newLaunchSecret } from './launch-secret';
import { loginItemPlan, startedHidden, userDataDirFromArgv, wantsPushToTalk } from './login-item';
import { PushToTalk } from './push-to-talk';
import { DEVICE_COOKIE, probeServerCa, RemoteJarvis } from './remote-jarvis';
import { certificateVerdict } from './remote-trust';
import { applySettingsPatch, mergeEnvironment, SettingsFile, settingsView } from './settings-store';
import { languageOf, trayStatusForPhase, type Language, type TrayAction, type TrayStatus } from './tray-menu';
import { getMainWindowOptions, isSafeExternalUrl, restoreBounds } from './window-options';
import { openWallWindow } from './wall-window';

// The Electron shell: wiring only. Every decision (window options, CSP, navigation,
// permissions, IPC checks, tray menu, push-to-talk, notifications, settings) lives in a
// plain module next to this one and is tested without the Electron binary. The master
// comes from dist/main/master.cjs, the same bundle `npm run serve` and `jarvis serve` run.
//
// Start-up, in order (start() below reads as this list):
//   loadSettingsAndConfig  settings.json + environment -> Config (a dialog if invalid)
//   startMaster            the master on a loopback port, behind the launch secret;
//   or connectRemote       with JARVIS_REMOTE_URL: no master here, JARVIS on the home server
//                          (its pinned CA, this computer's device cookie, its event stream)
//   createWindow           the main window, hidden to the tray on close
//   createPushToTalk       push-to-talk and its indicator pill
//   registerShortcuts      the global push-to-talk shortcut
//   watchNotifications     master events -> desktop notifications
//   installTray            the tray icon and menu
//   bindIpc                the page's IPC channels
//   handleLifeCycle        second instance, activate, quit -> shutdown()
//   checkForUpdates        only when switched on and packaged
//   showApp                load the UI; --push-to-talk starts recording

const platform = process.platform;
/** Where the code cache of the master bundle lives: the packaged bundle sits in a read-only archive. */
const CODE_CACHE_FILE = 'master.v8cache';

/** Settings, configuration and the user's folders, as start-up found them. */
interface Setup {
  readonly settings: SettingsFile;
  readonly desktopDefaults: Record<string, string>;
  readonly config: Config;
  readonly language: Language;
  readonly userData: string;
  readonly logsDir: string;
}

/** The UI's origin and where the notifications come from: the app's own master or the home server. */
interface Backend {
  readonly appOrigin: string;
  readonly log: Logger;
  subscribe(listener: (event: ServerEvent) => void): () => void;
  /** False while the home server is not trusted or paired yet: the connect window comes first. */
  readonly ready: boolean;
  /**
   * The member this computer notifies for (another member's reminder stays on their own
   * devices). Absent for a home server, whose event stream names no member of this computer.
   */
  readonly member?: () => string;
}

let quitting = false;
let master: MasterHost | undefined;
let remote: RemoteJarvis | undefined;
let connectWindow: BrowserWindow | undefined;
let refreshTray: () => void = () => {};
/** Set in remote mode: after pairing again in the connect window, the window and the event stream carry on without a restart. */
let resumeRemote: (() => Promise<void>) | undefined;
let mainWindow: BrowserWindow | undefined;
let indicator: BrowserWindow | undefined;

// State shown in the tray.
let status: TrayStatus = 'idle';
let errorDetail: string | undefined;
let shortcutRegistered = false;
let restartRequired = false;
// If the page never reports back (voice route down, page reloading), the tray and the
// pill must not stay on "thinking" for ever.
let phaseWatchdog: NodeJS.Timeout | undefined;

function fileLogger(logsDir: string, redactor: SecretRedactor, createLogger: MasterBundle['createLogger']): Logger {
  mkdirSync(logsDir, { recursive: true });
  const file = join(logsDir, 'jarvis.log');
  return createLogger(redactor, (line) => {
    const stamped = `${new Date().toISOString()} ${line}\n`;
    process.stderr.write(stamped);
    try {
      appendFileSync(file, stamped);
    } catch {
      // A full disk must not take the app down with it.
    }
  });
}

function resourcesDir(): string {
  return app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources');
}

function showWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

/** Settings file, environment and desktop defaults -> the master's Config; undefined after an invalid one (the app exits). */
function loadSettingsAndConfig(bundle: MasterBundle): Setup | undefined {
  const userData = app.getPath('userData');
  const logsDir = app.getPath('logs');
  const settings = new SettingsFile(join(userData, 'settings.json'), platform);
  const desktopDefaults: Record<string, string> = {
    JARVIS_ADDR: '127.0.0.1:0',
    JARVIS_DATA: join(userData, 'jarvis.db'),
    JARVIS_SKILLS_DIR: app.isPackaged ? join(process.resourcesPath, 'skills') : join(app.getAppPath(), 'skills'),
    JARVIS_TOOLS_DIR: join(userData, 'local-tools'),
  };
  try {
    const config = bundle.loadConfig(mergeEnvironment(process.env, settings.get(), desktopDefaults));
    return { settings, desktopDefaults, config, language: languageOf(config.language), userData, logsDir };
  } catch (err) {
    if (err instanceof bundle.ConfigError) {
      dialog.showErrorBox(
        'JARVIS Home Command: invalid settings',
        `${err.message}\n\nFix the environment or ${settings.path} and start again.`,
      );
      app.exit(2);
      return undefined;
    }
    throw err;
  }
}

/** The master on a loopback port; every request of the window carries this launch's secret. */
async function startMaster(bundle: MasterBundle, setup: Setup): Promise<Backend> {
  const { config, settings } = setup;
  const secret = newLaunchSecret();
  const redactor = new bundle.SecretRedactor();
  for (const s of [...bundle.configSecrets(config), secret]) redactor.add(s);
  const log = fileLogger(setup.logsDir, redactor, bundle.createLogger);
  if (settings.loadProblem) log.warn(`settings ignored: ${settings.loadProblem}`);

  mkdirSync(dirname(config.dataFile), { recursive: true });
  const running = bundle.hostMaster(config, {
    uiDir: join(__dirname, '..', 'renderer'),
    logger: log,
    extra: [launchSecretGuard(secret)],
    ...withKeychain(keychainSealer()),
    localAccess: { secret },
  });
  master = running;
  const { apiUrl } = await running.start();
  const appOrigin = new URL(apiUrl).origin;
  log.info(`desktop: master at ${appOrigin}, data in ${config.dataFile}`);
  installSessionGuards(session.defaultSession, appOrigin, secret);
  return {
    appOrigin,
    log,
    // A restore from the app puts a new master in place: the tray and notifications follow it.
    subscribe: (listener) => {
      let off = running.master.platform.events.subscribe(listener);
      const offRestart = running.onRestart((next) => {
        off();
        off = next.platform.events.subscribe(listener);
      });
      return () => {
        off();
        offRestart();
      };
    },
    ready: true,
    member: () => running.master.capabilities.household.members.desktopMember().id,
  };
}

function remoteStateFile(setup: Setup): string {
  return join(setup.userData, 'remote-jarvis.json');
}

/**
 * JARVIS on the home server instead of a master here: only its pinned CA is accepted for
 * its origin, the window carries this computer's device cookie, and its event stream
 * drives the tray and the notifications.
 */
async function connectRemote(bundle: MasterBundle, setup: Setup, url: string): Promise<Backend> {
  const redactor = new bundle.SecretRedactor();
  for (const s of bundle.configSecrets(setup.config)) redactor.add(s);
  const log = fileLogger(setup.logsDir, redactor, bundle.createLogger);
  const r = new RemoteJarvis({ url, stateFile: remoteStateFile(setup), log: (line) => log.info(line), onStatus: () => refreshTray() });
  remote = r;
  if (r.credential) redactor.add(r.credential);
  const ses = session.defaultSession;
  ses.setCertificateVerifyProc((request, callback) => {
    const caPem = r.caPem;
    callback(
      certificateVerdict(
        { hostname: request.hostname, certificatePem: request.certificate.data },
        caPem ? { origin: r.origin, caPem } : undefined,
      ),
    );
  });
  installSessionGuards(ses, r.origin);
  const giveCookieToWindow = async (credential: string) => {
    redactor.add(credential);
    await ses.cookies.set({
      url: r.origin,
      name: DEVICE_COOKIE,
      value: credential,
      secure: true,
      httpOnly: true,
      sameSite: 'strict',
      expirationDate: Date.now() / 1000 + 400 * 86_400,
    });
  };
  if (r.credential) await giveCookieToWindow(r.credential);
  let listener: ((event: ServerEvent) => void) | undefined;
  let following: { stop(): void } | undefined;
  const follow = () => {
    following?.stop();
    if (listener) following = r.follow(listener);
  };
  // Paired again on the server's own pairing page (in the window): the app keeps that credential too.
  ses.cookies.on('changed', (_event, cookie, _cause, removed) => {
    if (removed || cookie.name !== DEVICE_COOKIE || cookie.value === r.credential) return;
    if (cookie.domain?.replace(/^\./, '') !== new URL(r.origin).hostname) return;
    try {
      redactor.add(cookie.value);
      r.adoptCredential(cookie.value);
      follow();
    } catch (err) {
      log.warn(`home server credential not kept: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  resumeRemote = async () => {
    if (r.credential) await giveCookieToWindow(r.credential);
    follow();
    await mainWindow?.loadURL(`${r.origin}/`);
  };
  log.info(`desktop: using JARVIS on the home server at ${r.origin}`);
  return {
    appOrigin: r.origin,
    log,
    subscribe(l) {
      listener = l;
      follow();
      return () => following?.stop();
    },
    ready: r.status.state !== 'not-trusted' && r.status.state !== 'not-paired',
  };
}

/** The first page of the connect window: where setting up the home server connection stands. */
function connectStart(): ConnectStep {
  if (!remote) return { kind: 'address' };
  return remote.status.state === 'not-trusted' ? { kind: 'address', value: remote.origin } : { kind: 'code', origin: remote.origin };
}

/** Remembers (or forgets) the home server in settings.json and starts the app anew. */
function switchBackend(setup: Setup, origin: string | undefined): void {
  const { settings } = setup;
  const { JARVIS_REMOTE_URL: _old, ...env } = settings.get().env;
  settings.set({ ...settings.get(), env: origin ? { ...env, JARVIS_REMOTE_URL: origin } : env });
  if (!origin && process.env.JARVIS_REMOTE_URL) {
    dialog.showErrorBox(
      'JARVIS Home Command',
      'JARVIS_REMOTE_URL is set in the environment; remove it there to use JARVIS on this computer again.',
    );
  }
  app.relaunch();
  app.quit();
}

/** The small connect window: static pages without script, their forms read here and never sent anywhere. */
function openConnectWindow(setup: Setup): void {
  if (connectWindow && !connectWindow.isDestroyed()) {
    connectWindow.show();
    connectWindow.focus();
    return;
  }
  const window = new BrowserWindow({
    width: 560,
    height: 480,
    title: 'JARVIS Home Command',
    icon: join(resourcesDir(), 'icon.png'),
    autoHideMenuBar: true,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false, spellcheck: false },
  });
  connectWindow = window;
  const remotes = new Map<string, RemoteForFlow>();
  const flow = new ConnectFlow(
    {
      deviceName: hostname(),
      probe: probeServerCa,
      remoteFor(origin) {
        if (remote?.origin === origin) return remote;
        let r = remotes.get(origin);
        if (!r) remotes.set(origin, (r = new RemoteJarvis({ url: origin, stateFile: remoteStateFile(setup) })));
        return r;
      },
      connected(origin) {
        if (remote?.origin === origin && resumeRemote) {
          window.close();
          showWindow();
          void resumeRemote();
        } else setTimeout(() => switchBackend(setup, origin), 1_500);
      },
      cancelled: () => window.close(),
    },
    connectStart(),
  );
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event, url) => {
    event.preventDefault();
    const input = parseConnectSubmission(url);
    if (!input) return;
    void flow.submit(input).then((step) => {
      if (!window.isDestroyed()) void window.loadURL(connectPageUrl(step, setup.language));
    });
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  void window.loadURL(connectPageUrl(flow.step, setup.language));
}

/** The main window; closing it hides it to the tray, and its bounds are remembered. */
function createWindow(setup: Setup, appOrigin: string): BrowserWindow {
  const { settings } = setup;
  const saved = settings.get().window;
  const bounds = restoreBounds(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const window = new BrowserWindow(getMainWindowOptions(join(__dirname, 'preload.cjs'), bounds, join(resourcesDir(), 'icon.png')));
  mainWindow = window;
  installWindowGuards(window.webContents, appOrigin, (url) => void shell.openExternal(url));
  if (saved?.maximized) window.maximize();
  const rememberBounds = () => {
    if (window.isDestroyed() || window.isMinimized()) return;
    const maximized = window.isMaximized();
    const b = maximized ? window.getNormalBounds() : window.getBounds();
    settings.set({ ...settings.get(), window: { x: b.x, y: b.y, width: b.width, height: b.height, maximized } });
  };
  window.on('close', (event) => {
    rememberBounds();
    // Closing the window hides it to the tray; Quit in the tray menu ends the app.
    if (!quitting) {
      event.preventDefault();
      window.hide();
    }
  });
  const hidden = startedHidden(process.argv, platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin);
  window.once('ready-to-show', () => {
    if (!hidden) window.show();
  });
  return window;
}

/** The small always-on-top pill that shows listening/thinking, or nothing. */
function showIndicator(setup: Setup, phase: 'listening' | 'thinking' | undefined): void {
  if (!phase) {
    indicator?.hide();
    return;
  }
  const area = screen.getDisplayNearestPoint(screen.getCursorScreenPoint()).workArea;
  if (!indicator || indicator.isDestroyed()) {
    indicator = new BrowserWindow(indicatorWindowOptions(area));
    indicator.setIgnoreMouseEvents(true);
    indicator.setAlwaysOnTop(true, 'screen-saver');
    // No origin matches: the static pill may not navigate anywhere.
    installWindowGuards(indicator.webContents, 'jarvis-indicator:none', () => {});
  } else {
    const o = indicatorWindowOptions(area);
    indicator.setBounds({ x: o.x, y: o.y, width: o.width, height: o.height });
  }
  void indicator.loadURL(indicatorHtml(phase, setup.language, setup.settings.get().preferences.pushToTalkShortcut));
  indicator.showInactive();
}

/** Push-to-talk: the page records, the tray and the pill follow its phase. */
function createPushToTalk(setup: Setup, onPhase: () => void): { ptt: PushToTalk; setPhase: (phase: PttPhase, message?: string) => void } {
  const setPhase = (phase: PttPhase, message?: string) => {
    clearTimeout(phaseWatchdog);
    if (phase === 'thinking' || phase === 'speaking') phaseWatchdog = setTimeout(() => setPhase('idle'), 120_000);
    status = trayStatusForPhase(phase);
    errorDetail = phase === 'error' ? message : undefined;
    showIndicator(setup, phase === 'listening' ? 'listening' : phase === 'thinking' ? 'thinking' : undefined);
    onPhase();
  };
  const ptt = new PushToTalk({
    now: () => Date.now(),
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    onStart: (trigger) => {
      sendEvent(mainWindow?.webContents, 'ptt:start', { trigger });
      setPhase('listening');
    },
    onStop: (reason) => {
      sendEvent(mainWindow?.webContents, 'ptt:stop', { reason });
      setPhase(reason === 'cancelled' ? 'idle' : 'thinking');
    },
  });
  return { ptt, setPhase };
}

/** Registers the push-to-talk shortcut; returns the function that (re)registers one. */
function registerShortcuts(setup: Setup, ptt: PushToTalk, log: Logger): (accelerator: string) => boolean {
  const registerShortcut = (accelerator: string): boolean => {
    try {
      return globalShortcut.register(accelerator, () => ptt.shortcutPressed());
    } catch (err) {
      log.warn(`push-to-talk shortcut ${accelerator} rejected: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  };
  const shortcut = setup.settings.get().preferences.pushToTalkShortcut;
  shortcutRegistered = registerShortcut(shortcut);
  if (!shortcutRegistered)
    log.warn(
      `push-to-talk shortcut ${shortcut} is not available (taken by another program, or a Wayland session); use the tray or \`--push-to-talk\`.`,
    );
  return registerShortcut;
}

function notify(n: NotificationModel): void {
  if (!Notification.isSupported()) return;
  const note = new Notification({ title: n.title, body: n.body, urgency: n.urgency, icon: join(resourcesDir(), 'icon.png') });
  note.on('click', showWindow);
  note.show();
}

/** Due reminders, finished documents, lost workers: each a desktop notification, once. Returns the unsubscribe. */
function watchNotifications(backend: Backend, language: Language): () => void {
  const deduper = new NotificationDeduper();
  return backend.subscribe((event) => {
    const n = notificationForEvent(event, language, backend.member?.());
    if (n && deduper.isNew(n.key)) notify(n);
  });
}

function applyLoginItem(enabled: boolean): void {
  const plan = loginItemPlan(enabled, {
    platform,
    execPath: process.execPath,
    home: app.getPath('home'),
    ...(process.env.APPIMAGE ? { appImage: process.env.APPIMAGE } : {}),
    ...(process.env.XDG_CONFIG_HOME ? { xdgConfigHome: process.env.XDG_CONFIG_HOME } : {}),
  });
  if (plan.kind === 'electron') app.setLoginItemSettings(plan.settings);
  else if (plan.content === null) rmSync(plan.path, { force: true });
  else {
    mkdirSync(dirname(plan.path), { recursive: true });
    writeFileSync(plan.path, plan.content);
  }
}

/** What the tray shows: status, recording, the preferences it toggles. */
function trayState(setup: Setup, ptt: PushToTalk) {
  const prefs = setup.settings.get().preferences;
  return {
    status,
    recording: ptt.recording,
    muted: prefs.muted,
    openAtLogin: prefs.openAtLogin,
    shortcut: prefs.pushToTalkShortcut,
    shortcutRegistered,
    language: setup.language,
    ...(errorDetail ? { errorDetail } : {}),
    ...(remote ? { remote: remote.status.state } : {}),
  };
}

function installTray(setup: Setup, ptt: PushToTalk, appOrigin: string): TrayController {
  const { settings } = setup;
  const onTrayAction = (action: TrayAction) => {
    const prefs = settings.get().preferences;
    switch (action) {
      case 'open':
        showWindow();
        break;
      case 'open-wall':
        openWallWindow(appOrigin);
        break;
      case 'push-to-talk':
        ptt.toggle('tray');
        break;
      case 'toggle-mute':
        settings.set({ ...settings.get(), preferences: { ...prefs, muted: !prefs.muted } });
        sendEvent(mainWindow?.webContents, 'voice:muted', { muted: !prefs.muted });
        break;
      case 'toggle-login':
        applyLoginItem(!prefs.openAtLogin);
        settings.set({ ...settings.get(), preferences: { ...prefs, openAtLogin: !prefs.openAtLogin } });
        break;
      case 'remote-connect':
        openConnectWindow(setup);
        break;
      case 'remote-disconnect':
        remote?.forget();
        if (remote) void session.defaultSession.cookies.remove(remote.origin, DEVICE_COOKIE);
        switchBackend(setup, undefined);
        return;
      case 'quit':
        app.quit();
        return;
    }
    tray.update(trayState(setup, ptt));
  };
  const tray = new TrayController(join(resourcesDir(), 'tray'), onTrayAction, trayState(setup, ptt));
  return tray;
}

interface IpcDeps {
  readonly setup: Setup;
  readonly appOrigin: string;
  readonly log: Logger;
  readonly ptt: PushToTalk;
  readonly tray: TrayController;
  readonly setPhase: (phase: PttPhase, message?: string) => void;
  readonly registerShortcut: (accelerator: string) => boolean;
}

/** The page's IPC channels: each payload checked by the router before its handler runs. */
function bindIpc({ setup, appOrigin, log, ptt, tray, setPhase, registerShortcut }: IpcDeps): void {
  const { settings, desktopDefaults, language } = setup;
  const router = new IpcRouter(appOrigin, (channel, err) => log.error(`IPC ${channel} failed`, err));
  router.handle('app:info', () => ({
    version: master?.master.platform.version ?? app.getVersion(),
    platform,
    pushToTalkShortcut: settings.get().preferences.pushToTalkShortcut,
    pushToTalkRegistered: shortcutRegistered,
    dataDir: setup.userData,
    logsDir: setup.logsDir,
  }));
  router.handle('settings:get', () => settingsView(process.env, settings.get(), desktopDefaults, restartRequired, platform));
  router.handle('settings:set', (patch) => {
    const before = settings.get();
    const { next, envChanged } = applySettingsPatch(before, patch, process.env, desktopDefaults, platform);
    const oldShortcut = before.preferences.pushToTalkShortcut;
    const newShortcut = next.preferences.pushToTalkShortcut;
    if (newShortcut !== oldShortcut) {
      if (shortcutRegistered) globalShortcut.unregister(oldShortcut);
      if (!registerShortcut(newShortcut)) {
        shortcutRegistered = registerShortcut(oldShortcut);
        throw new IpcRefusal('INVALID_SETTING', `${newShortcut} is taken by another program.`, '/preferences/pushToTalkShortcut');
      }
      shortcutRegistered = true;
    }
    if (next.preferences.openAtLogin !== before.preferences.openAtLogin) applyLoginItem(next.preferences.openAtLogin);
    settings.set(next);
    if (next.preferences.muted !== before.preferences.muted)
      sendEvent(mainWindow?.webContents, 'voice:muted', { muted: next.preferences.muted });
    restartRequired ||= envChanged;
    tray.update(trayState(setup, ptt));
    return settingsView(process.env, next, desktopDefaults, restartRequired, platform);
  });
  router.handle('ptt:toggle', () => ({ recording: ptt.toggle('window') }));
  router.handle('ptt:status', ({ phase, message }) => {
    setPhase(phase, message);
    return null;
  });
  router.handle('voice:answer', ({ transcript, reply }) => {
    notify(answerNotification(transcript, reply, language));
    return null;
  });
  router.handle('app:open-external', ({ url }) => {
    if (!isSafeExternalUrl(url)) throw new IpcRefusal('INVALID_PAYLOAD', 'Only http(s) links open in the browser.', '/url');
    void shell.openExternal(url);
    return null;
  });
  router.handle('app:relaunch', () => {
    app.relaunch();
    app.quit();
    return null;
  });
  attachIpcRouter(ipcMain, router, () => mainWindow?.webContents);
}

/**
 * Before the process ends: timers, shortcuts and the event subscription go, and the
 * master stops cleanly (modules, listeners, database) before the app quits for real.
 */
function shutdown(event: Electron.Event, unsubscribe: () => void): void {
  clearTimeout(phaseWatchdog);
  globalShortcut.unregisterAll();
  unsubscribe();
  if (!master) return;
  event.preventDefault();
  const m = master;
  master = undefined;
  void m.stop().finally(() => app.quit());
}

function handleLifeCycle(ptt: PushToTalk, unsubscribe: () => void): void {
  app.on('second-instance', (_event, argv) => {
    if (wantsPushToTalk(argv)) ptt.toggle('command-line');
    else showWindow();
  });
  app.on('activate', showWindow);
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('will-quit', (event) => shutdown(event, unsubscribe));
  // The app lives in the tray: closing every window does not quit it.
  app.on('window-all-closed', () => {});
}

function checkForUpdates(setup: Setup, log: Logger): void {
  if (
    !shouldCheckForUpdates({
      enabled: setup.settings.get().preferences.autoUpdate,
      isPackaged: app.isPackaged,
      platform,
      ...(process.env.APPIMAGE ? { appImage: process.env.APPIMAGE } : {}),
    })
  )
    return;
  void import('electron-updater')
    .then(({ autoUpdater }) => autoUpdater.checkForUpdatesAndNotify())
    .catch((err: unknown) => log.warn(`update check failed: ${err instanceof Error ? err.message : String(err)}`));
}

async function showApp(setup: Setup, window: BrowserWindow, backend: Backend, ptt: PushToTalk): Promise<void> {
  if (setup.settings.get().preferences.openAtLogin) applyLoginItem(true);
  if (!backend.ready) {
    // Not trusted or not paired yet: nothing to show until the connect window is done.
    openConnectWindow(setup);
    return;
  }
  await window.loadURL(`${backend.appOrigin}/`);
  if (wantsPushToTalk(process.argv)) ptt.toggle('command-line');
}

async function start(): Promise<void> {
  await app.whenReady();
  if (platform === 'win32') app.setAppUserModelId('home.jarvis.command');
  const bundle = masterBundle({ cacheFile: join(app.getPath('userData'), CODE_CACHE_FILE) });
  const setup = loadSettingsAndConfig(bundle.exports);
  if (!setup) return;
  const backend = setup.config.remoteUrl
    ? await connectRemote(bundle.exports, setup, setup.config.remoteUrl)
    : await startMaster(bundle.exports, setup);
  const { appOrigin, log } = backend;
  keepCodeCache(bundle);
  const window = createWindow(setup, appOrigin);
  let tray: TrayController | undefined;
  const { ptt, setPhase } = createPushToTalk(setup, () => tray?.update(trayState(setup, ptt)));
  const registerShortcut = registerShortcuts(setup, ptt, log);
  const unsubscribe = watchNotifications(backend, setup.language);
  tray = installTray(setup, ptt, appOrigin);
  refreshTray = () => tray?.update(trayState(setup, ptt));
  bindIpc({ setup, appOrigin, log, ptt, tray, setPhase, registerShortcut });
  handleLifeCycle(ptt, unsubscribe);
  checkForUpdates(setup, log);
  await showApp(setup, window, backend, ptt);
}

const userDataOverride = userDataDirFromArgv(process.argv);
// Before the lock: each user-data folder is its own single instance.
if (userDataOverride) app.setPath('userData', userDataOverride);

if (!app.requestSingleInstanceLock()) {
  // A second launch hands its command line to the first (see 'second-instance') and ends.
  app.quit();
} else {
  start().catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`JARVIS desktop failed to start: ${message}\n`);
    // A desktop user has no terminal: say it in a dialog (e.g. JARVIS_ADDR already in use).
    if (app.isReady()) dialog.showErrorBox('JARVIS Home Command could not start', message);
    void master?.stop().finally(() => app.exit(1));
    if (!master) app.exit(1);
  });
}

/** The keychain seals the secrets typed into the app; without one the master keeps a key file. */
function withKeychain(sealer: ReturnType<typeof keychainSealer>): { secretSealer?: NonNullable<typeof sealer> } {
  return sealer ? { secretSealer: sealer } : {};
}
