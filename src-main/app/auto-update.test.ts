import { describe, expect, it } from 'vitest';
import { shouldCheckForUpdates } from './auto-update';

describe('auto-update', () => {
  it('is off by default and in development', () => {
    expect(shouldCheckForUpdates({ enabled: false, isPackaged: true, platform: 'win32' })).toBe(false);
    expect(shouldCheckForUpdates({ enabled: true, isPackaged: false, platform: 'win32' })).toBe(false);
  });

  it('when turned on, checks for the AppImage, NSIS and macOS builds but leaves a deb to apt', () => {
    expect(shouldCheckForUpdates({ enabled: true, isPackaged: true, platform: 'win32' })).toBe(true);
    expect(shouldCheckForUpdates({ enabled: true, isPackaged: true, platform: 'darwin' })).toBe(true);
    expect(shouldCheckForUpdates({ enabled: true, isPackaged: true, platform: 'linux', appImage: '/home/u/J.AppImage' })).toBe(true);
    expect(shouldCheckForUpdates({ enabled: true, isPackaged: true, platform: 'linux' })).toBe(false);
  });
});
