import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type ServerEvent } from '../../src-shared';
import { HOST_IDS } from '../protocol';
import { startDeviceStandIn, sendJson, type DeviceStandIn, type StandInRequest } from '../testing/device-stand-in';
import { selfSignedCert } from '../testing/self-signed-cert';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { activateRemoteSkills } from '../testing/skill-proposals';
import { eventually, startWorker, type RunningWorker } from '../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The Server, Netzwerk and Kameras routes with the home skills on a real runtime worker:
// the Proxmox token and the UniFi key exist only in the worker's environment (the master
// runs no process skills and never sees them). The stand-ins are small: the paths and
// shapes of the Proxmox VE API viewer and the UniFi Network/Protect integration API docs
// that the skills' own tests cover in depth.

const HOME_PACK = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills', 'home');
const ENROLL = 'home-server-routes-enrollment-token';
const PVE_SECRET = 'pve-secret-3c9d51e0-7b6a-4c2f-9e11';
const UNIFI_KEY = 'unifi-key-b0a8e4d7c6f54321';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const CAMERA = '66d025b301ebc903e80003ea';

function proxmox(req: StandInRequest, res: ServerResponse) {
  if (req.headers.authorization !== `PVEAPIToken=root@pam!jarvis=${PVE_SECRET}`)
    return sendJson(res, 401, { data: null }, 'authentication failure');
  const p = new URL(req.path, 'http://x').pathname;
  if (p === '/api2/json/nodes')
    return sendJson(res, 200, { data: [{ node: 'pve', status: 'online', cpu: 0.05, maxcpu: 4, mem: 1, maxmem: 2, uptime: 10 }] });
  if (p === '/api2/json/cluster/resources') {
    return sendJson(res, 200, {
      data: [
        {
          type: 'qemu',
          vmid: 100,
          name: 'home-assistant',
          node: 'pve',
          status: 'running',
          cpu: 0.1,
          maxcpu: 2,
          mem: 1,
          maxmem: 2,
          uptime: 60,
        },
      ],
    });
  }
  if (req.method === 'POST' && p === '/api2/json/nodes/pve/qemu/100/status/reboot')
    return sendJson(res, 200, { data: 'UPID:pve:00001:00002:00003:qmreboot:100:root@pam!jarvis:' });
  if (p.startsWith('/api2/json/nodes/pve/tasks/')) return sendJson(res, 200, { data: { status: 'stopped', exitstatus: 'OK' } });
  return sendJson(res, 404, { data: null });
}

function unifi(req: StandInRequest, res: ServerResponse) {
  if (req.headers['x-api-key'] !== UNIFI_KEY)
    return sendJson(res, 401, { statusCode: 401, statusName: 'UNAUTHORIZED', message: 'Unauthorized' });
  const p = new URL(req.path, 'http://x').pathname;
  const paged = (data: unknown[]) => ({ offset: 0, limit: 200, count: data.length, totalCount: data.length, data });
  if (p === '/proxy/network/integration/v1/sites')
    return sendJson(res, 200, paged([{ id: 's1', internalReference: 'default', name: 'Default' }]));
  if (p === '/proxy/network/integration/v1/sites/s1/devices')
    return sendJson(res, 200, paged([{ id: 'gw', name: 'Gateway', model: 'UCG-Ultra', state: 'ONLINE', features: ['gateway'] }]));
  if (p === '/proxy/network/integration/v1/sites/s1/devices/gw') return sendJson(res, 200, { id: 'gw', firmwareVersion: '4.1.13' });
  if (p === '/proxy/network/integration/v1/sites/s1/devices/gw/statistics/latest')
    return sendJson(res, 200, { uptimeSec: 99, uplink: { txRateBps: 1, rxRateBps: 2 } });
  if (p === '/proxy/network/integration/v1/sites/s1/clients')
    return sendJson(res, 200, paged([{ id: 'c1', name: 'Annas iPhone', type: 'WIRELESS', ipAddress: '192.168.1.20' }]));
  if (p === '/proxy/protect/integration/v1/cameras') return sendJson(res, 200, [{ id: CAMERA, name: 'Einfahrt', state: 'CONNECTED' }]);
  if (p === `/proxy/protect/integration/v1/cameras/${CAMERA}/snapshot`) {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length });
    return res.end(JPEG);
  }
  return sendJson(res, 404, { statusCode: 404, statusName: 'NOT_FOUND', message: 'not found' });
}

