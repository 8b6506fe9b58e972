import { describe, expect, it } from 'vitest';
import { indicatorHtml, indicatorWindowOptions } from './indicator-window';

describe('push-to-talk indicator', () => {
  it('is a small always-on-top window that takes no focus and has no preload', () => {
    const o = indicatorWindowOptions({ x: 0, y: 0, width: 1920, height: 1040 });
    expect(o).toMatchObject({ x: 800, y: 24, width: 320, alwaysOnTop: true, focusable: false, skipTaskbar: true, frame: false });
    expect(o.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(o.webPreferences.preload).toBeUndefined();
  });

  it('is centred on the display it appears on', () => {
    expect(indicatorWindowOptions({ x: 1920, y: 0, width: 2560, height: 1400 })).toMatchObject({ x: 1920 + 1120 });
  });

  it('is a static page without script', () => {
    const html = decodeURIComponent(indicatorHtml('listening', 'en', 'Control+Alt+Space').replace(/^data:text\/html;charset=utf-8,/, ''));
    expect(html).toContain('JARVIS is listening');
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes the shortcut text', () => {
    const html = decodeURIComponent(indicatorHtml('listening', 'de', '<img src=x>'));
    expect(html).not.toContain('<img');
    expect(html).toContain('hört zu');
  });
});
