import { afterEach, describe, expect, it } from 'vitest';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { hasLaunchSecret, LAUNCH_SECRET_HEADER, launchSecretGuard, newLaunchSecret, withLaunchSecret } from './launch-secret';

describe('launch secret', () => {
  let tm: TestMaster | undefined;
  afterEach(async () => {
    await tm?.close();
    tm = undefined;
  });

  it('is fresh at each launch and long enough not to be guessed', () => {
    const a = newLaunchSecret();
    expect(a.length).toBeGreaterThanOrEqual(40);
    expect(newLaunchSecret()).not.toBe(a);
  });

  it('accepts only the exact value', () => {
    expect(hasLaunchSecret('abc', 'abc')).toBe(true);
    expect(hasLaunchSecret('abd', 'abc')).toBe(false);
    expect(hasLaunchSecret('ab', 'abc')).toBe(false);
    expect(hasLaunchSecret(undefined, 'abc')).toBe(false);
    expect(hasLaunchSecret(['abc'], 'abc')).toBe(false);
  });

  it('replaces a header of the same name that the page set itself', () => {
    const out = withLaunchSecret({ Accept: 'x', 'X-Jarvis-Launch-Secret': 'forged' }, 's3cret');
    expect(out).toEqual({ Accept: 'x', [LAUNCH_SECRET_HEADER]: 's3cret' });
  });

  it('the master refuses API and UI requests without the secret and answers the window', async () => {
    const secret = newLaunchSecret();
    tm = await startTestMaster({}, { extra: [launchSecretGuard(secret)] });
    const without = await tm.request('/api/health');
    expect(without.status).toBe(403);
    expect(without.json.error.code).toBe('DESKTOP_SESSION_REQUIRED');
    expect(without.text).not.toContain(secret);
    expect((await tm.request('/', {})).status).toBe(403);
    expect((await tm.request('/api/health', { headers: { [LAUNCH_SECRET_HEADER]: 'wrong' } })).status).toBe(403);
    const withSecret = await tm.request('/api/health', { headers: { [LAUNCH_SECRET_HEADER]: secret } });
    expect(withSecret.status).toBe(200);
    expect(withSecret.json.ok).toBe(true);
  });
});