describe('home server routes with the skills on a runtime worker', () => {
  let pve: DeviceStandIn;
  let console_: DeviceStandIn;
  let ollama: ScriptedOllama;
  let tm: TestMaster;
  let worker: RunningWorker;
  let traceDir: string;
  const logs: string[] = [];
  const events: ServerEvent[] = [];

  beforeAll(async () => {
    const pveCert = selfSignedCert();
    const unifiCert = selfSignedCert();
    pve = await startDeviceStandIn(proxmox, { tls: pveCert });
    console_ = await startDeviceStandIn(unifi, { tls: unifiCert });
    ollama = await startScriptedOllama();
    traceDir = mkdtempSync(join(tmpdir(), 'jarvis-home-trace-'));
    const log = (level: string) => (message: string, err?: unknown) =>
      logs.push(`${level} ${message} ${err instanceof Error ? err.message : ''}`);
    tm = await startTestMaster(
      { JARVIS_MESH_ENROLLMENT_TOKEN: ENROLL, JARVIS_SKILL_PROCESS_ENABLED: 'false', JARVIS_DEBUG_DIR: traceDir, OLLAMA_URL: ollama.url },
      { logger: { info: log('info'), warn: log('warn'), error: log('error') } },
    );
    tm.master.platform.events.subscribe((e) => events.push(e));
    worker = await startWorker({
      masterUrl: tm.meshUrl!,
      token: ENROLL,
      runtime: 'node',
      name: 'home-node',
      skillsDir: HOME_PACK,
      env: {
        PROXMOX_URL: pve.url,
        PROXMOX_TOKEN_ID: 'root@pam!jarvis',
        PROXMOX_TOKEN_SECRET: PVE_SECRET,
        PROXMOX_CERT_FINGERPRINT: pveCert.fingerprint,
        PROXMOX_TASK_POLL_MS: '20',
        UNIFI_URL: console_.url,
        UNIFI_API_KEY: UNIFI_KEY,
        UNIFI_CERT_FINGERPRINT: unifiCert.fingerprint,
      },
    });
    // New skills from a worker wait for the household's activation.
    await activateRemoteSkills(tm, ['home.proxmox', 'home.unifi.network', 'home.unifi.protect'], 60_000);
    await eventually(() => tm.master.platform.registry.get('skill_home_proxmox_reboot') !== undefined, 60_000, "the worker's home skills");
  }, 180_000);

  afterAll(async () => {
    await worker?.stop();
    await tm?.close();
    await Promise.all([pve?.close(), console_?.close(), ollama?.close()]);
    if (traceDir) rmSync(traceDir, { recursive: true, force: true });
  });

  it('the master itself knows neither secret', () => {
    expect(process.env.PROXMOX_TOKEN_SECRET).toBeUndefined();
    expect(process.env.UNIFI_API_KEY).toBeUndefined();
  });

  it('serves the Server, Netzwerk and Kameras sections from the worker', async () => {
    expect((await tm.request('/api/home/proxmox')).json).toMatchObject({
      state: 'ready',
      proxmox: { nodes: [{ node: 'pve', status: 'online' }], guests: [{ vmid: 100, name: 'home-assistant', status: 'running' }] },
    });
    expect((await tm.request('/api/home/unifi')).json).toMatchObject({
      state: 'ready',
      unifi: {
        internet: { known: true, online: true, gateway: 'Gateway' },
        devices: [{ name: 'Gateway', firmware: '4.1.13' }],
        clients: [{ name: 'Annas iPhone' }],
      },
    });
    expect((await tm.request('/api/home/protect')).json).toEqual({
      state: 'ready',
      cameras: [
        {
          id: CAMERA,
          name: 'Einfahrt',
          state: 'CONNECTED',
          connected: true,
          model: '',
          doorbell: false,
          snapshot_path: `/api/home/protect/cameras/${CAMERA}/snapshot`,
        },
      ],
    });
    expect((await tm.request('/api/home/stacks')).json).toMatchObject({ state: 'not_configured', code: 'NOT_CONFIGURED' });
  });

  it('shows a camera snapshot as an image through JARVIS, without the console key', async () => {
    const res = await fetch(`${tm.url}/api/home/protect/cameras/${CAMERA}/snapshot`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
    expect((await tm.request('/api/home/protect/cameras/nope/snapshot')).status).toBe(404);
    expect((await tm.request('/api/home/protect/cameras/..%2F..%2Fetc/snapshot')).status).toBe(400);
  });

  it('"Fahr die Home-Assistant-VM neu hoch" waits for "ja" on the worker too, then the section is told to reload', async () => {
    ollama.reply({ tool_calls: [{ name: 'skill_home_proxmox_reboot', arguments: { guest: 'home-assistant' } }] });
    const asked = await tm.request('/api/agent/chat', { json: { message: 'Fahr die Home-Assistant-VM neu hoch' } });
    expect(asked.json.pending).toMatchObject({ tool: 'skill_home_proxmox_reboot' });
    expect(pve.requests.filter((r) => r.method === 'POST')).toEqual([]);
    ollama.reply({ content: 'Erledigt.' });
    const yes = await tm.request('/api/agent/chat', { json: { message: 'ja' } });
    expect(yes.json.tool_calls[0].result).toMatchObject({ success: true, message: 'VM home-assistant wurde neu gestartet.' });
    expect(pve.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api2/json/nodes/pve/qemu/100/status/reboot']);
    expect(events).toContainEqual(expect.objectContaining({ type: 'home.machine.changed', data: { integration: 'proxmox' } }));
  });

  it('no secret reaches the traces, the protocol export, the debug export or the logs', async () => {
    // A failing call too: error paths are where secrets usually leak.
    await tm.request('/api/tools/skill_home_proxmox_snapshots', { json: { arguments: { guest: 'gibt-es-nicht' } } });
    await tm.request('/api/tools/skill_home_unifi_network_block_client', { json: { arguments: { client: 'gibt-es-nicht' } } });
    const protocolExport = await tm.request('/api/protocol/export', {
      headers: { 'jarvis-protocol-version': PROTOCOL_VERSION, 'jarvis-actor-id': HOST_IDS.household },
    });
    expect(protocolExport.status).toBe(200);
    const debugExport = await tm.request('/api/debug/export');
    expect(debugExport.status).toBe(200);
    const traces = readdirSync(traceDir)
      .map((f) => readFileSync(join(traceDir, f), 'utf8'))
      .join('\n');
    // The trace saw the calls (so the check below looks at something real).
    expect(traces).toContain('skill_home_proxmox_reboot');
    for (const [where, text] of [
      ['protocol export', protocolExport.text],
      ['debug export', debugExport.text],
      ['trace files', traces],
      ['master log', logs.join('\n')],
      ['worker log', worker.output()],
    ] as const) {
      expect(text, where).not.toContain(PVE_SECRET);
      expect(text, where).not.toContain(UNIFI_KEY);
    }
  });
});
