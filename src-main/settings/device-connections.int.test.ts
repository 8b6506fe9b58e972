import type { ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupMade, BackupsView, HomeAssistantView, SettingsResponse } from '../../src-shared';
import { sendJson, startDeviceStandIn, type StandInRequest } from '../testing/device-stand-in';
import { SAMPLE_HOME, startHomeAssistantStandIn } from '../testing/home-assistant-stand-in';
import { pairDevice, rawRequest } from '../testing/lan-devices';
import { selfSignedCert, type SelfSignedCert } from '../testing/self-signed-cert';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The connect flows for the home servers with a self-signed certificate, on the real master:
// the certificate step, the pin checked before the key is sent, each wrong thing named, and
// nothing kept until the test passed. The stand-ins follow the vendors' published APIs:
// - UniFi OS console: the "UniFi Network API" and "UniFi Protect API" documents the console
//   publishes (Settings > Control Plane > Integrations; developer.ui.com), integration v1:
//   GET /proxy/network/integration/v1/info and GET /proxy/protect/integration/v1/meta/info,
//   each answering {applicationVersion}, the `X-API-KEY` header, 401 {statusCode, statusName,
//   message} for a key it does not know.
// - Proxmox VE: the API viewer (pve.proxmox.com/pve-docs/api-viewer) GET /api2/json/version
//   answering {data: {version, release, repoid}}, and the pveum token documentation:
//   `Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`, 401 "authentication failure".
// - Home Assistant: the WebSocket API (developers.home-assistant.io/docs/api/websocket), here on https.

const UNIFI_KEY = 'unifi-key-5c1d2e3f4a5b6c7d';
const PVE_ID = 'root@pam!jarvis';
const PVE_SECRET = '0b7a6f4e-1111-4222-8333-444455556666';
const HA_TOKEN = 'llat-secret-token-pinned-0123456789';

function unifiConsole(withProtect: boolean) {
  return (req: StandInRequest, res: ServerResponse) => {
    if (req.headers['x-api-key'] !== UNIFI_KEY)
      return sendJson(res, 401, { statusCode: 401, statusName: 'UNAUTHORIZED', message: 'Missing or invalid API key' });
    if (req.method === 'GET' && req.path === '/proxy/network/integration/v1/info')
      return sendJson(res, 200, { applicationVersion: '9.0.114' });
    if (withProtect && req.method === 'GET' && req.path === '/proxy/protect/integration/v1/meta/info')
      return sendJson(res, 200, { applicationVersion: '5.1.200' });
    return sendJson(res, 404, { statusCode: 404, statusName: 'NOT_FOUND', message: 'Not Found' });
  };
}

function proxmox(req: StandInRequest, res: ServerResponse) {
  if (req.headers.authorization !== `PVEAPIToken=${PVE_ID}=${PVE_SECRET}`)
    return sendJson(res, 401, { data: null }, 'authentication failure');
  if (req.method === 'GET' && req.path === '/api2/json/version')
    return sendJson(res, 200, { data: { version: '8.2.4', release: '8.2', repoid: 'faa83925c9641325' } });
  return sendJson(res, 501, { data: null }, 'Method not implemented');
}

let cert: SelfSignedCert;
let other: SelfSignedCert;
let tm: TestMaster;
const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  cert = selfSignedCert('console.local');
  other = selfSignedCert('someone-else');
  tm = await startTestMaster({ JARVIS_LAN_ADDR: '127.0.0.2:0' });
}, 60_000);
afterAll(async () => {
  await tm?.close();
});
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

const settingOf = (s: SettingsResponse, name: string) => s.settings.find((v) => v.name === name)!;
const secretOf = (s: SettingsResponse, name: string) => s.secrets.find((v) => v.name === name)!;

