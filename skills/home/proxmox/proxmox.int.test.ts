import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDeviceStandIn, sendJson, type DeviceStandIn } from '../../../src-main/testing/device-stand-in';
import { selfSignedCert, type SelfSignedCert } from '../../../src-main/testing/self-signed-cert';
import { startScriptedOllama, type ScriptedOllama } from '../../../src-main/testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../../../src-main/testing/test-master';
import { deviceViewProblems, homeSkillsDir, withEnv } from '../home-skill-testing';

// A stand-in Proxmox VE written from the Proxmox VE API viewer (pve.proxmox.com/pve-docs/api-viewer)
// and the pveum token documentation: every path under /api2/json, the answer wrapped in
// {data}, `Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`, 401 "authentication
// failure" for a wrong token, power actions under /nodes/{node}/{qemu|lxc}/{vmid}/status/*
// that answer a UPID, and /nodes/{node}/tasks/{upid}/status that says `running` until the
// task has `stopped` with its `exitstatus`.

const TOKEN_ID = 'root@pam!jarvis';
const SECRET = '6f1c2d3e-aaaa-4bbb-8ccc-123456789abc';

interface Guest {
  vmid: number;
  name: string;
  type: 'qemu' | 'lxc';
  status: string;
}

function proxmoxStandIn(guests: Guest[]) {
  const tasks = new Map<string, { polls: number; exitstatus: string }>();
  let seq = 0;
  return (req: { method: string; path: string; headers: Record<string, unknown> }, res: import('node:http').ServerResponse) => {
    if (req.headers.authorization !== `PVEAPIToken=${TOKEN_ID}=${SECRET}`) return sendJson(res, 401, { data: null }, 'authentication failure');
    const url = new URL(req.path, 'http://x');
    const p = url.pathname;
    if (req.method === 'GET' && p === '/api2/json/nodes') {
      return sendJson(res, 200, { data: [{ node: 'pve', status: 'online', cpu: 0.031, maxcpu: 8, mem: 6_000_000_000, maxmem: 32_000_000_000, uptime: 86_400 }] });
    }
    if (req.method === 'GET' && p === '/api2/json/cluster/resources' && url.searchParams.get('type') === 'vm') {
      return sendJson(res, 200, {
        data: [
          ...guests.map((g) => ({
            id: `${g.type}/${g.vmid}`,
            type: g.type,
            node: 'pve',
            vmid: g.vmid,
            name: g.name,
            status: g.status,
            cpu: g.status === 'running' ? 0.02 : 0,
            maxcpu: 2,
            mem: g.status === 'running' ? 2_000_000_000 : 0,
            maxmem: 4_000_000_000,
            uptime: g.status === 'running' ? 3600 : 0,
            template: 0,
          })),
          { id: 'qemu/9000', type: 'qemu', node: 'pve', vmid: 9000, name: 'debian-template', status: 'stopped', template: 1 },
        ],
      });
    }
    const power = /^\/api2\/json\/nodes\/pve\/(qemu|lxc)\/(\d+)\/status\/(start|shutdown|stop|reboot)$/.exec(p);
    if (req.method === 'POST' && power) {
      const guest = guests.find((g) => g.vmid === Number(power[2]) && g.type === power[1]);
      if (!guest) return sendJson(res, 500, { data: null }, `Configuration file 'nodes/pve/qemu-server/${power[2]}.conf' does not exist`);
      const action = power[3]!;
      const upid = `UPID:pve:0000${(++seq).toString(16).padStart(4, '0')}:00ABCDEF:656F3A10:${guest.type === 'qemu' ? 'qm' : 'vz'}${action}:${guest.vmid}:${TOKEN_ID}:`;
      const fails = guest.name === 'broken-vm';
      tasks.set(upid, { polls: 0, exitstatus: fails ? "start failed: QEMU exited with code 1" : 'OK' });
      if (!fails) guest.status = action === 'start' || action === 'reboot' ? 'running' : 'stopped';
      return sendJson(res, 200, { data: upid });
    }
    const task = /^\/api2\/json\/nodes\/pve\/tasks\/([^/]+)\/status$/.exec(p);
    if (req.method === 'GET' && task) {
      const upid = decodeURIComponent(task[1]!);
      const t = tasks.get(upid);
      if (!t) return sendJson(res, 500, { data: null }, 'no such task');
      t.polls++;
      // Running on the first poll, finished on the second: the skill must keep asking.
      if (t.polls < 2) return sendJson(res, 200, { data: { upid, node: 'pve', status: 'running', type: 'qmstart' } });
      return sendJson(res, 200, { data: { upid, node: 'pve', status: 'stopped', exitstatus: t.exitstatus, type: 'qmstart' } });
    }
    const snap = /^\/api2\/json\/nodes\/pve\/(qemu|lxc)\/(\d+)\/snapshot$/.exec(p);
    if (req.method === 'GET' && snap) {
      return sendJson(res, 200, {
        data: [
          { name: 'vor-update', description: 'Vor dem Update auf 2026.11', snaptime: 1_764_000_000, vmstate: 0 },
          { name: 'current', description: 'You are here!', parent: 'vor-update', running: 1 },
        ],
      });
    }
    return sendJson(res, 501, { data: null }, `Method '${req.method} ${p}' not implemented`);
  };
}

