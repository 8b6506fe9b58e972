import { app, BrowserWindow, dialog, globalShortcut, ipcMain, Notification, screen, session, shell } from 'electron';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PttPhase } from '../../src-shared';
import { ConfigError, configSecrets, loadConfig } from '../platform/config';
import { createMaster, type Master } from '../master';
import { createLogger, SecretRedactor, type Logger } from '../platform/trace';
import { shouldCheckForUpdates } from './auto-update';
import { answerNotification, NotificationDeduper, notificationForEvent, type NotificationModel } from './desktop-notifications';
import { bindIpc, sendEvent } from './electron-ipc';
import { installSessionGuards, installWindowGuards } from './electron-security';
import { TrayController } from './electron-tray';
import { indicatorHtml, indicatorWindowOptions } from './indicator-window';
import { IpcRefusal, IpcRouter } from './ipc-router';
import { launchSecretGuard, newLaunchSecret } from './launch-secret';
import { loginItemPlan, startedHidden, userDataDirFromArgv, wantsPushToTalk } from './login-item';
import { PushToTalk } from './push-to-talk';
import { applySettingsPatch, mergeEnvironment, SettingsFile, settingsView } from './settings-store';
import { checkShortcut } from './shortcut';
import { languageOf, trayStatusForPhase, type TrayAction, type TrayStatus } from './tray-menu';
import { getMainWindowOptions, isSafeExternalUrl, restoreBounds } from './window-options';

// The Electron shell: wiring only. Every decision (window options, CSP, navigation,
// permissions, IPC checks, tray menu, push-to-talk, notifications, settings) lives in a
// plain module next to this one and is tested without the Electron binary.

const platform = process.platform;
let quitting = false;
let master: Master | undefined;
let mainWindow: BrowserWindow | undefined;
let indicator: BrowserWindow | undefined;

