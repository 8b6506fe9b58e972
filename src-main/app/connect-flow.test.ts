import { describe, expect, it } from 'vitest';
import { CONNECT_SUBMIT, ConnectFlow, connectPageUrl, parseConnectSubmission, type ConnectDeps } from './connect-flow';

const CA = { origin: 'https://192.168.1.20:8443', caPem: 'PEM', fingerprint: 'AB:CD' };

function deps(overrides: Partial<ConnectDeps> = {}) {
  const calls: string[] = [];
  const d: ConnectDeps = {
    deviceName: 'Desktop',
    probe: async (url) => {
      if (!url.startsWith('https://')) throw new Error('must start with https://');
      return CA;
    },
    remoteFor: () => ({
      trust: (ca, fp) => calls.push(`trust ${ca.origin} ${fp}`),
      checkCode: async (code) => {
        if (code !== 'K7P2QX') throw new Error('That code is not right.');
        return { members: [{ id: 'm1', name: 'Anna <3' }], expires_at: '' };
      },
      pair: async (code, member, name) => {
        calls.push(`pair ${code} ${member} ${name}`);
        if (member === 'gone') throw new Error('There is no household member with that id.');
      },
    }),
    connected: (origin) => calls.push(`connected ${origin}`),
    cancelled: () => calls.push('cancelled'),
    ...overrides,
  };
  return { d, calls };
}

function page(url: string): string {
  return decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length));
}

describe('connecting the desktop app to the home server', () => {
  it('goes address → fingerprint → code → member, and is connected only after pairing', async () => {
    const { d, calls } = deps();
    const flow = new ConnectFlow(d);
    expect((await flow.submit({ kind: 'address', url: 'http://x' })).kind).toBe('address');
    expect(flow.step).toMatchObject({ error: 'must start with https://', value: 'http://x' });
    expect(await flow.submit({ kind: 'address', url: CA.origin })).toEqual({ kind: 'fingerprint', ca: CA });
    expect(page(connectPageUrl(flow.step, 'de'))).toContain('AB:CD');
    expect((await flow.submit({ kind: 'trust' })).kind).toBe('code');
    expect(await flow.submit({ kind: 'code', code: 'WRONG1' })).toMatchObject({ kind: 'code', error: 'That code is not right.' });
    expect((await flow.submit({ kind: 'code', code: 'K7P2QX' })).kind).toBe('member');
    // Member names are shown as text, never as markup.
    expect(page(connectPageUrl(flow.step, 'en'))).toContain('Anna &lt;3');
    expect(calls).not.toContain(`connected ${CA.origin}`);
    expect(await flow.submit({ kind: 'member', member: 'm1', deviceName: ' ' })).toEqual({ kind: 'done', origin: CA.origin });
    expect(calls).toEqual([`trust ${CA.origin} AB:CD`, 'pair K7P2QX m1 Desktop', `connected ${CA.origin}`]);
  });

  it('asks for a new code when pairing fails, and cancels from any page', async () => {
    const { d, calls } = deps();
    const flow = new ConnectFlow(d, { kind: 'member', origin: CA.origin, code: 'K7P2QX', members: [] });
    expect(await flow.submit({ kind: 'member', member: 'gone', deviceName: 'PC' })).toMatchObject({
      kind: 'code',
      error: expect.stringContaining('member'),
    });
    await flow.submit({ kind: 'cancel' });
    expect(calls).toContain('cancelled');
    expect(calls.some((c) => c.startsWith('connected'))).toBe(false);
  });

  it('reads only its own form submissions', () => {
    expect(parseConnectSubmission(`${CONNECT_SUBMIT}?step=address&url=https%3A%2F%2Fh%3A1`)).toEqual({
      kind: 'address',
      url: 'https://h:1',
    });
    expect(parseConnectSubmission(`${CONNECT_SUBMIT}?step=trust&answer=yes`)).toEqual({ kind: 'trust' });
    expect(parseConnectSubmission(`${CONNECT_SUBMIT}?step=trust`)).toEqual({ kind: 'cancel' });
    expect(parseConnectSubmission(`${CONNECT_SUBMIT}?step=member&member=m1&device_name=PC`)).toEqual({
      kind: 'member',
      member: 'm1',
      deviceName: 'PC',
    });
    expect(parseConnectSubmission('https://example.org/submit?step=trust&answer=yes')).toBeUndefined();
    expect(parseConnectSubmission(`${CONNECT_SUBMIT}?step=other`)).toBeUndefined();
    expect(parseConnectSubmission('not a url')).toBeUndefined();
  });

  it('pages carry no script and may send forms only to the intercepted address', () => {
    const html = page(connectPageUrl({ kind: 'address', value: '"><script>x</script>' }, 'de'));
    expect(html).not.toContain('<script>');
    expect(html).toContain(`default-src 'none'`);
    expect(html).toContain('form-action https://jarvis-connect.invalid');
  });
});
