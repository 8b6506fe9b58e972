import { describe, expect, it, vi } from 'vitest';
import { IPC_REQUEST_CHANNELS, IPC_REQUEST_SCHEMAS } from '../../src-shared';
import { isValidSchema } from '../platform/validation';
import { IpcRefusal, IpcRouter, type IpcSender } from './ipc-router';

const ORIGIN = 'http://127.0.0.1:43123';
const page: IpcSender = { url: `${ORIGIN}/calendar`, isMainFrame: true, fromMainWindow: true };

function router() {
  const r = new IpcRouter(ORIGIN);
  const status = vi.fn();
  r.handle('ptt:status', status);
  r.handle('app:info', () => ({
    version: '1',
    platform: 'linux',
    pushToTalkShortcut: 'Control+Alt+Space',
    pushToTalkRegistered: true,
    dataDir: '/d',
    logsDir: '/l',
  }));
  return { r, status };
}

describe('IPC router', () => {
  it('runs the handler for the app page with a valid payload', async () => {
    const { r, status } = router();
    expect(await r.dispatch(page, 'ptt:status', { phase: 'listening' })).toEqual({ ok: true, data: null });
    expect(status).toHaveBeenCalledWith({ phase: 'listening' });
    expect(await r.dispatch(page, 'app:info', null)).toMatchObject({ ok: true, data: { version: '1' } });
  });

  it.each([
    ['a sub frame', { ...page, isMainFrame: false }],
    ['another origin', { ...page, url: 'https://evil.example/' }],
    ['another port on loopback', { ...page, url: 'http://127.0.0.1:43124/' }],
    ['a file page', { ...page, url: 'file:///tmp/x.html' }],
    ['a frame without URL', { ...page, url: '' }],
    ['another window', { ...page, fromMainWindow: false }],
    ['an unknown sender', undefined],
  ])('refuses %s before any handler runs', async (_name, sender) => {
    const { r, status } = router();
    const result = await r.dispatch(sender, 'ptt:status', { phase: 'listening' });
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(status).not.toHaveBeenCalled();
  });

  it.each([
    ['an unknown phase', { phase: 'recording' }],
    ['an extra property', { phase: 'idle', extra: 1 }],
    ['a missing property', {}],
    ['a wrong type (no coercion)', { phase: 'idle', message: 42 }],
    ['no object at all', 'idle'],
  ])('refuses %s with the path and never calls the handler', async (_name, payload) => {
    const { r, status } = router();
    const result = await r.dispatch(page, 'ptt:status', payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(status).not.toHaveBeenCalled();
  });

  it('refuses unknown channels and channels without a handler', async () => {
    const { r } = router();
    expect(await r.dispatch(page, 'fs:read', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(await r.dispatch(page, 'app:relaunch', null)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
  });

  it('passes a deliberate refusal on and hides unexpected errors', async () => {
    const onError = vi.fn();
    const r = new IpcRouter(ORIGIN, onError);
    r.handle('app:open-external', () => {
      throw new IpcRefusal('INVALID_SETTING', 'only web links', '/url');
    });
    r.handle('app:relaunch', () => {
      throw new Error('/home/user/secret path');
    });
    expect(await r.dispatch(page, 'app:open-external', { url: 'file:///x' })).toEqual({
      ok: false,
      error: { code: 'INVALID_SETTING', message: 'only web links', path: '/url' },
    });
    const failed = await r.dispatch(page, 'app:relaunch', null);
    expect(failed).toEqual({ ok: false, error: { code: 'FAILED', message: 'app:relaunch failed' } });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('refuses a second handler for one channel', () => {
    const { r } = router();
    expect(() => r.handle('ptt:status', () => null)).toThrow(/already/);
  });

  it('has a valid schema for every channel', () => {
    for (const channel of IPC_REQUEST_CHANNELS) expect(isValidSchema(IPC_REQUEST_SCHEMAS[channel]), channel).toMatchObject({ ok: true });
  });
});
