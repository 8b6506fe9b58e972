import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { selfSignedCert, type SelfSignedCert } from '../testing/self-signed-cert';
import { eventually } from '../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// A stand-in UniFi console's Protect event subscription, written from the UniFi Protect API
// documentation the console publishes (integration v1): a WebSocket at
// /proxy/protect/integration/v1/subscribe/events, authenticated with X-API-KEY, sending
// {type: "add"|"update", item: {id, modelKey: "event", type, start, end, device, smartDetectTypes}}.

const KEY = 'protect-events-key-5e2f9c';
const NOW = Date.parse('2026-12-01T15:00:00Z');

interface Console {
  readonly url: string;
  readonly upgrades: string[];
  send(message: unknown): void;
  close(): Promise<void>;
}

async function startConsole(cert: SelfSignedCert): Promise<Console> {
  const server: Server = createServer({ key: cert.key, cert: cert.cert });
  const wss = new WebSocketServer({ noServer: true });
  const upgrades: string[] = [];
  const clients = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    upgrades.push(req.url ?? '');
    if (req.url !== '/proxy/protect/integration/v1/subscribe/events' || req.headers['x-api-key'] !== KEY) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const lifetime = setTimeout(() => server.close(), 300_000);
  lifetime.unref();
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upgrades,
    send: (message) => clients.forEach((c) => c.send(JSON.stringify(message))),
    close: () =>
      new Promise<void>((r) => {
        clearTimeout(lifetime);
        for (const c of clients) c.terminate();
        wss.close();
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

describe('UniFi Protect motion and smart detections, followed by the master', () => {
  let cert: SelfSignedCert;
  let console_: Console;
  let tm: TestMaster;

  beforeAll(async () => {
    cert = selfSignedCert();
    console_ = await startConsole(cert);
    tm = await startTestMaster(
      { UNIFI_URL: console_.url, UNIFI_API_KEY: KEY, UNIFI_CERT_FINGERPRINT: cert.fingerprint },
      { clock: () => new Date(NOW) },
    );
    await eventually(
      async () => (await tm.request('/api/health')).json.components['home.protect']?.state === 'ok',
      15_000,
      'the subscription',
    );
  });
  afterAll(async () => {
    await tm?.close();
    await console_?.close();
  });

  it('keeps the detections of the last hours and answers them as a read tool and a route', async () => {
    console_.send({
      type: 'add',
      item: {
        id: 'e1',
        modelKey: 'event',
        type: 'smartDetectZone',
        start: NOW - 30 * 60_000,
        device: 'cam1',
        smartDetectTypes: ['person'],
      },
    });
    console_.send({ type: 'add', item: { id: 'e2', modelKey: 'event', type: 'motion', start: NOW - 5 * 3600_000, device: 'cam2' } });
    console_.send({
      type: 'update',
      item: {
        id: 'e1',
        modelKey: 'event',
        type: 'smartDetectZone',
        start: NOW - 30 * 60_000,
        end: NOW - 29 * 60_000,
        device: 'cam1',
        smartDetectTypes: ['person'],
      },
    });
    console_.send({ type: 'add', item: { id: 'x', modelKey: 'camera', type: 'motion' } });
    console_.send('not json');
    const call = () => tm.request('/api/tools/home_camera_events', { json: { arguments: { hours: 3 } } });
    await eventually(async () => (await call()).json.data?.events.length === 1, 10_000, 'the detection');
    const res = await call();
    expect(res.json).toMatchObject({ success: true, mutated: false, message: '1 Ereignis(se) in den letzten 3 Stunden: cam1: Person.' });
    expect(res.json.data.events).toEqual([
      {
        id: 'e1',
        kind: 'smartDetectZone',
        camera_id: 'cam1',
        start: '2026-12-01T14:30:00.000Z',
        end: '2026-12-01T14:31:00.000Z',
        smart_types: ['person'],
      },
    ]);
    expect(tm.master.platform.registry.riskOf('home_camera_events')).toMatchObject({ risk: 'read', decision: 'allow' });
    const route = await tm.request('/api/home/protect/events?hours=6');
    expect(route.json).toMatchObject({ state: 'ready', live: true });
    expect(route.json.events.map((e: { id: string }) => e.id)).toEqual(['e1', 'e2']);
    expect((await tm.request('/api/home/protect/events?hours=99')).status).toBe(400);
    expect(console_.upgrades).toEqual(['/proxy/protect/integration/v1/subscribe/events']);
  });

  it('a console whose certificate changed gets no subscription request', async () => {
    const other = await startConsole(cert);
    const m = await startTestMaster({ UNIFI_URL: other.url, UNIFI_API_KEY: KEY, UNIFI_CERT_FINGERPRINT: 'ab'.repeat(32) });
    try {
      await eventually(
        async () => (await m.request('/api/health')).json.components['home.protect']?.state === 'degraded',
        10_000,
        'status',
      );
      expect(other.upgrades).toEqual([]);
      expect((await m.request('/api/home/protect/events')).json).toMatchObject({ state: 'ready', live: false, events: [] });
    } finally {
      await m.close();
      await other.close();
    }
  });

  it('without UNIFI settings in JARVIS there is no tool and the route says what is missing', async () => {
    const m = await startTestMaster();
    try {
      expect((await m.request('/api/home/protect/events')).json).toMatchObject({ state: 'not_configured', code: 'NOT_CONFIGURED' });
      expect(m.master.platform.registry.get('home_camera_events')).toBeUndefined();
    } finally {
      await m.close();
    }
  });
});
