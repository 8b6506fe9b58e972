import { request as httpsRequest } from 'node:https';
import { connect as netConnect } from 'node:net';
import { checkServerIdentity, connect as tlsConnect, type PeerCertificate } from 'node:tls';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src-shared';
import { HOST_IDS } from '../protocol';
import { startTestMaster, type TestMaster } from '../testing/test-master';

/** The household's members, made over the loopback API at each start: Anna manages the household, Paul does not. */
const ANNA = { id: '', name: 'Anna' };
const PAUL = { id: '', name: 'Paul' };
const LOCAL_NAME = `${hostname().split('.')[0]!.toLowerCase()}.local`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

let t: TestMaster | undefined;
let logLines: string[] = [];
let offsetMs = 0;
afterEach(async () => {
  await t?.close();
  t = undefined;
  offsetMs = 0;
});

async function start(env: Record<string, string> = {}): Promise<{ tm: TestMaster; lan: URL; ca: string }> {
  logLines = [];
  const line = (m: string) => logLines.push(m);
  t = await startTestMaster(
    { JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_DEBUG_TRACE: 'true', ...env },
    {
      clock: () => new Date(Date.now() + offsetMs),
      logger: { info: line, warn: line, error: (m, e) => line(`${m} ${String(e)}`) },
    },
  );
  ANNA.id = (await t.request('/api/members', { json: { name: 'Anna', is_admin: true } })).json.id;
  PAUL.id = (await t.request('/api/members', { json: { name: 'Paul' } })).json.id;
  const devices = (await t.request('/api/devices')).json;
  const lan = new URL(devices.lan.url);
  const ca = (await lanRequest(lan, '', 'GET', '/pair/ca.crt')).text;
  return { tm: t, lan, ca };
}