function fileLogger(logsDir: string, redactor: SecretRedactor): Logger {
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

async function start(): Promise<void> {
  await app.whenReady();
  if (platform === 'win32') app.setAppUserModelId('home.jarvis.command');
  const userData = app.getPath('userData');
  const logsDir = app.getPath('logs');
  const settings = new SettingsFile(join(userData, 'settings.json'), platform);
  const desktopDefaults: Record<string, string> = {
    JARVIS_ADDR: '127.0.0.1:0',
    JARVIS_DATA: join(userData, 'jarvis.db'),
    JARVIS_SKILLS_DIR: app.isPackaged ? join(process.resourcesPath, 'skills') : join(app.getAppPath(), 'skills'),
    JARVIS_TOOLS_DIR: join(userData, 'local-tools'),
  };

  let config;
  try {
    config = loadConfig(mergeEnvironment(process.env, settings.get(), desktopDefaults));
  } catch (err) {
    if (err instanceof ConfigError) {
      dialog.showErrorBox('JARVIS Home Command: invalid settings', `${err.message}\n\nFix the environment or ${settings.path} and start again.`);
      app.exit(2);
      return;
    }
    throw err;
  }
  const language = languageOf(config.language);
  const secret = newLaunchSecret();
  const redactor = new SecretRedactor();
  for (const s of [...configSecrets(config), secret]) redactor.add(s);
  const log = fileLogger(logsDir, redactor);
  if (settings.loadProblem) log.warn(`settings ignored: ${settings.loadProblem}`);

  mkdirSync(dirname(config.dataFile), { recursive: true });
  master = createMaster(config, { uiDir: join(__dirname, '..', 'renderer'), logger: log, extra: [launchSecretGuard(secret)] });
  const { apiUrl } = await master.start();
  const appOrigin = new URL(apiUrl).origin;
  log.info(`desktop: master at ${appOrigin}, data in ${config.dataFile}`);
  installSessionGuards(session.defaultSession, appOrigin, secret);

  // ---- state shown in the tray ----
  let status: TrayStatus = 'idle';
  let errorDetail: string | undefined;
  let shortcutRegistered = false;
  let restartRequired = false;
  const trayState = () => {
    const prefs = settings.get().preferences;
    return {
      status,
      recording: ptt.recording,
      muted: prefs.muted,
      openAtLogin: prefs.openAtLogin,
      shortcut: prefs.pushToTalkShortcut,
      shortcutRegistered,
      language,
      ...(errorDetail ? { errorDetail } : {}),
    };
  };

  // ---- window ----
  const showWindow = () => {
    if (!mainWindow || mainWindow.isDestroyed()) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  };
  const saved = settings.get().window;
  const bounds = restoreBounds(saved, screen.getAllDisplays().map((d) => d.workArea));
  mainWindow = new BrowserWindow(getMainWindowOptions(join(__dirname, 'preload.cjs'), bounds, join(resourcesDir(), 'icon.png')));
  installWindowGuards(mainWindow.webContents, appOrigin, (url) => void shell.openExternal(url));
  if (saved?.maximized) mainWindow.maximize();
  const rememberBounds = () => {
    if (!mainWindow || mainWindow.isDestroyed() || mainWindow.isMinimized()) return;
    const maximized = mainWindow.isMaximized();
    const b = maximized ? mainWindow.getNormalBounds() : mainWindow.getBounds();
    settings.set({ ...settings.get(), window: { x: b.x, y: b.y, width: b.width, height: b.height, maximized } });
  };
  mainWindow.on('close', (event) => {
    rememberBounds();
    // Closing the window hides it to the tray; Quit in the tray menu ends the app.
    if (!quitting) {
      event.preventDefault();
      mainWindow?.hide();
    }
  });
  const hidden = startedHidden(process.argv, platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin);
  mainWindow.once('ready-to-show', () => {
    if (!hidden) mainWindow?.show();
  });

  // ---- push-to-talk ----
  const showIndicator = (phase: 'listening' | 'thinking' | undefined) => {
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
    void indicator.loadURL(indicatorHtml(phase, language, settings.get().preferences.pushToTalkShortcut));
    indicator.showInactive();
  };
  // If the page never reports back (voice route down, page reloading), the tray and the
  // pill must not stay on "thinking" for ever.
  let phaseWatchdog: NodeJS.Timeout | undefined;
  const setPhase = (phase: PttPhase, message?: string) => {
    clearTimeout(phaseWatchdog);
    if (phase === 'thinking' || phase === 'speaking') phaseWatchdog = setTimeout(() => setPhase('idle'), 120_000);
    status = trayStatusForPhase(phase);
    errorDetail = phase === 'error' ? message : undefined;
    showIndicator(phase === 'listening' ? 'listening' : phase === 'thinking' ? 'thinking' : undefined);
    tray.update(trayState());
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
  const registerShortcut = (accelerator: string): boolean => {
    try {
      return globalShortcut.register(accelerator, () => ptt.shortcutPressed());
    } catch (err) {
      log.warn(`push-to-talk shortcut ${accelerator} rejected: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  };
  shortcutRegistered = registerShortcut(settings.get().preferences.pushToTalkShortcut);
  if (!shortcutRegistered) log.warn(`push-to-talk shortcut ${settings.get().preferences.pushToTalkShortcut} is not available (taken by another program, or a Wayland session); use the tray or \`--push-to-talk\`.`);

  // ---- notifications ----
  const notify = (n: NotificationModel) => {
    if (!Notification.isSupported()) return;
    const note = new Notification({ title: n.title, body: n.body, urgency: n.urgency, icon: join(resourcesDir(), 'icon.png') });
    note.on('click', showWindow);
    note.show();
  };
  const deduper = new NotificationDeduper();
  const unsubscribe = master.platform.events.subscribe((event) => {
    const n = notificationForEvent(event, language);
    if (n && deduper.isNew(n.key)) notify(n);
  });

  // ---- login item ----
  const applyLoginItem = (enabled: boolean) => {
    const plan = loginItemPlan(enabled, { platform, execPath: process.execPath, home: app.getPath('home'), ...(process.env.APPIMAGE ? { appImage: process.env.APPIMAGE } : {}), ...(process.env.XDG_CONFIG_HOME ? { xdgConfigHome: process.env.XDG_CONFIG_HOME } : {}) });
    if (plan.kind === 'electron') app.setLoginItemSettings(plan.settings);
    else if (plan.content === null) rmSync(plan.path, { force: true });
    else {
      mkdirSync(dirname(plan.path), { recursive: true });
      writeFileSync(plan.path, plan.content);
    }
  };

  // ---- tray ----
  const onTrayAction = (action: TrayAction) => {
    const prefs = settings.get().preferences;
    switch (action) {
      case 'open':
        showWindow();
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
      case 'quit':
        app.quit();
        return;
    }
    tray.update(trayState());
  };
  const tray = new TrayController(join(resourcesDir(), 'tray'), onTrayAction, trayState());

  // ---- IPC ----
  const router = new IpcRouter(appOrigin, (channel, err) => log.error(`IPC ${channel} failed`, err));
  router.handle('app:info', () => ({
    version: master?.platform.version ?? app.getVersion(),
    platform,
    pushToTalkShortcut: settings.get().preferences.pushToTalkShortcut,
    pushToTalkRegistered: shortcutRegistered,
    dataDir: userData,
    logsDir,
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
    if (next.preferences.muted !== before.preferences.muted) sendEvent(mainWindow?.webContents, 'voice:muted', { muted: next.preferences.muted });
    restartRequired ||= envChanged;
    tray.update(trayState());
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
  bindIpc(ipcMain, router, () => mainWindow?.webContents);

  // ---- life cycle ----
  app.on('second-instance', (_event, argv) => {
    if (wantsPushToTalk(argv)) ptt.toggle('command-line');
    else showWindow();
  });
  app.on('activate', showWindow);
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('will-quit', (event) => {
    clearTimeout(phaseWatchdog);
    globalShortcut.unregisterAll();
    unsubscribe();
    if (!master) return;
    // Stop the master cleanly (modules, listeners, database) before the process ends.
    event.preventDefault();
    const m = master;
    master = undefined;
    void m.stop().finally(() => app.quit());
  });
  // The app lives in the tray: closing every window does not quit it.
  app.on('window-all-closed', () => {});

  if (shouldCheckForUpdates({ enabled: settings.get().preferences.autoUpdate, isPackaged: app.isPackaged, platform, ...(process.env.APPIMAGE ? { appImage: process.env.APPIMAGE } : {}) })) {
    void import('electron-updater')
      .then(({ autoUpdater }) => autoUpdater.checkForUpdatesAndNotify())
      .catch((err: unknown) => log.warn(`update check failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  if (settings.get().preferences.openAtLogin) applyLoginItem(true);
  await mainWindow.loadURL(`${appOrigin}/`);
  if (wantsPushToTalk(process.argv)) ptt.toggle('command-line');
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
