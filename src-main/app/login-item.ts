import { join } from 'node:path';

// "Start with system". Electron's login item API covers macOS and Windows; on Linux it
// does nothing, so there we write an XDG autostart entry ourselves
// (https://specifications.freedesktop.org/autostart-spec/latest/). The app then starts
// hidden in the tray (--hidden) instead of popping a window at every login.

export const HIDDEN_FLAG = '--hidden';
export const PUSH_TO_TALK_FLAG = '--push-to-talk';
export const AUTOSTART_FILE_NAME = 'jarvis-home-command.desktop';

export interface LoginItemContext {
  readonly platform: string;
  readonly execPath: string;
  /** Set by the AppImage runtime: the path of the .AppImage file itself. */
  readonly appImage?: string;
  readonly home: string;
  readonly xdgConfigHome?: string;
}

export type LoginItemPlan =
  | { readonly kind: 'electron'; readonly settings: { openAtLogin: boolean; args: string[] } }
  | { readonly kind: 'autostart-file'; readonly path: string; readonly content: string | null };

/** Quotes an Exec argument per the Desktop Entry spec when it needs it. */
function execArg(arg: string): string {
  if (!/[\s"'\\$`]/.test(arg)) return arg;
  return `"${arg.replace(/(["`$\\])/g, '\\$1')}"`;
}

export function autostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=JARVIS Home Command',
    'Comment=Local-first home command center',
    `Exec=${execArg(executable)} ${HIDDEN_FLAG}`,
    'Icon=jarvis-home-command',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function loginItemPlan(enabled: boolean, ctx: LoginItemContext): LoginItemPlan {
  if (ctx.platform !== 'linux') return { kind: 'electron', settings: { openAtLogin: enabled, args: enabled ? [HIDDEN_FLAG] : [] } };
  const configHome = ctx.xdgConfigHome && ctx.xdgConfigHome.startsWith('/') ? ctx.xdgConfigHome : join(ctx.home, '.config');
  // An AppImage's execPath points into its temporary mount; the autostart must name the file.
  const executable = ctx.appImage ?? ctx.execPath;
  return {
    kind: 'autostart-file',
    path: join(configHome, 'autostart', AUTOSTART_FILE_NAME),
    content: enabled ? autostartEntry(executable) : null,
  };
}

export function startedHidden(argv: readonly string[], openedAtLogin: boolean): boolean {
  return openedAtLogin || argv.includes(HIDDEN_FLAG);
}

/** A second launch with --push-to-talk (bind it to a key in the desktop's own settings, e.g. on Wayland). */
export function wantsPushToTalk(argv: readonly string[]): boolean {
  return argv.includes(PUSH_TO_TALK_FLAG);
}

/**
 * `--user-data-dir=PATH` moves settings, database and logs (Chromium's own switch,
 * honoured for the app's folder too): a second profile, or an isolated test run.
 */
export function userDataDirFromArgv(argv: readonly string[]): string | undefined {
  const arg = argv.find((a) => a.startsWith('--user-data-dir='));
  const value = arg?.slice('--user-data-dir='.length);
  return value && value.startsWith('/') ? value : value && /^[A-Za-z]:[\\/]/.test(value) ? value : undefined;
}