describe('UniFi from the app', () => {
  it('shows the certificate, refuses another one before the key is sent, names a wrong key, then keeps the right one', async () => {
    const unifi = await startDeviceStandIn(unifiConsole(true), { tls: cert });
    closers.push(() => unifi.close());

    const shown = await tm.request('/api/settings/connections/certificate', { json: { url: unifi.url } });
    expect(shown.json).toEqual({ fingerprint: cert.fingerprint, trusted: false });

    // Without a pin, a self-signed certificate is not trusted: the household is told to pin it.
    const unpinned = await tm.request('/api/settings/connections/unifi', { json: { url: unifi.url, api_key: UNIFI_KEY } });
    expect(unpinned.json).toMatchObject({ ok: false, problem: 'certificate_untrusted' });
    expect(unifi.requests).toHaveLength(0);

    const wrongPin = await tm.request('/api/settings/connections/unifi', {
      json: { url: unifi.url, api_key: UNIFI_KEY, fingerprint: other.fingerprint },
    });
    expect(wrongPin.json).toEqual({ ok: false, problem: 'certificate_changed' });
    expect(unifi.requests).toHaveLength(0);

    const badPin = await tm.request('/api/settings/connections/unifi', {
      json: { url: unifi.url, api_key: UNIFI_KEY, fingerprint: 'abc' },
    });
    expect(badPin.json).toEqual({ ok: false, problem: 'bad_fingerprint' });

    const wrongKey = await tm.request('/api/settings/connections/unifi', {
      json: { url: unifi.url, api_key: 'not-the-key', fingerprint: cert.fingerprint },
    });
    expect(wrongKey.json).toEqual({ ok: false, problem: 'token_refused' });
    expect(secretOf((await tm.request('/api/settings')).json, 'unifi_key').set).toBe(false);

    const right = await tm.request('/api/settings/connections/unifi', {
      json: { url: `${unifi.url}/`, api_key: UNIFI_KEY, fingerprint: cert.fingerprint.toUpperCase().match(/../g)!.join(':') },
    });
    expect(right.json).toEqual({ ok: true, network: true, protect: true });
    const s = await tm.request('/api/settings');
    expect(secretOf(s.json, 'unifi_key')).toMatchObject({ set: true });
    expect(settingOf(s.json, 'unifi_url').value).toBe(unifi.url);
    expect(tm.master.platform.config.unifiCertFingerprint).toBe(cert.fingerprint);
    expect(s.text).not.toContain(UNIFI_KEY);
    expect((await tm.request('/api/debug/export')).text).not.toContain(UNIFI_KEY);
  });

  it('a console without Protect connects with Network alone and says so', async () => {
    const unifi = await startDeviceStandIn(unifiConsole(false), { tls: cert });
    closers.push(() => unifi.close());
    const res = await tm.request('/api/settings/connections/unifi', {
      json: { url: unifi.url, api_key: UNIFI_KEY, fingerprint: cert.fingerprint },
    });
    expect(res.json).toEqual({ ok: true, network: true, protect: false });
  });

  it('an address where nothing answers is named as such', async () => {
    const res = await tm.request('/api/settings/connections/unifi', { json: { url: 'https://127.0.0.1:9', api_key: UNIFI_KEY } });
    expect(res.json).toMatchObject({ ok: false, problem: 'unreachable' });
    const bad = await tm.request('/api/settings/connections/unifi', { json: { url: 'console.local', api_key: UNIFI_KEY } });
    expect(bad.json).toEqual({ ok: false, problem: 'bad_address' });
  });
});

describe('Proxmox VE from the app', () => {
  it('names a malformed token id, a wrong secret and a changed certificate; the right token is kept', async () => {
    const pve = await startDeviceStandIn(proxmox, { tls: cert });
    closers.push(() => pve.close());
    const json = (over: Record<string, string>) => ({
      url: pve.url,
      token_id: PVE_ID,
      token_secret: PVE_SECRET,
      fingerprint: cert.fingerprint,
      ...over,
    });

    expect((await tm.request('/api/settings/connections/proxmox', { json: json({ token_id: 'jarvis' }) })).json).toEqual({
      ok: false,
      problem: 'token_id_invalid',
    });
    expect((await tm.request('/api/settings/connections/proxmox', { json: json({ token_secret: 'wrong' }) })).json).toEqual({
      ok: false,
      problem: 'token_refused',
    });
    const before = pve.requests.length;
    expect((await tm.request('/api/settings/connections/proxmox', { json: json({ fingerprint: other.fingerprint }) })).json).toEqual({
      ok: false,
      problem: 'certificate_changed',
    });
    expect(pve.requests.length).toBe(before);
    expect(secretOf((await tm.request('/api/settings')).json, 'proxmox_token_secret').set).toBe(false);

    const right = await tm.request('/api/settings/connections/proxmox', { json: json({}) });
    expect(right.json).toEqual({ ok: true, version: '8.2.4' });
    const s = (await tm.request('/api/settings')).json as SettingsResponse;
    expect(settingOf(s, 'proxmox_token_id').value).toBe(PVE_ID);
    expect(secretOf(s, 'proxmox_token_secret').set).toBe(true);
    expect(tm.master.platform.config.proxmoxTokenSecret).toBe(PVE_SECRET);
    expect(JSON.stringify(s)).not.toContain(PVE_SECRET);
  });

  it('a web server that is not Proxmox is named as not the service', async () => {
    const web = await startDeviceStandIn((_req, res) => sendJson(res, 200, { hello: 'world' }));
    closers.push(() => web.close());
    const res = await tm.request('/api/settings/connections/proxmox', {
      json: { url: web.url, token_id: PVE_ID, token_secret: PVE_SECRET },
    });
    expect(res.json).toMatchObject({ ok: false, problem: 'not_the_service' });
  });
});

