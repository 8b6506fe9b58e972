import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDeviceStandIn, sendJson, type DeviceStandIn, type StandInRequest } from '../../../src-main/testing/device-stand-in';
import { selfSignedCert, type SelfSignedCert } from '../../../src-main/testing/self-signed-cert';
import { startTestMaster, type TestMaster } from '../../../src-main/testing/test-master';
import { deviceViewProblems, homeSkillsDir, withEnv } from '../home-skill-testing';

// A stand-in UniFi OS console. Sites, devices and clients follow the UniFi Network API
// documentation the console itself publishes (Network > Settings > Control Plane >
// Integrations, "UniFi Network API", integration v1; also developer.ui.com): base
// /proxy/network/integration/v1, the `X-API-KEY` header, paged lists {offset, limit, count,
// totalCount, data}, device details and statistics/latest, device actions as POST …/actions
// {"action": "RESTART"}, errors as {statusCode, statusName, message, timestamp, requestPath}.
// That API has no block action: its client actions ("Execute Client Action") are only
// AUTHORIZE_GUEST_ACCESS and UNAUTHORIZE_GUEST_ACCESS, and the stand-in refuses anything else.
// Block and unblock follow the Network application's own API on the same console (through
// /proxy/network, same key): POST /api/s/{site}/cmd/stamgr {"cmd": "block-sta"|"unblock-sta",
// "mac"} and GET /api/s/{site}/rest/user (the known clients with mac, name, hostname,
// blocked), {site} being the site's short name (the integration site's internalReference),
// answers {meta: {rc: "ok"}, data} or HTTP 400 {meta: {rc: "error", msg: "api.err.…"}}. A
// blocked client drops off the connected clients. The stand-in answers at most two items per
// page, so the skill has to follow the pages.

const KEY = 'unifi-key-9b1e7f0c2d4a';
const SITE = '88f7af54-98f8-306a-a1c7-c9349722b1f6';
const BASE = '/proxy/network/integration/v1';
const APP = '/proxy/network/api/s/default';

interface Device {
  id: string;
  name: string;
  model: string;
  state: string;
  features: string[];
  ip: string;
}

function error(res: ServerResponse, status: number, statusName: string, message: string, path: string) {
  sendJson(res, status, { statusCode: status, statusName, code: `api.${statusName.toLowerCase()}`, message, timestamp: '2026-12-01T15:00:00Z', requestPath: path });
}

function page<T>(url: URL, items: T[]) {
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), 2);
  const data = items.slice(offset, offset + limit);
  return { offset, limit, count: data.length, totalCount: items.length, data };
}

interface Client {
  id: string;
  name: string;
  type: string;
  ipAddress: string;
  macAddress: string;
}

interface KnownClient {
  _id: string;
  mac: string;
  name?: string;
  hostname: string;
  blocked: boolean;
}

function stationManager(res: ServerResponse, body: string, clients: Client[], known: KnownClient[]) {
  const { cmd, mac } = JSON.parse(body) as { cmd?: string; mac?: string };
  if (cmd !== 'block-sta' && cmd !== 'unblock-sta') return sendJson(res, 400, { meta: { rc: 'error', msg: 'api.err.InvalidCommand' }, data: [] });
  const station = known.find((k) => k.mac === mac);
  if (!station) return sendJson(res, 400, { meta: { rc: 'error', msg: 'api.err.UnknownStation' }, data: [] });
  station.blocked = cmd === 'block-sta';
  const connected = clients.findIndex((c) => c.macAddress === mac);
  if (station.blocked && connected >= 0) clients.splice(connected, 1);
  return sendJson(res, 200, { meta: { rc: 'ok' }, data: [station] });
}

