import { describe, expect, it } from 'vitest';
import {
  decideWindowOpen,
  DESKTOP_CSP,
  getMainWindowOptions,
  isNavigationAllowed,
  isPermissionCheckAllowed,
  isPermissionGranted,
  restoreBounds,
  secureWebPreferences,
  withSecurityHeaders,
} from './window-options';

const ORIGIN = 'http://127.0.0.1:43123';

describe('main window options', () => {
  it('follow the Electron security checklist', () => {
    const options = getMainWindowOptions('/app/preload.cjs');
    expect(options.webPreferences).toEqual({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      backgroundThrottling: false,
    });
    expect(options.show).toBe(false);
  });

  it('switch the spellchecker off, so no dictionary is ever downloaded', () => {
    expect(getMainWindowOptions('/p').webPreferences.spellcheck).toBe(false);
    expect(secureWebPreferences().spellcheck).toBe(false);
  });

  it('use remembered bounds but never below the minimum size', () => {
    const options = getMainWindowOptions('/p', { x: 10, y: 20, width: 100, height: 2000 });
    expect(options).toMatchObject({ x: 10, y: 20, width: 420, height: 2000 });
    expect(getMainWindowOptions('/p')).toMatchObject({ width: 1280, height: 820 });
    expect(getMainWindowOptions('/p')).not.toHaveProperty('x');
  });
});

describe('content security policy', () => {
  const directives = new Map(
    DESKTOP_CSP.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

  it('allows no inline or eval script, no plugins, no framing and no foreign connections', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(DESKTOP_CSP).not.toContain('unsafe-eval');
    expect(DESKTOP_CSP).not.toContain('unsafe-inline');
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it('is put on every response from the app origin, replacing a weaker one', () => {
    const out = withSecurityHeaders(`${ORIGIN}/api/state`, ORIGIN, {
      'content-security-policy': ['default-src *'],
      'Content-Type': ['application/json'],
    });
    expect(out['Content-Security-Policy']).toEqual([DESKTOP_CSP]);
    expect(out['content-security-policy']).toBeUndefined();
    expect(out['Content-Type']).toEqual(['application/json']);
    expect(out['X-Content-Type-Options']).toEqual(['nosniff']);
  });

  it('leaves responses of other origins alone', () => {
    expect(withSecurityHeaders('https://example.org/', ORIGIN, { a: ['b'] })).toEqual({ a: ['b'] });
  });
});

describe('navigation and new windows', () => {
  it('stay on the app origin', () => {
    expect(isNavigationAllowed(`${ORIGIN}/calendar`, ORIGIN)).toBe(true);
    expect(isNavigationAllowed('http://127.0.0.1:43124/', ORIGIN)).toBe(false);
    expect(isNavigationAllowed('https://evil.example/', ORIGIN)).toBe(false);
    expect(isNavigationAllowed('file:///etc/passwd', ORIGIN)).toBe(false);
    expect(isNavigationAllowed('not a url', ORIGIN)).toBe(false);
  });

  it('never open a window; web links go to the OS browser, nothing else does', () => {
    expect(decideWindowOpen('https://ollama.com/library', ORIGIN)).toEqual({ action: 'deny', openExternal: 'https://ollama.com/library' });
    expect(decideWindowOpen('http://example.org', ORIGIN)).toEqual({ action: 'deny', openExternal: 'http://example.org' });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://nas/share', `${ORIGIN}/x`, 'mailto:a@b.c', '']) {
      expect(decideWindowOpen(url, ORIGIN), url).toEqual({ action: 'deny' });
    }
  });
});

describe('permissions', () => {
  const mic = { permission: 'media', requestingUrl: `${ORIGIN}/voice`, isMainFrame: true, mediaTypes: ['audio'] };

  it('grant the microphone to the app page', () => {
    expect(isPermissionGranted(mic, ORIGIN)).toBe(true);
  });

  it('deny the camera, other origins, sub frames and every other permission', () => {
    expect(isPermissionGranted({ ...mic, mediaTypes: ['audio', 'video'] }, ORIGIN)).toBe(false);
    expect(isPermissionGranted({ ...mic, mediaTypes: [] }, ORIGIN)).toBe(false);
    expect(isPermissionGranted({ ...mic, requestingUrl: 'https://evil.example/' }, ORIGIN)).toBe(false);
    expect(isPermissionGranted({ ...mic, isMainFrame: false }, ORIGIN)).toBe(false);
    for (const permission of ['geolocation', 'notifications', 'clipboard-read', 'openExternal', 'display-capture', 'midi']) {
      expect(isPermissionGranted({ ...mic, permission }, ORIGIN), permission).toBe(false);
    }
  });

  it('answer permission checks the same way', () => {
    expect(isPermissionCheckAllowed('media', `${ORIGIN}/`, 'audio', ORIGIN)).toBe(true);
    expect(isPermissionCheckAllowed('media', `${ORIGIN}/`, 'video', ORIGIN)).toBe(false);
    expect(isPermissionCheckAllowed('media', 'https://evil.example', 'audio', ORIGIN)).toBe(false);
    expect(isPermissionCheckAllowed('geolocation', ORIGIN, undefined, ORIGIN)).toBe(false);
  });
});

describe('remembered window bounds', () => {
  const display = { x: 0, y: 0, width: 1920, height: 1080 };

  it('are restored while the window is on a display', () => {
    expect(restoreBounds({ x: 100, y: 50, width: 1000, height: 700 }, [display])).toEqual({ x: 100, y: 50, width: 1000, height: 700 });
  });

  it('keep the size but not the position when that monitor is gone', () => {
    expect(restoreBounds({ x: 2500, y: 50, width: 1000, height: 700 }, [display])).toEqual({ width: 1000, height: 700 });
    expect(restoreBounds({ x: 100, y: -300, width: 1000, height: 700 }, [display])).toEqual({ width: 1000, height: 700 });
  });

  it('fall back to the default size for nothing saved or garbage', () => {
    expect(restoreBounds(undefined, [display])).toEqual({ width: 1280, height: 820 });
    expect(restoreBounds({ width: Number.NaN, height: 3 }, [display])).toEqual({ width: 1280, height: 820 });
  });
});