const tool = (tm: TestMaster, name: string, args: Record<string, unknown> = {}) =>
  tm.request(`/api/tools/skill_home_proxmox_${name}`, { json: { arguments: args } });

describe('Proxmox VE skill against a stand-in Proxmox API', () => {
  let cert: SelfSignedCert;
  let pve: DeviceStandIn;
  let tm: TestMaster;
  let ollama: ScriptedOllama;
  let guests: Guest[];
  let restore: () => void;

  beforeAll(async () => {
    cert = selfSignedCert();
    guests = [];
    pve = await startDeviceStandIn(proxmoxStandIn(guests), { tls: cert });
    ollama = await startScriptedOllama();
    restore = withEnv({
      PROXMOX_URL: pve.url,
      PROXMOX_TOKEN_ID: TOKEN_ID,
      PROXMOX_TOKEN_SECRET: SECRET,
      PROXMOX_CERT_FINGERPRINT: cert.fingerprint.match(/../g)!.join(':').toUpperCase(),
      PROXMOX_TASK_POLL_MS: '20',
      PROXMOX_TIMEOUT_MS: '1500',
    });
    tm = await startTestMaster({ JARVIS_SKILLS_DIR: homeSkillsDir, OLLAMA_URL: ollama.url });
  });
  afterAll(async () => {
    await tm?.close();
    restore?.();
    await pve?.close();
    await ollama?.close();
  });
  beforeEach(() => {
    guests.splice(0, guests.length, 
      { vmid: 100, name: 'home-assistant', type: 'qemu', status: 'running' },
      { vmid: 101, name: 'pihole', type: 'lxc', status: 'running' },
      { vmid: 102, name: 'broken-vm', type: 'qemu', status: 'stopped' },
    );
    pve.requests.length = 0;
  });

  it('lists nodes, VMs and containers with state, CPU, memory and uptime, with the API token header', async () => {
    const res = await tool(tm, 'overview');
    expect(res.json).toMatchObject({ success: true, mutated: false });
    expect(res.json.data.nodes).toEqual([expect.objectContaining({ node: 'pve', status: 'online', maxcpu: 8, uptime: 86_400 })]);
    expect(deviceViewProblems('home.proxmox', res.json.data)).toEqual([]);
    expect(res.json.data.guests).toEqual([
      expect.objectContaining({ vmid: 100, name: 'home-assistant', type: 'qemu', status: 'running', cpu: 0.02, mem: 2_000_000_000, uptime: 3600 }),
      expect.objectContaining({ vmid: 101, name: 'pihole', type: 'lxc', status: 'running' }),
      expect.objectContaining({ vmid: 102, name: 'broken-vm', status: 'stopped' }),
    ]);
    expect(pve.requests.every((r) => r.headers.authorization === `PVEAPIToken=${TOKEN_ID}=${SECRET}`)).toBe(true);
  });

  it('starts a VM (reversible), follows the task until it stopped and reports its exit status', async () => {
    guests[0]!.status = 'stopped';
    const res = await tool(tm, 'start', { guest: 'Home Assistant' });
    expect(res.json).toMatchObject({ success: true, mutated: true, message: 'VM home-assistant wurde gestartet.' });
    expect(res.json.data.task).toMatchObject({ status: 'stopped', exitstatus: 'OK', upid: expect.stringMatching(/^UPID:pve:/) });
    const paths = pve.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('POST /api2/json/nodes/pve/qemu/100/status/start');
    expect(paths.filter((p) => p.startsWith('GET /api2/json/nodes/pve/tasks/UPID%3Apve%3A'))).toHaveLength(2);
  });

  it('reports a task that ended with an error as a failure with Proxmox\'s exit status', async () => {
    const res = await tool(tm, 'start', { guest: '102' });
    expect(res.json).toMatchObject({ success: false, error: { code: 'TASK_FAILED' } });
    expect(res.json.message).toContain('start failed: QEMU exited with code 1');
  });

  it('lists the snapshots of a container without the "current" marker', async () => {
    const res = await tool(tm, 'snapshots', { guest: 'pihole' });
    expect(res.json.data.snapshots).toEqual([{ name: 'vor-update', description: 'Vor dem Update auf 2026.11', taken_at: '2025-11-24T16:00:00.000Z' }]);
    expect(pve.requests.at(-1)!.path).toBe('/api2/json/nodes/pve/lxc/101/snapshot');
  });

  it('names an unknown or ambiguous machine instead of guessing, and never skips templates', async () => {
    expect((await tool(tm, 'reboot', { guest: 'nas' })).json).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    guests.push({ vmid: 103, name: 'home-assistant-test', type: 'qemu', status: 'stopped' });
    expect((await tool(tm, 'stop', { guest: 'home-ass' })).json).toMatchObject({ success: false, error: { code: 'AMBIGUOUS' } });
    expect(pve.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('every disruptive action waits for the household when the assistant calls it; start runs', async () => {
    const registry = tm.master.platform.registry;
    const ctx = { traceId: 't-risk', now: new Date(), timezone: 'Europe/Berlin', actor: 'assistant' as const };
    for (const action of ['shutdown', 'stop', 'reboot']) {
      expect(registry.riskOf(`skill_home_proxmox_${action}`)).toMatchObject({ risk: 'disruptive', decision: 'ask' });
      const r = await registry.call(`skill_home_proxmox_${action}`, { guest: 'pihole' }, ctx);
      expect(r, action).toMatchObject({ success: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    }
    expect(pve.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(registry.riskOf('skill_home_proxmox_start')).toMatchObject({ risk: 'reversible', decision: 'allow' });
    expect(registry.riskOf('skill_home_proxmox_overview')).toMatchObject({ risk: 'read', decision: 'allow' });
  });

  it('"Fahr die Home-Assistant-VM neu hoch" asks "ja" first and reboots only after it', async () => {
    ollama.reply({ tool_calls: [{ name: 'skill_home_proxmox_reboot', arguments: { guest: 'Home-Assistant' } }] });
    const asked = await tm.request('/api/agent/chat', { json: { message: 'Fahr die Home-Assistant-VM neu hoch' } });
    expect(asked.json.pending).toMatchObject({ tool: 'skill_home_proxmox_reboot', arguments: { guest: 'Home-Assistant' } });
    expect(pve.requests.filter((r) => r.method === 'POST')).toEqual([]);
    ollama.reply({ content: 'Die VM home-assistant wurde neu gestartet.' });
    const yes = await tm.request('/api/agent/chat', { json: { message: 'ja' } });
    expect(yes.json.tool_calls).toEqual([
      expect.objectContaining({ tool: 'skill_home_proxmox_reboot', result: expect.objectContaining({ success: true, message: 'VM home-assistant wurde neu gestartet.' }) }),
    ]);
    expect(pve.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api2/json/nodes/pve/qemu/100/status/reboot']);
  });

  it('a wrong token is refused with a clear sentence that does not repeat the secret', async () => {
    const undo = withEnv({ PROXMOX_TOKEN_SECRET: 'wrong-secret-0000' });
    try {
      const res = await tool(tm, 'overview');
      expect(res.json).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      expect(res.text).not.toContain('wrong-secret-0000');
    } finally {
      undo();
    }
  });

  it('a certificate that is not the pinned one is refused before any request is sent', async () => {
    const undo = withEnv({ PROXMOX_CERT_FINGERPRINT: 'ab'.repeat(32) });
    try {
      const res = await tool(tm, 'overview');
      expect(res.json).toMatchObject({ success: false, error: { code: 'CERT_FINGERPRINT_CHANGED' } });
      expect(pve.requests).toEqual([]);
    } finally {
      undo();
    }
  });

  it('without a pinned fingerprint it shows the one presented (trust on first use) and sends nothing', async () => {
    const undo = withEnv({ PROXMOX_CERT_FINGERPRINT: undefined });
    try {
      const res = await tool(tm, 'overview');
      expect(res.json).toMatchObject({ success: false, error: { code: 'CERT_NOT_PINNED' } });
      expect(res.json.message).toContain(cert.fingerprint);
      expect(pve.requests).toEqual([]);
    } finally {
      undo();
    }
  });

  it('an unreachable host, a host that never answers and missing settings each get their own sentence', async () => {
    let undo = withEnv({ PROXMOX_URL: 'https://127.0.0.1:9' });
    try {
      expect((await tool(tm, 'overview')).json).toMatchObject({ success: false, error: { code: 'UNREACHABLE' } });
    } finally {
      undo();
    }
    // A host that accepts the connection and never answers.
    const hang = await startDeviceStandIn(() => undefined, { tls: cert });
    undo = withEnv({ PROXMOX_URL: hang.url });
    try {
      expect((await tool(tm, 'overview')).json).toMatchObject({ success: false, error: { code: 'TIMEOUT' } });
    } finally {
      undo();
      await hang.close();
    }
    undo = withEnv({ PROXMOX_TOKEN_ID: undefined });
    try {
      expect((await tool(tm, 'overview')).json).toMatchObject({ success: false, error: { code: 'NOT_CONFIGURED', message: expect.stringContaining('PROXMOX_TOKEN_ID') } });
    } finally {
      undo();
    }
  });
});