function networkStandIn(devices: Device[], clients: Client[], known: KnownClient[]) {
  return (req: StandInRequest, res: ServerResponse) => {
    const url = new URL(req.path, 'http://x');
    const p = url.pathname;
    if (req.headers['x-api-key'] !== KEY) return error(res, 401, 'UNAUTHORIZED', 'Missing or invalid API key', p);
    if (req.method === 'GET' && p === `${APP}/rest/user`) return sendJson(res, 200, { meta: { rc: 'ok' }, data: known });
    if (req.method === 'POST' && p === `${APP}/cmd/stamgr`) return stationManager(res, req.body, clients, known);
    if (req.method === 'GET' && p === `${BASE}/sites`) return sendJson(res, 200, page(url, [{ id: SITE, internalReference: 'default', name: 'Default' }]));
    if (req.method === 'GET' && p === `${BASE}/sites/${SITE}/devices`) {
      return sendJson(res, 200, page(url, devices.map((d) => ({ id: d.id, name: d.name, model: d.model, macAddress: '', ipAddress: d.ip, state: d.state, features: d.features, interfaces: [] }))));
    }
    if (req.method === 'GET' && p === `${BASE}/sites/${SITE}/clients`) return sendJson(res, 200, page(url, clients.map((c) => ({ ...c, connectedAt: '2026-12-01T07:00:00Z' }))));
    const dev = /^\/proxy\/network\/integration\/v1\/sites\/[^/]+\/devices\/([^/]+)(\/statistics\/latest|\/actions)?$/.exec(p);
    const device = dev ? devices.find((d) => d.id === dev[1]) : undefined;
    if (dev && !device) return error(res, 404, 'NOT_FOUND', `Device ${dev[1]} not found`, p);
    if (dev && device && req.method === 'GET' && !dev[2]) {
      return sendJson(res, 200, { id: device.id, name: device.name, model: device.model, state: device.state, ipAddress: device.ip, firmwareVersion: '7.1.66', firmwareUpdatable: device.model === 'U6-Pro', features: device.features });
    }
    if (dev && device && req.method === 'GET' && dev[2] === '/statistics/latest') {
      return sendJson(res, 200, {
        uptimeSec: 172_800,
        lastHeartbeatAt: '2026-12-01T15:00:00Z',
        cpuUtilizationPct: 4.1,
        ...(device.features.includes('gateway') ? { uplink: { txRateBps: 1_200_000, rxRateBps: 48_000_000 } } : {}),
      });
    }
    if (dev && device && req.method === 'POST' && dev[2] === '/actions') {
      if (JSON.parse(req.body).action !== 'RESTART') return error(res, 400, 'BAD_REQUEST', 'Unsupported action', p);
      return sendJson(res, 200, {});
    }
    const cli = /^\/proxy\/network\/integration\/v1\/sites\/[^/]+\/clients\/([^/]+)\/actions$/.exec(p);
    if (cli && req.method === 'POST') {
      const action = JSON.parse(req.body).action;
      if (action !== 'AUTHORIZE_GUEST_ACCESS' && action !== 'UNAUTHORIZE_GUEST_ACCESS') return error(res, 400, 'BAD_REQUEST', 'Unsupported action', p);
      return sendJson(res, 200, { action, id: cli[1] });
    }
    return error(res, 404, 'NOT_FOUND', `No route for ${req.method} ${p}`, p);
  };
}

const tool = (tm: TestMaster, name: string, args: Record<string, unknown> = {}) =>
  tm.request(`/api/tools/skill_home_unifi_network_${name}`, { json: { arguments: args } });

