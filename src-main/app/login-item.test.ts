import { describe, expect, it } from 'vitest';
import { autostartEntry, loginItemPlan, startedHidden, wantsPushToTalk } from './login-item';

describe('start with system', () => {
  it('uses Electron login items on macOS and Windows, starting hidden', () => {
    expect(loginItemPlan(true, { platform: 'win32', execPath: 'C:\\x\\JARVIS.exe', home: 'C:\\Users\\u' })).toEqual({
      kind: 'electron',
      settings: { openAtLogin: true, args: ['--hidden'] },
    });
    expect(loginItemPlan(false, { platform: 'darwin', execPath: '/Applications/J.app', home: '/Users/u' })).toEqual({
      kind: 'electron',
      settings: { openAtLogin: false, args: [] },
    });
  });

  it('writes an XDG autostart entry on Linux that names the AppImage file', () => {
    const plan = loginItemPlan(true, {
      platform: 'linux',
      execPath: '/tmp/.mount_JARVIS/jarvis-home-command',
      appImage: '/home/u/Apps/JARVIS Home Command.AppImage',
      home: '/home/u',
    });
    expect(plan).toMatchObject({ kind: 'autostart-file', path: '/home/u/.config/autostart/jarvis-home-command.desktop' });
    expect(plan.kind === 'autostart-file' && plan.content).toContain('Exec="/home/u/Apps/JARVIS Home Command.AppImage" --hidden');
  });

  it('removes the entry when turned off and honours XDG_CONFIG_HOME', () => {
    expect(
      loginItemPlan(false, { platform: 'linux', execPath: '/opt/jarvis/jarvis', home: '/home/u', xdgConfigHome: '/home/u/cfg' }),
    ).toEqual({
      kind: 'autostart-file',
      path: '/home/u/cfg/autostart/jarvis-home-command.desktop',
      content: null,
    });
  });

  it('the entry is a valid desktop entry for a deb install', () => {
    const entry = autostartEntry('/opt/JARVIS Home Command/jarvis-home-command');
    expect(entry.split('\n')[0]).toBe('[Desktop Entry]');
    expect(entry).toContain('Type=Application');
    expect(entry).toContain('Exec="/opt/JARVIS Home Command/jarvis-home-command" --hidden');
  });

  it('reads the command line', () => {
    expect(startedHidden(['app', '--hidden'], false)).toBe(true);
    expect(startedHidden(['app'], true)).toBe(true);
    expect(startedHidden(['app'], false)).toBe(false);
    expect(wantsPushToTalk(['app', '--push-to-talk'])).toBe(true);
  });
});

describe('--user-data-dir', () => {
  it('takes an absolute path only', async () => {
    const { userDataDirFromArgv } = await import('./login-item');
    expect(userDataDirFromArgv(['app', '--user-data-dir=/tmp/profile'])).toBe('/tmp/profile');
    expect(userDataDirFromArgv(['app', '--user-data-dir=C:\\Users\\u\\p'])).toBe('C:\\Users\\u\\p');
    expect(userDataDirFromArgv(['app', '--user-data-dir=relative'])).toBeUndefined();
    expect(userDataDirFromArgv(['app'])).toBeUndefined();
  });
});
