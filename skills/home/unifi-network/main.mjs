// UniFi Network over the official Network integration API (v1) of a UniFi OS console:
// sites, devices, clients, the internet connection; restart a device, block a client.
import { consoleConnection, consoleJson } from '../_lib/unifi-console.mjs';
import { skillMain, SkillError } from '../_lib/skill-main.mjs';

const WHAT = 'UniFi Network';
const API = '/proxy/network/integration/v1';
const PAGE = 200;
const MAX_PAGES = 25;
const MAX_DEVICE_DETAILS = 60;

/** Every item of a paged list ({offset, limit, count, totalCount, data}). */
async function all(conn, path) {
  const items = [];
  for (let page = 0, offset = 0; page < MAX_PAGES; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const answer = await consoleJson(conn, 'GET', `${API}${path}${sep}offset=${offset}&limit=${PAGE}`);
    const data = Array.isArray(answer?.data) ? answer.data : [];
    items.push(...data);
    offset += data.length;
    const total = typeof answer?.totalCount === 'number' ? answer.totalCount : offset;
    if (data.length === 0 || offset >= total) break;
  }
  return items;
}

async function site(conn) {
  const sites = await all(conn, '/sites');
  if (sites.length === 0) throw new SkillError('NOT_FOUND', 'Die UniFi-Konsole meldet keinen Standort.');
  const wanted = process.env.UNIFI_SITE?.trim();
  if (!wanted) return sites[0];
  const found = sites.find((s) => s.id === wanted || s.internalReference === wanted || String(s.name).toLowerCase() === wanted.toLowerCase());
  if (!found) throw new SkillError('NOT_FOUND', `Den UniFi-Standort „${wanted}“ gibt es nicht. Vorhanden: ${sites.map((s) => s.name).join(', ')}.`);
  return found;
}

const str = (v) => (typeof v === 'string' ? v : '');

async function devices(conn, siteId) {
  const list = (await all(conn, `/sites/${siteId}/devices`)).slice(0, MAX_DEVICE_DETAILS);
  return Promise.all(
    list.map(async (d) => {
      const [detail, stats] = await Promise.all([
        consoleJson(conn, 'GET', `${API}/sites/${siteId}/devices/${d.id}`).catch(() => undefined),
        d.state === 'ONLINE' ? consoleJson(conn, 'GET', `${API}/sites/${siteId}/devices/${d.id}/statistics/latest`).catch(() => undefined) : undefined,
      ]);
      const features = Array.isArray(d.features) ? d.features.map(String) : [];
      return {
        id: str(d.id),
        name: str(d.name) || str(d.model),
        model: str(d.model),
        ip: str(d.ipAddress),
        state: str(d.state) || 'UNKNOWN',
        online: d.state === 'ONLINE',
        firmware: str(detail?.firmwareVersion),
        firmware_update: detail?.firmwareUpdatable === true,
        uptime_s: typeof stats?.uptimeSec === 'number' ? stats.uptimeSec : 0,
        gateway: features.includes('gateway'),
        wan: stats?.uplink && typeof stats.uplink === 'object' ? { tx_bps: Number(stats.uplink.txRateBps) || 0, rx_bps: Number(stats.uplink.rxRateBps) || 0 } : undefined,
      };
    }),
  );
}

async function clients(conn, siteId) {
  return (await all(conn, `/sites/${siteId}/clients`)).map((c) => ({
    id: str(c.id),
    name: str(c.name) || str(c.macAddress) || str(c.ipAddress),
    ip: str(c.ipAddress),
    mac: str(c.macAddress),
    type: str(c.type) || 'UNKNOWN',
    online: true,
    connected_at: str(c.connectedAt),
  }));
}

/** The internet as the gateway sees it: online and with a WAN uplink. */
function internetOf(deviceList) {
  const gateway = deviceList.find((d) => d.gateway);
  if (!gateway) return { known: false, online: false, gateway: '' };
  return { known: true, online: gateway.online && gateway.wan !== undefined, gateway: gateway.name, ...(gateway.wan ? { wan: gateway.wan } : {}) };
}