/** One request to the LAN listener over HTTPS, verified against JARVIS's CA (once fetched: the first call downloads it). */
function lanRequest(
  lan: URL,
  ca: string,
  method: string,
  path: string,
  options: { cookie?: string; json?: unknown; headers?: Record<string, string>; host?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const req = httpsRequest(
      {
        host: lan.hostname,
        port: lan.port,
        ...(options.from ? { localAddress: options.from } : {}),
        method,
        path,
        ...(ca ? { ca } : { rejectUnauthorized: false }),
        // A forged Host header (as DNS rebinding sends) must not change which name the certificate is checked for.
        checkServerIdentity: (_name: string, cert: PeerCertificate) => checkServerIdentity(lan.hostname, cert),
        headers: {
          host: options.host ?? lan.host,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(options.headers ?? {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function pairingCode(tm: TestMaster): Promise<{ code: string; url: string }> {
  const res = await tm.request('/api/pairing', { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json;
}

async function pair(
  lan: URL,
  ca: string,
  code: string,
  member = ANNA.id,
): Promise<{ cookie: string; deviceId: string; setCookie: string }> {
  const res = await lanRequest(lan, ca, 'POST', '/api/pairing/confirm', {
    json: { code, member, device_name: 'Annas Handy' },
    headers: { origin: lan.origin },
  });
  expect(res.status, res.text).toBe(201);
  const setCookie = String(res.headers['set-cookie']);
  return { cookie: setCookie.split(';')[0]!, deviceId: res.json.device.id, setCookie };
}

describe('LAN listener', () => {
  it('stays off without JARVIS_LAN_ADDR: no listener, no pairing code', async () => {
    t = await startTestMaster();
    expect((await t.request('/api/devices')).json.lan).toEqual({ enabled: false });
    const res = await t.request('/api/pairing', { method: 'POST' });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('LAN_OFF');
  });

  it('refuses an unpaired device everything but the pairing page, and sends its browser there', async () => {
    const { lan, ca } = await start();
    for (const path of ['/api/state', '/api/health', '/api/devices', '/api/events', '/assets/index.js']) {
      const res = await lanRequest(lan, ca, 'GET', path);
      expect(res.status, path).toBe(401);
      expect(res.json.error.code).toBe('DEVICE_NOT_PAIRED');
    }
    const task = await lanRequest(lan, ca, 'POST', '/api/tools/tasks_create', { json: { arguments: { title: 'x' } } });
    expect(task.status).toBe(401);
    const forged = await lanRequest(lan, ca, 'GET', '/api/state', { cookie: `jarvis_device=${'A'.repeat(43)}` });
    expect(forged.status).toBe(401);
    const home = await lanRequest(lan, ca, 'GET', '/', { headers: { accept: 'text/html' } });
    expect(home.status).toBe(303);
    expect(home.headers.location).toBe('/pair');
    const page = await lanRequest(lan, ca, 'GET', '/pair');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/pair/ca.crt');
    expect((await lanRequest(lan, ca, 'GET', '/pair/pair.js')).status).toBe(200);
    expect(ca).toContain('BEGIN CERTIFICATE');
  });

  it('answers only its LAN names, <hostname>.local among them', async () => {
    const { lan, ca } = await start();
    const foreign = await lanRequest(lan, ca, 'GET', '/pair', { host: `evil.example:${lan.port}` });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe('HOST_NOT_ALLOWED');
    expect((await lanRequest(lan, ca, 'GET', '/pair', { host: `${LOCAL_NAME}:${lan.port}` })).status).toBe(200);
  });

  it('pairs a device with the code from the desktop; the device then acts for its member; the code works once', async () => {
    const { tm, lan, ca } = await start();
    const { code, url } = await pairingCode(tm);
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect(url).toBe(`${lan.origin}/pair#code=${code}`);

    const checked = await lanRequest(lan, ca, 'POST', '/api/pairing/check', { json: { code: code.toLowerCase() } });
    expect(checked.status).toBe(200);
    expect(checked.json.members).toEqual(
      expect.arrayContaining([
        { id: ANNA.id, name: 'Anna' },
        { id: PAUL.id, name: 'Paul' },
      ]),
    );

    const { cookie, setCookie } = await pair(lan, ca, code);
    for (const attr of ['HttpOnly', 'Secure', 'SameSite=Strict']) expect(setCookie).toContain(attr);

    const state = await lanRequest(lan, ca, 'GET', '/api/state', { cookie });
    expect(state.status).toBe(200);
    const created = await lanRequest(lan, ca, 'POST', '/api/tools/tasks_create', {
      cookie,
      json: { arguments: { title: 'vom Handy' } },
      headers: { origin: lan.origin, 'sec-fetch-site': 'same-origin' },
    });
    expect(created.status, created.text).toBe(200);
    const home = await lanRequest(lan, ca, 'GET', '/', { cookie, headers: { accept: 'text/html' } });
    expect(home.status).not.toBe(401);
    expect(home.status).not.toBe(303);

    const reused = await lanRequest(lan, ca, 'POST', '/api/pairing/confirm', {
      json: { code, member: ANNA.id, device_name: 'noch eins' },
    });
    expect(reused.status).toBe(401);
    expect(reused.json.error.code).toBe('PAIRING_CODE_NONE');

    // A code is made on the desktop only, not by a paired device.
    const fromPhone = await lanRequest(lan, ca, 'POST', '/api/pairing', { cookie, headers: { origin: lan.origin } });
    expect(fromPhone.status).toBe(403);

    const devices = (await tm.request('/api/devices')).json.devices;
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ name: 'Annas Handy', member_id: ANNA.id, member_name: 'Anna' });
  });

  it('refuses a cross-origin write from a paired device', async () => {
    const { tm, lan, ca } = await start();
    const { cookie } = await pair(lan, ca, (await pairingCode(tm)).code);
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: `http://${lan.host}` },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await lanRequest(lan, ca, 'POST', '/api/tools/tasks_create', {
        cookie,
        json: { arguments: { title: 'planted' } },
        headers,
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json.error.code).toBe('CROSS_SITE_REQUEST');
    }
    const tasks = (await lanRequest(lan, ca, 'GET', '/api/state', { cookie })).text;
    expect(tasks).not.toContain('planted');
  });

  it('refuses an expired code', async () => {
    const { tm, lan, ca } = await start();
    const { code } = await pairingCode(tm);
    offsetMs = 5 * 60_000 + 1000;
    const res = await lanRequest(lan, ca, 'POST', '/api/pairing/confirm', { json: { code, member: ANNA.id, device_name: 'zu spät' } });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('PAIRING_CODE_EXPIRED');
  });

  it('counts wrong codes per address: after five the guesser is out, the family’s phone still pairs with the code', async () => {
    const { tm, lan, ca } = await start();
    const { code } = await pairingCode(tm);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await lanRequest(lan, ca, 'POST', '/api/pairing/check', { json: { code: wrong }, from: '127.0.0.66' });
      expect(res.status).toBe(401);
      answers.push(res.json.error.code);
    }
    expect(answers).toEqual([
      'PAIRING_CODE_WRONG',
      'PAIRING_CODE_WRONG',
      'PAIRING_CODE_WRONG',
      'PAIRING_CODE_WRONG',
      'PAIRING_CODE_USED_UP',
    ]);
    const late = await lanRequest(lan, ca, 'POST', '/api/pairing/confirm', {
      json: { code, member: ANNA.id, device_name: 'x' },
      from: '127.0.0.66',
    });
    expect(late.status).toBe(401);
    expect(late.json.error.code).toBe('PAIRING_CODE_USED_UP');
    const phone = await lanRequest(lan, ca, 'POST', '/api/pairing/confirm', {
      json: { code, member: ANNA.id, device_name: 'Annas Handy' },
      from: '127.0.0.23',
    });
    expect(phone.status).toBe(201);
  });

  it('limits pairing attempts from one address', async () => {
    const { tm, lan, ca } = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      await pairingCode(tm); // a fresh code each time, so only the rate limit refuses
      statuses.push((await lanRequest(lan, ca, 'POST', '/api/pairing/check', { json: { code: 'WRONG2' } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const { code } = await pairingCode(tm);
    const right = await lanRequest(lan, ca, 'POST', '/api/pairing/check', { json: { code } });
    expect(right.status).toBe(429);
    expect(right.json.error.code).toBe('PAIRING_RATE_LIMITED');
  });

  it('revoking a device ends its access and its open event stream at once; only admins manage devices', async () => {
    const { tm, lan, ca } = await start();
    const anna = await pair(lan, ca, (await pairingCode(tm)).code, ANNA.id);
    const paul = await pair(lan, ca, (await pairingCode(tm)).code, PAUL.id);

    expect((await lanRequest(lan, ca, 'GET', '/api/devices', { cookie: paul.cookie })).status).toBe(403);
    const denied = await lanRequest(lan, ca, 'DELETE', `/api/devices/${anna.deviceId}`, {
      cookie: paul.cookie,
      headers: { origin: lan.origin },
    });
    expect(denied.status).toBe(403);
    expect((await lanRequest(lan, ca, 'GET', '/api/devices', { cookie: anna.cookie })).json.devices).toHaveLength(2);
    // Each phone acts for its own member: only the admin's may add a member.
    const asPaul = await lanRequest(lan, ca, 'POST', '/api/members', {
      cookie: paul.cookie,
      json: { name: 'Oma' },
      headers: { origin: lan.origin },
    });
    expect(asPaul.status).toBe(403);
    const asAnna = await lanRequest(lan, ca, 'POST', '/api/members', {
      cookie: anna.cookie,
      json: { name: 'Oma' },
      headers: { origin: lan.origin },
    });
    expect(asAnna.status).toBe(201);

    // Paul's phone holds the live event stream open.
    const stream = await new Promise<{ closed: Promise<void> }>((resolve, reject) => {
      const req = httpsRequest(
        { host: lan.hostname, port: lan.port, path: '/api/events', ca, headers: { host: lan.host, cookie: paul.cookie } },
        (res) => {
          expect(res.statusCode).toBe(200);
          const closed = new Promise<void>((done) => {
            res.on('close', () => done());
            res.on('error', () => done());
          });
          res.once('data', () => resolve({ closed }));
        },
      );
      req.on('error', () => undefined);
      req.on('timeout', () => reject(new Error('no stream')));
      req.end();
    });

    const revoked = await lanRequest(lan, ca, 'DELETE', `/api/devices/${paul.deviceId}`, {
      cookie: anna.cookie,
      headers: { origin: lan.origin },
    });
    expect(revoked.status).toBe(204);
    await stream.closed;
    const after = await lanRequest(lan, ca, 'GET', '/api/state', { cookie: paul.cookie });
    expect(after.status).toBe(401);
    expect((await lanRequest(lan, ca, 'GET', '/api/state', { cookie: anna.cookie })).status).toBe(200);
    expect((await tm.request(`/api/devices/${paul.deviceId}`, { method: 'DELETE' })).status).toBe(404);
    // A device whose member left the household acts for nobody.
    const oma = await pair(lan, ca, (await pairingCode(tm)).code, asAnna.json.id);
    expect((await lanRequest(lan, ca, 'GET', '/api/state', { cookie: oma.cookie })).status).toBe(200);
    expect((await tm.request(`/api/members/${asAnna.json.id}?assigned=unassign`, { method: 'DELETE' })).status).toBe(200);
    expect((await lanRequest(lan, ca, 'GET', '/api/state', { cookie: oma.cookie })).status).toBe(401);
    expect((await tm.request(`/api/devices/${anna.deviceId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await lanRequest(lan, ca, 'GET', '/api/state', { cookie: anna.cookie })).status).toBe(401);
  });

  it("speaks TLS with a certificate that node's client accepts for the configured names against JARVIS's CA", async () => {
    const { lan, ca } = await start({ JARVIS_LAN_NAMES: 'jarvis.home' });
    const peer = (servername?: string) =>
      new Promise<{ authorized: boolean; cert: PeerCertificate }>((resolve, reject) => {
        const socket = tlsConnect({ host: lan.hostname, port: Number(lan.port), ca, ...(servername ? { servername } : {}) }, () => {
          resolve({ authorized: socket.authorized, cert: socket.getPeerCertificate() });
          socket.end();
        });
        socket.on('error', reject);
      });
    for (const name of ['127.0.0.2', 'jarvis.home', LOCAL_NAME]) {
      const { authorized, cert } = await peer(name === '127.0.0.2' ? undefined : name);
      expect(authorized, name).toBe(true);
      expect(checkServerIdentity(name, cert), name).toBeUndefined();
    }
    const { cert } = await peer();
    expect(checkServerIdentity('evil.example', cert)).toBeInstanceOf(Error);
    // Without JARVIS's CA the certificate is not trusted.
    await expect(
      new Promise((resolve, reject) => {
        const s = tlsConnect({ host: lan.hostname, port: Number(lan.port) }, () => resolve(s.authorized));
        s.on('error', reject);
      }),
    ).rejects.toThrow();
  });

  it('answers plain HTTP on the LAN port with a redirect to HTTPS', async () => {
    const { lan } = await start();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = netConnect(Number(lan.port), lan.hostname, () =>
        socket.write(`GET /kalender?x=1 HTTP/1.1\r\nHost: ${lan.host}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 308/);
    expect(answer).toContain(`Location: https://${lan.host}/kalender?x=1`);
  });

  it('survives hostile bytes on the LAN port: garbage, an endless request head, a broken handshake', async () => {
    const { lan, ca } = await start();
    const exchange = (bytes: Buffer | string) =>
      new Promise<string>((resolve) => {
        const socket = netConnect(Number(lan.port), lan.hostname, () => socket.write(bytes));
        let text = '';
        socket.on('data', (c) => (text += c));
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
      });
    expect(await exchange('GARBAGE\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect(await exchange(`GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400/);
    expect(await exchange(`GET / HTTP/1.1\r\nX: ${'a'.repeat(10_000)}`)).toBe('');
    expect(await exchange(Buffer.from([0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5]))).not.toMatch(/^HTTP/);
    expect((await lanRequest(lan, ca, 'GET', '/pair')).status).toBe(200);
  });

  it('keeps codes and credentials out of logs, the trace, the debug export and the protocol export', async () => {
    const { tm, lan, ca } = await start();
    const first = await pairingCode(tm);
    await lanRequest(lan, ca, 'POST', '/api/pairing/check', { json: { code: 'WRONG3' } });
    const { cookie } = await pair(lan, ca, first.code);
    const credential = cookie.split('=')[1]!;
    const second = await pairingCode(tm);
    // Requests that carry the secrets where a careless log would pick them up.
    await lanRequest(lan, ca, 'GET', `/api/nope?code=${second.code}`, { cookie });
    await lanRequest(lan, ca, 'POST', '/api/tools/tasks_create', {
      cookie,
      json: { arguments: { title: `Code ${second.code}` } },
      headers: { origin: lan.origin },
    });
    const debug = (await tm.request('/api/debug/export')).text;
    const protocol = (
      await tm.request('/api/protocol/export', {
        headers: { 'jarvis-protocol-version': PROTOCOL_VERSION, 'jarvis-actor-id': HOST_IDS.household },
      })
    ).text;
    expect(protocol.length).toBeGreaterThan(10);
    const devices = (await tm.request('/api/devices')).text;
    for (const where of [debug, protocol, devices, logLines.join('\n')]) {
      expect(where).not.toContain(first.code);
      expect(where).not.toContain(second.code);
      expect(where).not.toContain(credential);
    }
  });
});