describe('Home Assistant with a self-signed certificate', () => {
  it('pins the certificate: another one is refused before the token is sent; the pinned one connects', async () => {
    const ha = await startHomeAssistantStandIn(structuredClone(SAMPLE_HOME), { token: HA_TOKEN, cert });
    closers.push(() => ha.close());
    const shown = await tm.request('/api/settings/connections/certificate', { json: { url: ha.url } });
    expect(shown.json).toEqual({ fingerprint: cert.fingerprint, trusted: false });

    const unpinned = await tm.request('/api/settings/connections/homeassistant', { json: { url: ha.url, token: HA_TOKEN } });
    expect(unpinned.json).toMatchObject({ ok: false, problem: 'certificate_untrusted' });
    const wrongPin = await tm.request('/api/settings/connections/homeassistant', {
      json: { url: ha.url, token: HA_TOKEN, fingerprint: other.fingerprint },
    });
    expect(wrongPin.json).toEqual({ ok: false, problem: 'certificate_changed' });

    const right = await tm.request('/api/settings/connections/homeassistant', {
      json: { url: ha.url, token: HA_TOKEN, fingerprint: cert.fingerprint },
    });
    expect(right.json).toEqual({ ok: true });
    expect(settingOf((await tm.request('/api/settings')).json, 'homeassistant_fingerprint').value).toBe(cert.fingerprint);
    await vi.waitFor(
      async () => expect(((await tm.request('/api/home/homeassistant')).json as HomeAssistantView).connection).toBe('connected'),
      { timeout: 15_000, interval: 50 },
    );
  });
});

describe('backups from the Settings screen', () => {
  it('a folder chosen in the app is used at once: back up now, the list, and the secrets a backup does not carry', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'jarvis-backups-app-'));
    closers.push(async () => rmSync(folder, { recursive: true, force: true }));
    const none = await tm.request('/api/settings/backups', { method: 'POST', json: {} });
    expect(none.status).toBe(409);
    expect(none.json.error.code).toBe('NO_BACKUP_FOLDER');

    expect((await tm.request('/api/settings', { method: 'PATCH', json: { backup_folder: folder } })).status).toBe(200);
    const made = await tm.request('/api/settings/backups', { method: 'POST', json: {} });
    expect(made.status, made.text).toBe(200);
    const body = made.json as BackupMade;
    expect(body.file.name).toMatch(/^jarvis-\d{8}T\d{6}Z\.jarvis-backup$/);
    expect(body.file.size).toBeGreaterThan(0);
    const view = (await tm.request('/api/settings/backups')).json as BackupsView;
    expect(view).toMatchObject({ folder, schedule: 'daily', running: false });
    expect(view.files.map((f) => f.name)).toContain(body.file.name);
    // The earlier tests typed secrets in: the backup names them as not carried.
    expect(view.secrets_not_carried).toEqual(expect.arrayContaining(['unifi_key', 'proxmox_token_secret']));
    expect(body.secrets_not_carried).toEqual(view.secrets_not_carried);
  });
});

describe('settings from a paired phone', () => {
  it("an admin's phone reads and changes settings; a child's phone is refused with a plain message", async () => {
    const lan = new URL((await tm.request('/api/devices')).json.lan.url);
    const admin = await tm.request('/api/members', { json: { name: 'Mama', role: 'admin' } });
    const child = await tm.request('/api/members', { json: { name: 'Ben', role: 'child' } });
    const adminPhone = await pairDevice(tm, lan, admin.json.id, 'Mamas Telefon');
    const childPhone = await pairDevice(tm, lan, child.json.id, 'Bens Telefon');

    const read = await rawRequest(lan, 'GET', '/api/settings', { cookie: adminPhone });
    expect(read.status).toBe(200);
    const changed = await rawRequest(lan, 'PATCH', '/api/settings', { cookie: adminPhone, json: { household_name: 'Familie Sommer' } });
    expect(changed.status).toBe(200);
    expect(settingOf(changed.json, 'household_name').value).toBe('Familie Sommer');

    const refused = await rawRequest(lan, 'PATCH', '/api/settings', { cookie: childPhone, json: { household_name: 'Bens Haus' } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('ADMIN_ONLY');
    expect(settingOf((await tm.request('/api/settings')).json, 'household_name').value).toBe('Familie Sommer');
  });
});