const squash = (s) => s.toLowerCase().replace(/[^a-z0-9äöüß]/g, '');

function pick(list, wanted, kind) {
  const text = String(wanted).trim();
  const exact = list.filter((x) => x.id === text || x.mac.toLowerCase() === text.toLowerCase() || x.ip === text || squash(x.name) === squash(text));
  const matches = exact.length > 0 ? exact : squash(text).length >= 3 ? list.filter((x) => squash(x.name).includes(squash(text))) : [];
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) throw new SkillError('AMBIGUOUS', `Mehrere ${kind} passen zu „${text}“: ${matches.map((x) => x.name).join(', ')}.`);
  throw new SkillError('NOT_FOUND', `Kein ${kind === 'Geräte' ? 'Gerät' : 'Client'} passt zu „${text}“.`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function clientAction(action, done) {
  return async (input) => {
    const conn = consoleConnection(WHAT);
    const s = await site(conn);
    const list = await clients(conn, s.id);
    // A blocked client is no longer connected: unblocking accepts its id as shown before.
    const target = action === 'UNBLOCK' && UUID.test(String(input.client).trim()) && !list.some((c) => c.id === input.client)
      ? { id: String(input.client).trim(), name: String(input.client).trim() }
      : pick(list, input.client, 'Clients');
    await consoleJson(conn, 'POST', `${API}/sites/${s.id}/clients/${target.id}/actions`, { action });
    return { data: { client: { id: target.id, name: target.name }, action }, message: `${target.name} ${done}.`, mutated: true };
  };
}

await skillMain({
  async overview() {
    const conn = consoleConnection(WHAT);
    const s = await site(conn);
    const [deviceList, clientList] = await Promise.all([devices(conn, s.id), clients(conn, s.id)]);
    const internet = internetOf(deviceList);
    const offline = deviceList.filter((d) => !d.online).length;
    return {
      data: { site: { id: str(s.id), name: str(s.name) }, internet, devices: deviceList, clients: clientList },
      message: `${internet.online ? 'Internet ist da' : internet.known ? 'Internet ist weg' : 'Internet unbekannt'}; ${deviceList.length} Geräte (${offline} offline), ${clientList.length} Clients verbunden.`,
    };
  },
  async wifi_clients() {
    const conn = consoleConnection(WHAT);
    const s = await site(conn);
    const wifi = (await clients(conn, s.id)).filter((c) => c.type === 'WIRELESS');
    return { data: { clients: wifi }, message: wifi.length === 0 ? 'Gerade ist niemand im WLAN.' : `Im WLAN: ${wifi.map((c) => c.name).join(', ')}.` };
  },
  async internet() {
    const conn = consoleConnection(WHAT);
    const s = await site(conn);
    const internet = internetOf(await devices(conn, s.id));
    const message = !internet.known
      ? 'Kein UniFi-Gateway gefunden; ob das Internet da ist, kann ich so nicht sagen.'
      : internet.online
        ? `Ja, das Internet ist da (über ${internet.gateway}).`
        : `Nein, ${internet.gateway} hat gerade keine Internetverbindung.`;
    return { data: internet, message };
  },
  async restart_device(input) {
    const conn = consoleConnection(WHAT);
    const s = await site(conn);
    const device = pick(await devices(conn, s.id).then((l) => l.map((d) => ({ ...d, mac: '' }))), input.device, 'Geräte');
    await consoleJson(conn, 'POST', `${API}/sites/${s.id}/devices/${device.id}/actions`, { action: 'RESTART' });
    return { data: { device: { id: device.id, name: device.name }, action: 'RESTART' }, message: `${device.name} startet neu.`, mutated: true };
  },
  block_client: clientAction('BLOCK', 'ist jetzt gesperrt'),
  unblock_client: clientAction('UNBLOCK', 'ist wieder freigegeben'),
});
