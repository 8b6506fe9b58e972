// The wall display as a second desktop window (tray: "Wandanzeige öffnen"): full screen on
// the display under the cursor, the same window guards as the main window, Escape closes it.
import { BrowserWindow, screen, shell } from 'electron';
import { installWindowGuards } from './electron-security';
import { getWallWindowOptions, wallUrl } from './window-options';

let wall: BrowserWindow | undefined;

/** Opens the wall window, or brings the open one to the front. */
export function openWallWindow(appOrigin: string): BrowserWindow {
  if (wall && !wall.isDestroyed()) {
    wall.show();
    wall.focus();
    return wall;
  }
  const display = screen.getDisplayNearestPoint(screen.getCursorScreenPoint()).bounds;
  const window = new BrowserWindow(getWallWindowOptions(display));
  wall = window;
  installWindowGuards(window.webContents, appOrigin, (url) => void shell.openExternal(url));
  window.webContents.on('before-input-event', (event, input) => {
    if (input.type === 'keyDown' && input.key === 'Escape') {
      event.preventDefault();
      window.close();
    }
  });
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (wall === window) wall = undefined;
  });
  void window.loadURL(wallUrl(appOrigin));
  return window;
}
