import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';
import { join } from 'node:path';
import { shownStatus, trayIconFile, trayMenuModel, trayTooltip, type TrayAction, type TrayMenuItem, type TrayState } from './tray-menu';

/** Turns the tray model into Electron's menu; clicks come back as the item's action id. */
export function toMenuTemplate(items: readonly TrayMenuItem[], onAction: (action: TrayAction) => void): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    if (item.type === 'separator') return { type: 'separator' };
    const base = { id: item.id, label: item.label, enabled: item.enabled };
    if (item.type === 'checkbox') return { ...base, type: 'checkbox', checked: item.checked, click: () => onAction(item.id) };
    const accelerator = item.accelerator ? { accelerator: item.accelerator, registerAccelerator: false } : {};
    return { ...base, type: 'normal', ...accelerator, ...(item.id === 'status' ? {} : { click: () => onAction(item.id as TrayAction) }) };
  });
}

export class TrayController {
  private readonly tray: Tray;
  private shownIcon = '';

  constructor(
    private readonly trayDir: string,
    private readonly onAction: (action: TrayAction) => void,
    state: TrayState,
  ) {
    this.tray = new Tray(this.image(state));
    // A left click opens the window where the platform sends one (Windows, most Linux trays).
    this.tray.on('click', () => onAction('open'));
    this.update(state);
  }

  private image(state: TrayState) {
    this.shownIcon = trayIconFile(shownStatus(state));
    return nativeImage.createFromPath(join(this.trayDir, this.shownIcon));
  }

  update(state: TrayState): void {
    if (trayIconFile(shownStatus(state)) !== this.shownIcon) this.tray.setImage(this.image(state));
    this.tray.setToolTip(trayTooltip(state));
    this.tray.setContextMenu(Menu.buildFromTemplate(toMenuTemplate(trayMenuModel(state), this.onAction)));
  }

  destroy(): void {
    this.tray.destroy();
  }
}