describe('UniFi Network skill against a stand-in console', () => {
  let cert: SelfSignedCert;
  let unifi: DeviceStandIn;
  let tm: TestMaster;
  let restore: () => void;
  const devices: Device[] = [];
  const clients: Client[] = [];
  const known: KnownClient[] = [];

  beforeAll(async () => {
    cert = selfSignedCert();
    unifi = await startDeviceStandIn(networkStandIn(devices, clients, known), { tls: cert });
    restore = withEnv({ UNIFI_URL: unifi.url, UNIFI_API_KEY: KEY, UNIFI_CERT_FINGERPRINT: cert.fingerprint, UNIFI_TIMEOUT_MS: '1500' });
    tm = await startTestMaster({ JARVIS_SKILLS_DIR: homeSkillsDir });
  });
  afterAll(async () => {
    await tm?.close();
    restore?.();
    await unifi?.close();
  });
  beforeEach(() => {
    devices.splice(0, devices.length,
      { id: 'd-gw', name: 'Cloud Gateway', model: 'UCG-Ultra', state: 'ONLINE', features: ['switching', 'gateway'], ip: '192.168.1.1' },
      { id: 'd-ap', name: 'AP Wohnzimmer', model: 'U6-Pro', state: 'ONLINE', features: ['accessPoint'], ip: '192.168.1.2' },
      { id: 'd-sw', name: 'Switch Keller', model: 'USW-Lite-8-PoE', state: 'OFFLINE', features: ['switching'], ip: '192.168.1.3' },
    );
    clients.splice(0, clients.length,
      { id: 'c1', name: 'Annas iPhone', type: 'WIRELESS', ipAddress: '192.168.1.21', macAddress: 'aa:bb:cc:00:00:01' },
      { id: 'c2', name: 'NAS', type: 'WIRED', ipAddress: '192.168.1.5', macAddress: 'aa:bb:cc:00:00:02' },
      { id: 'c3', name: 'Pauls Laptop', type: 'WIRELESS', ipAddress: '192.168.1.22', macAddress: 'aa:bb:cc:00:00:03' },
      { id: 'c4', name: 'Fernseher', type: 'WIRED', ipAddress: '192.168.1.30', macAddress: 'aa:bb:cc:00:00:04' },
      { id: 'c5', name: 'Spielkonsole', type: 'WIRELESS', ipAddress: '192.168.1.31', macAddress: 'aa:bb:cc:00:00:05' },
    );
    known.splice(0, known.length,
      ...clients.map((c, i) => ({ _id: `u${i + 1}`, mac: c.macAddress, name: c.name, hostname: c.name.toLowerCase().replace(/ /g, '-'), blocked: false })),
      // Blocked a while ago, so not connected; known by its hostname only.
      { _id: 'u6', mac: 'aa:bb:cc:00:00:06', hostname: 'tablet-kinderzimmer', blocked: true },
    );
    unifi.requests.length = 0;
  });

  it('shows the internet, the devices with state, uptime and firmware, and every client across pages', async () => {
    const res = await tool(tm, 'overview');
    expect(res.json).toMatchObject({ success: true, data: { site: { id: SITE, name: 'Default' }, internet: { known: true, online: true, gateway: 'Cloud Gateway' } } });
    expect(deviceViewProblems('home.unifi.network', res.json.data)).toEqual([]);
    expect(res.json.data.devices).toEqual([
      expect.objectContaining({ name: 'Cloud Gateway', online: true, firmware: '7.1.66', uptime_s: 172_800, gateway: true }),
      expect.objectContaining({ name: 'AP Wohnzimmer', online: true, firmware_update: true }),
      expect.objectContaining({ name: 'Switch Keller', state: 'OFFLINE', online: false, uptime_s: 0 }),
    ]);
    expect(res.json.data.clients.map((c: { name: string }) => c.name)).toEqual(['Annas iPhone', 'NAS', 'Pauls Laptop', 'Fernseher', 'Spielkonsole']);
    const clientPages = unifi.requests.filter((r) => r.path.startsWith(`${BASE}/sites/${SITE}/clients?`)).map((r) => new URL(r.path, 'http://x').searchParams.get('offset'));
    expect(clientPages).toEqual(['0', '2', '4']);
    expect(unifi.requests.every((r) => r.headers['x-api-key'] === KEY)).toBe(true);
  });

  it('answers "Wer ist gerade im WLAN?" with the wireless clients only', async () => {
    const res = await tool(tm, 'wifi_clients');
    expect(res.json.message).toBe('Im WLAN: Annas iPhone, Pauls Laptop, Spielkonsole.');
  });

  it('answers "Ist das Internet da?" from the gateway', async () => {
    expect((await tool(tm, 'internet')).json.message).toBe('Ja, das Internet ist da (über Cloud Gateway).');
    devices[0]!.state = 'OFFLINE';
    expect((await tool(tm, 'internet')).json).toMatchObject({ data: { online: false }, message: 'Nein, Cloud Gateway hat gerade keine Internetverbindung.' });
  });

  it('restart, block and unblock wait for the household when the assistant calls them, and run for a person', async () => {
    const registry = tm.master.platform.registry;
    const ctx = { traceId: 't-risk', now: new Date(), timezone: 'Europe/Berlin', actor: 'assistant' as const };
    for (const [action, args] of [['restart_device', { device: 'AP Wohnzimmer' }], ['block_client', { client: 'Spielkonsole' }], ['unblock_client', { client: 'Spielkonsole' }]] as const) {
      expect(registry.riskOf(`skill_home_unifi_network_${action}`)).toMatchObject({ risk: 'disruptive', decision: 'ask' });
      expect(await registry.call(`skill_home_unifi_network_${action}`, args, ctx), action).toMatchObject({ error: { code: 'CONFIRMATION_REQUIRED' } });
    }
    expect(unifi.requests).toEqual([]);

    expect((await tool(tm, 'restart_device', { device: 'AP Wohnzimmer' })).json).toMatchObject({ success: true, message: 'AP Wohnzimmer startet neu.' });
    expect((await tool(tm, 'block_client', { client: '192.168.1.31' })).json).toMatchObject({ success: true, message: 'Spielkonsole ist jetzt gesperrt.' });
    expect((await tool(tm, 'overview')).json.data.clients.map((c: { name: string }) => c.name)).not.toContain('Spielkonsole');
    // No longer connected: found by name among the known clients the console keeps.
    expect((await tool(tm, 'unblock_client', { client: 'Spielkonsole' })).json).toMatchObject({ success: true, message: 'Spielkonsole ist wieder freigegeben.' });
    expect((await tool(tm, 'unblock_client', { client: 'Tablet Kinderzimmer' })).json).toMatchObject({ success: true, message: 'tablet-kinderzimmer ist wieder freigegeben.' });
    expect((await tool(tm, 'unblock_client', { client: 'NAS' })).json).toMatchObject({ success: true, message: 'NAS ist gar nicht gesperrt.' });
    const posts = unifi.requests.filter((r) => r.method === 'POST').map((r) => [r.path, JSON.parse(r.body)]);
    expect(posts).toEqual([
      [`${BASE}/sites/${SITE}/devices/d-ap/actions`, { action: 'RESTART' }],
      [`${APP}/cmd/stamgr`, { cmd: 'block-sta', mac: 'aa:bb:cc:00:00:05' }],
      [`${APP}/cmd/stamgr`, { cmd: 'unblock-sta', mac: 'aa:bb:cc:00:00:05' }],
      [`${APP}/cmd/stamgr`, { cmd: 'unblock-sta', mac: 'aa:bb:cc:00:00:06' }],
    ]);
    expect(known.filter((k) => k.blocked)).toEqual([]);
  });

  it('unblocks by MAC address, and a refusal of the console is passed on with its reason', async () => {
    expect((await tool(tm, 'unblock_client', { client: 'AA-BB-CC-00-00-06' })).json).toMatchObject({ success: true, message: 'tablet-kinderzimmer ist wieder freigegeben.' });
    const refused = await tool(tm, 'unblock_client', { client: 'aa:bb:cc:00:00:99' });
    expect(refused.json).toMatchObject({ success: false, error: { code: 'UPSTREAM_ERROR' } });
    expect(refused.json.error.message).toContain('api.err.UnknownStation');
    expect(refused.text).not.toContain(KEY);
  });

  it('a wrong API key, a changed certificate and an unreachable console are told apart', async () => {
    let undo = withEnv({ UNIFI_API_KEY: 'not-the-key-123456' });
    try {
      const res = await tool(tm, 'overview');
      expect(res.json).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      expect(res.text).not.toContain('not-the-key-123456');
    } finally {
      undo();
    }
    unifi.requests.length = 0;
    undo = withEnv({ UNIFI_CERT_FINGERPRINT: '00'.repeat(32) });
    try {
      expect((await tool(tm, 'overview')).json).toMatchObject({ success: false, error: { code: 'CERT_FINGERPRINT_CHANGED' } });
      expect(unifi.requests).toEqual([]);
    } finally {
      undo();
    }
    undo = withEnv({ UNIFI_URL: 'https://127.0.0.1:9' });
    try {
      expect((await tool(tm, 'internet')).json).toMatchObject({ success: false, error: { code: 'UNREACHABLE' } });
    } finally {
      undo();
    }
  });
});
