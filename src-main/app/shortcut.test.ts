import { describe, expect, it } from 'vitest';
import { checkShortcut, defaultShortcut, parseShortcut } from './shortcut';

describe('push-to-talk shortcut', () => {
  it.each(['linux', 'win32', 'darwin'])('the default on %s is valid and free', (platform) => {
    const check = checkShortcut(defaultShortcut(platform), platform);
    expect(check).toEqual({ ok: true, accelerator: defaultShortcut(platform) });
  });

  it('the Mac default avoids Spotlight and the Finder search window', () => {
    expect(defaultShortcut('darwin')).not.toMatch(/Space/);
    expect(checkShortcut('Command+Alt+Space', 'darwin')).toMatchObject({ ok: false });
    expect(checkShortcut('CommandOrControl+Alt+Space', 'darwin')).toMatchObject({ ok: false });
    // The same accelerator is free on Linux and Windows (Control there).
    expect(checkShortcut('CommandOrControl+Alt+Space', 'linux')).toMatchObject({ ok: true });
  });

  it.each([
    ['Super+Space', 'linux'],
    ['Alt+Space', 'win32'],
    ['Ctrl+Space', 'linux'],
    ['Ctrl+Alt+T', 'linux'],
    ['Alt+Ctrl+Delete', 'win32'],
    ['Cmd+Space', 'darwin'],
    ['Control+Command+Space', 'darwin'],
  ])('refuses %s on %s: the system uses it', (accel, platform) => {
    expect(checkShortcut(accel, platform)).toMatchObject({ ok: false, error: expect.stringContaining('already used') });
  });

  it.each(['Space', 'J', 'Shift+J', 'Ctrl+', 'Ctrl+Hyper+J', 'Ctrl+Ctrl+J', '', 'Control+Alt+Spacebar'])('refuses %j', (accel) => {
    expect(checkShortcut(accel, 'linux')).toMatchObject({ ok: false });
  });

  it('warns but allows taking an editing shortcut', () => {
    expect(checkShortcut('Ctrl+C', 'linux')).toMatchObject({ ok: true, warning: expect.stringContaining('editing') });
    expect(checkShortcut('Ctrl+Shift+C', 'linux')).toEqual({ ok: true, accelerator: 'Ctrl+Shift+C' });
  });

  it('parses modifiers in any order and spelling', () => {
    expect(parseShortcut('alt+CTRL+space')).toEqual({ modifiers: ['Alt', 'Control'], key: 'Space' });
    expect(parseShortcut('Option+Control+j')).toEqual({ modifiers: ['Alt', 'Control'], key: 'J' });
    expect(parseShortcut('CmdOrCtrl+Shift+F5')).toEqual({ modifiers: ['CommandOrControl', 'Shift'], key: 'F5' });
  });
});
