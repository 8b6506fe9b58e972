// Auto-update through electron-updater, off by default: the household decides when its
// home server changes. It needs a `publish` feed in electron-builder.yml (README,
// "Auto-update") and only works for the formats electron-updater can replace: the
// AppImage, the NSIS installer and the macOS build (dmg + zip).

export interface UpdateContext {
  readonly enabled: boolean;
  readonly isPackaged: boolean;
  readonly platform: string;
  /** Set by the AppImage runtime; a deb install is updated by the package manager instead. */
  readonly appImage?: string;
}

export function shouldCheckForUpdates(ctx: UpdateContext): boolean {
  if (!ctx.enabled || !ctx.isPackaged) return false;
  if (ctx.platform === 'linux') return Boolean(ctx.appImage);
  return ctx.platform === 'win32' || ctx.platform === 'darwin';
}
