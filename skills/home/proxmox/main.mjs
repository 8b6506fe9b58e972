// Proxmox VE over its REST API (api2/json) with an API token: nodes, VMs and containers,
// power actions that follow the task Proxmox starts, snapshot lists.
import { pinnedRequest } from '../_lib/pinned-https.mjs';
import { deviceFailure, parseJson } from '../_lib/device-errors.mjs';
import { requireSetting, skillMain, SkillError } from '../_lib/skill-main.mjs';

const WHAT = 'Proxmox';
const TASK_WAIT_MS = 25_000;
const positive = (name, fallback) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : fallback);
const POLL_MS = positive('PROXMOX_TASK_POLL_MS', 1000);
const TIMEOUT_MS = positive('PROXMOX_TIMEOUT_MS', 8000);

function connection() {
  const base = requireSetting(process.env, 'PROXMOX_URL', WHAT).replace(/\/+$/, '');
  const tokenId = requireSetting(process.env, 'PROXMOX_TOKEN_ID', WHAT);
  const secret = requireSetting(process.env, 'PROXMOX_TOKEN_SECRET', WHAT);
  let host;
  try {
    host = new URL(base).host;
  } catch {
    throw new SkillError('NOT_CONFIGURED', 'PROXMOX_URL ist keine gültige Adresse.');
  }
  return {
    base,
    host,
    auth: `PVEAPIToken=${tokenId}=${secret}`,
    fingerprint: process.env.PROXMOX_CERT_FINGERPRINT?.trim() || undefined,
    caFile: process.env.PROXMOX_CA_FILE?.trim() || undefined,
  };
}

async function api(conn, method, path, body) {
  let res;
  try {
    const headers = { authorization: conn.auth, accept: 'application/json' };
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    res = await pinnedRequest(`${conn.base}/api2/json${path}`, {
      method,
      headers,
      ...(body ? { body: new URLSearchParams(body).toString() } : {}),
      fingerprint: conn.fingerprint,
      caFile: conn.caFile,
      timeoutMs: TIMEOUT_MS,
    });
  } catch (err) {
    throw deviceFailure(err, WHAT, conn.host);
  }
  if (res.status === 401) throw new SkillError('UNAUTHORIZED', 'Proxmox lehnt den API-Token ab (falsche Token-ID oder falsches Geheimnis).');
  if (res.status === 403) throw new SkillError('FORBIDDEN', 'Der Proxmox-API-Token hat für diese Aktion keine Berechtigung.');
  const json = parseJson(res.body, WHAT);
  if (res.status >= 400) {
    // Proxmox puts parameter problems in `errors` and the reason in the status line.
    const detail = json && json.errors ? Object.entries(json.errors).map(([k, v]) => `${k}: ${v}`).join('; ') : `HTTP ${res.status}`;
    throw new SkillError('UPSTREAM_ERROR', `Proxmox hat die Anfrage abgelehnt (${detail.slice(0, 300)}).`);
  }
  return json ? json.data : undefined;
}

const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function guestView(r) {
  return {
    vmid: num(r.vmid),
    name: typeof r.name === 'string' ? r.name : `${r.type}-${r.vmid}`,
    type: r.type === 'lxc' ? 'lxc' : 'qemu',
    node: String(r.node ?? ''),
    status: String(r.status ?? 'unknown'),
    online: r.status === 'running',
    cpu: num(r.cpu),
    maxcpu: num(r.maxcpu),
    mem: num(r.mem),
    maxmem: num(r.maxmem),
    uptime: num(r.uptime),
  };
}

async function guests(conn) {
  const resources = (await api(conn, 'GET', '/cluster/resources?type=vm')) ?? [];
  return resources.filter((r) => (r.type === 'qemu' || r.type === 'lxc') && r.template !== 1).map(guestView).sort((a, b) => a.vmid - b.vmid);
}

const squash = (s) => s.toLowerCase().replace(/[^a-z0-9äöüß]/g, '');

