import { app, BrowserWindow, shell } from 'electron';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { createMaster, type Master } from '../master';
import { getMainWindowOptions, isAppUrl, isSafeExternalUrl } from './window-options';

// Thin by design: every decision lives in plain modules tested without Electron.

let master: Master | undefined;

async function createWindow(appUrl: string): Promise<void> {
  const win = new BrowserWindow(getMainWindowOptions(join(__dirname, 'preload.cjs')));
  const origin = new URL(appUrl).origin;
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url) && !isAppUrl(url, origin)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, origin)) event.preventDefault();
  });
  win.once('ready-to-show', () => win.show());
  await win.loadURL(appUrl);
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  await app.whenReady();
  const config = loadConfig({
    JARVIS_DATA: join(app.getPath('userData'), 'jarvis.db'),
    JARVIS_ADDR: '127.0.0.1:0',
    ...process.env,
  });
  master = createMaster(config, { uiDir: join(__dirname, '..', 'renderer') });
  const { apiUrl } = await master.start();
  await createWindow(apiUrl);
  app.on('before-quit', () => void master?.stop());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`JARVIS desktop failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  app.exit(1);
});
