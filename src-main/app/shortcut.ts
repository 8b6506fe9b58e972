// The push-to-talk shortcut: a platform default that clashes with no common desktop
// shortcut, and a check of what the user configures instead.
//
// Taken on purpose (and therefore refused as push-to-talk):
// - macOS: Cmd+Space (Spotlight), Cmd+Option+Space (Finder search window),
//   Ctrl+Cmd+Space (character viewer), Ctrl+Space / Ctrl+Option+Space (input sources).
// - Windows: Win+Space and Ctrl+Space (input language / IME), Alt+Space (window menu),
//   Ctrl+Alt+Delete, Ctrl+Shift+Esc (Task Manager), Alt+Tab, Win+L.
// - Linux desktops: Super+Space (GNOME input source), Alt+Space (window menu), Ctrl+Space
//   (IBus/Fcitx), Ctrl+Alt+T (Ubuntu terminal), Ctrl+Alt+L (lock), Ctrl+Alt+D (show
//   desktop), Ctrl+Alt+Delete (log out), Ctrl+Alt+arrows (workspaces), Ctrl+Alt+Backspace.
// Ctrl+Alt+Space is bound by none of these desktops; on macOS Ctrl+Option+Space is, so
// the Mac default is Ctrl+Option+J ("J" for JARVIS).

export type Platform = 'darwin' | 'win32' | 'linux' | string;

export function defaultShortcut(platform: Platform): string {
  return platform === 'darwin' ? 'Control+Option+J' : 'Control+Alt+Space';
}

const MODIFIERS: Record<string, string> = {
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};

const NAMED_KEYS = new Set([
  'Space',
  'Tab',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
  'PrintScreen',
  'Plus',
  'MediaPlayPause',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`),
  ...Array.from({ length: 10 }, (_, i) => `num${i}`),
]);

export interface ParsedShortcut {
  readonly modifiers: readonly string[];
  readonly key: string;
}

export type ShortcutCheck =
  { readonly ok: true; readonly accelerator: string; readonly warning?: string } | { readonly ok: false; readonly error: string };

export function parseShortcut(accelerator: string): ParsedShortcut | undefined {
  const parts = accelerator.split('+').map((p) => p.trim());
  if (parts.length < 1 || parts.some((p) => p === '')) return undefined;
  const keyPart = parts[parts.length - 1] as string;
  const modifiers: string[] = [];
  for (const raw of parts.slice(0, -1)) {
    const mod = MODIFIERS[raw.toLowerCase()];
    if (!mod || modifiers.includes(mod)) return undefined;
    modifiers.push(mod);
  }
  let key: string | undefined;
  if (/^[A-Za-z0-9]$/.test(keyPart)) key = keyPart.toUpperCase();
  else key = [...NAMED_KEYS].find((k) => k.toLowerCase() === keyPart.toLowerCase());
  if (!key) return undefined;
  return { modifiers: [...modifiers].sort(), key };
}

/** Modifiers as they act on a platform: CommandOrControl is Command on macOS, Control elsewhere. */
function effective(parsed: ParsedShortcut, platform: Platform): string {
  const mods = parsed.modifiers.map((m) => (m === 'CommandOrControl' ? (platform === 'darwin' ? 'Command' : 'Control') : m));
  return [...new Set(mods)].sort().concat(parsed.key).join('+');
}

const RESERVED: Record<string, readonly string[]> = {
  darwin: [
    'Command+Space',
    'Alt+Command+Space',
    'Command+Control+Space',
    'Control+Space',
    'Alt+Control+Space',
    'Command+Tab',
    'Alt+Command+Escape',
    'Command+Q',
    'Command+W',
    'Command+H',
    'Command+M',
    'Command+Shift+3',
    'Command+Shift+4',
    'Command+Shift+5',
  ],
  win32: [
    'Super+Space',
    'Control+Space',
    'Alt+Space',
    'Alt+Control+Delete',
    'Control+Shift+Escape',
    'Alt+Tab',
    'Super+L',
    'Super+D',
    'Super+Tab',
    'Alt+F4',
    'Control+Escape',
    'Shift+Super+S',
  ],
  linux: [
    'Super+Space',
    'Control+Space',
    'Alt+Space',
    'Alt+Control+T',
    'Alt+Control+L',
    'Alt+Control+D',
    'Alt+Control+Delete',
    'Alt+Control+Backspace',
    'Alt+Control+Up',
    'Alt+Control+Down',
    'Alt+Control+Left',
    'Alt+Control+Right',
    'Alt+Tab',
    'Alt+F4',
    'Alt+F2',
    'Super+L',
    'Super+A',
  ],
};

/** Copy/paste/undo & co.: a global shortcut would take them from every other program. */
const EDITING_KEYS = new Set(['A', 'C', 'V', 'X', 'Z', 'Y', 'S', 'F', 'P', 'N', 'T', 'R', 'O']);

export function checkShortcut(accelerator: string, platform: Platform): ShortcutCheck {
  const parsed = parseShortcut(accelerator);
  if (!parsed) return { ok: false, error: `"${accelerator}" is not a valid shortcut; write it like Control+Alt+Space.` };
  if (parsed.modifiers.length === 0 || parsed.modifiers.every((m) => m === 'Shift')) {
    return {
      ok: false,
      error: 'A push-to-talk shortcut needs Control, Alt, Command or Super: a plain key would be taken from every program.',
    };
  }
  const normalized = effective(parsed, platform);
  const reserved = new Set(
    (RESERVED[platform] ?? RESERVED.linux ?? []).map((r) => {
      const p = parseShortcut(r);
      return p ? effective(p, platform) : r;
    }),
  );
  if (reserved.has(normalized)) return { ok: false, error: `${accelerator} is already used by the system on this platform.` };
  const primary = platform === 'darwin' ? 'Command' : 'Control';
  const mods = normalized.split('+').slice(0, -1);
  const accel = accelerator.trim();
  if (mods.length === 1 && mods[0] === primary && EDITING_KEYS.has(parsed.key)) {
    return {
      ok: true,
      accelerator: accel,
      warning: `${accelerator} is a common editing shortcut; other programs will no longer receive it.`,
    };
  }
  return { ok: true, accelerator: accel };
}