/** A guest by VMID or by name ("Home-Assistant", "home assistant", "homeassistant" are one). */
function findGuest(list, wanted) {
  const text = String(wanted).trim();
  if (/^\d+$/.test(text)) {
    const byId = list.find((g) => g.vmid === Number(text));
    if (byId) return byId;
  }
  const key = squash(text.replace(/\b(vm|ct|container|lxc)\b/gi, ''));
  const exact = list.filter((g) => squash(g.name) === key);
  const matches = exact.length > 0 ? exact : key.length >= 3 ? list.filter((g) => squash(g.name).includes(key)) : [];
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw new SkillError('AMBIGUOUS', `Mehrere Maschinen passen zu „${text}“: ${matches.map((g) => `${g.name} (${g.vmid})`).join(', ')}.`);
  }
  throw new SkillError('NOT_FOUND', `Keine VM und kein Container heißt „${text}“. Vorhanden: ${list.map((g) => g.name).join(', ') || 'keine'}.`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Follows a task (UPID) until Proxmox reports it stopped, or the wait runs out. */
async function followTask(conn, node, upid) {
  const started = Date.now();
  for (;;) {
    const task = await api(conn, 'GET', `/nodes/${encodeURIComponent(node)}/tasks/${encodeURIComponent(upid)}/status`);
    if (task && task.status === 'stopped') return { upid, status: 'stopped', exitstatus: String(task.exitstatus ?? 'unknown') };
    if (Date.now() - started >= TASK_WAIT_MS) return { upid, status: 'running' };
    await sleep(POLL_MS);
  }
}

const ACTION_WORDS = {
  start: ['gestartet', 'starten'],
  shutdown: ['heruntergefahren', 'herunterfahren'],
  stop: ['hart ausgeschaltet', 'ausschalten'],
  reboot: ['neu gestartet', 'neu starten'],
};

function power(action) {
  return async (input) => {
    const conn = connection();
    const guest = findGuest(await guests(conn), input.guest);
    const upid = await api(conn, 'POST', `/nodes/${encodeURIComponent(guest.node)}/${guest.type}/${guest.vmid}/status/${action}`, {});
    if (typeof upid !== 'string' || !upid.startsWith('UPID:')) throw new SkillError('UPSTREAM_ERROR', 'Proxmox hat keinen Task zurückgegeben.');
    const task = await followTask(conn, guest.node, upid);
    const [done, verb] = ACTION_WORDS[action];
    const kind = guest.type === 'lxc' ? 'Container' : 'VM';
    if (task.status === 'running') {
      return { data: { guest, task }, message: `${kind} ${guest.name}: ${verb} läuft noch (Task ${upid}).`, mutated: true };
    }
    if (task.exitstatus !== 'OK') {
      throw new SkillError('TASK_FAILED', `${kind} ${guest.name} konnte nicht ${verb}: Proxmox meldet „${task.exitstatus.slice(0, 200)}“ (Task ${upid}).`);
    }
    return { data: { guest, task }, message: `${kind} ${guest.name} wurde ${done}.`, mutated: true };
  };
}

await skillMain({
  async overview() {
    const conn = connection();
    const nodes = ((await api(conn, 'GET', '/nodes')) ?? []).map((n) => ({
      node: String(n.node),
      status: String(n.status ?? 'unknown'),
      cpu: num(n.cpu),
      maxcpu: num(n.maxcpu),
      mem: num(n.mem),
      maxmem: num(n.maxmem),
      uptime: num(n.uptime),
    }));
    const list = await guests(conn);
    const running = list.filter((g) => g.status === 'running').length;
    return { data: { nodes, guests: list }, message: `${nodes.length} Knoten, ${list.length} VMs/Container, ${running} laufen.` };
  },
  async snapshots(input) {
    const conn = connection();
    const guest = findGuest(await guests(conn), input.guest);
    const raw = (await api(conn, 'GET', `/nodes/${encodeURIComponent(guest.node)}/${guest.type}/${guest.vmid}/snapshot`)) ?? [];
    const snapshots = raw
      .filter((s) => s.name !== 'current')
      .map((s) => ({ name: String(s.name), description: String(s.description ?? ''), ...(typeof s.snaptime === 'number' ? { taken_at: new Date(s.snaptime * 1000).toISOString() } : {}) }));
    return { data: { guest, snapshots }, message: `${guest.name} hat ${snapshots.length} Snapshot(s).` };
  },
  start: power('start'),
  shutdown: power('shutdown'),
  stop: power('stop'),
  reboot: power('reboot'),
});
