// UniFi Network over the official Network integration API (v1) of a UniFi OS console:
// sites, devices, clients, the internet connection; restart a device. Blocking a client is
// not in the integration API (its client actions are guest authorisation only), so block
// and unblock use the Network application's own station manager on the same console.
import { consoleConnection, consoleJson } from '../_lib/unifi-console.mjs';
import { skillMain, SkillError } from '../_lib/skill-main.mjs';

const WHAT = 'UniFi Network';
const API = '/proxy/network/integration/v1';
const APP = '/proxy/network/api/s';
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
const namesOf = (x) => [x.name, x.hostname].filter((n) => typeof n === 'string' && n !== '');

function pick(list, wanted, kind) {
  const text = String(wanted).trim();
  const same = (a, b) => a !== '' && a.toLowerCase() === b.toLowerCase();
  const exact = list.filter((x) => same(x.id, text) || same(x.mac, text) || same(x.ip, text) || namesOf(x).some((n) => squash(n) !== '' && squash(n) === squash(text)));
  const matches = exact.length > 0 ? exact : squash(text).length >= 3 ? list.filter((x) => namesOf(x).some((n) => squash(n).includes(squash(text)))) : [];
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) throw new SkillError('AMBIGUOUS', `Mehrere ${kind} passen zu „${text}“: ${matches.map((x) => x.name).join(', ')}.`);
  throw new SkillError('NOT_FOUND', `Kein ${kind === 'Geräte' ? 'Gerät' : 'Client'} passt zu „${text}“.`);
}

const MAC = /^[0-9a-f]{2}([:-][0-9a-f]{2}){5}$/i;

/** One call to the Network application's own API ({meta: {rc, msg}, data}): anything but rc "ok" is a refusal. */
async function app(conn, short, method, path, body) {
  const answer = await consoleJson(conn, method, `${APP}/${encodeURIComponent(short)}${path}`, body);
  if (answer?.meta?.rc !== 'ok') throw new SkillError('UPSTREAM_ERROR', `${WHAT} hat die Anfrage abgelehnt (${str(answer?.meta?.msg).slice(0, 300) || 'ohne Begründung'}).`);
  return Array.isArray(answer.data) ? answer.data : [];
}

/** The site's short name the Network application's own API is addressed by ("default"). */
function shortName(s) {
  const short = str(s.internalReference);
  if (!short) throw new SkillError('BAD_ANSWER', `${WHAT} nennt den Kurznamen des Standorts „${str(s.name)}“ nicht; sperren und freigeben geht so nicht.`);
  return short;
}

/** Every client the site has seen, connected or not, blocked ones included. */
async function knownClients(conn, short) {
  return (await app(conn, short, 'GET', '/rest/user')).map((u) => ({
    id: '',
    name: str(u.name) || str(u.hostname) || str(u.mac),
    hostname: str(u.hostname),
    ip: '',
    mac: str(u.mac).toLowerCase(),
    blocked: u.blocked === true,
  }));
}

async function stationCommand(conn, short, cmd, target) {
  if (!target.mac) throw new SkillError('NOT_SUPPORTED', `${target.name} hat keine MAC-Adresse; so lässt es sich nicht sperren oder freigeben.`);
  await app(conn, short, 'POST', '/cmd/stamgr', { cmd, mac: target.mac });
}

const outcome = (target, action, message) => ({ data: { client: { name: target.name, mac: target.mac }, action }, message, mutated: true });

async function blockClient(input) {
  const conn = consoleConnection(WHAT);
  const s = await site(conn);
  const short = shortName(s);
  // Connected clients first (the names and addresses the overview shows), then those seen before.
  let target;
  try {
    target = pick(await clients(conn, s.id), input.client, 'Clients');
  } catch (err) {
    if (err.code !== 'NOT_FOUND') throw err;
    target = pick(await knownClients(conn, short), input.client, 'Clients');
  }
  await stationCommand(conn, short, 'block-sta', target);
  return outcome(target, 'BLOCK', `${target.name} ist jetzt gesperrt.`);
}

async function unblockClient(input) {
  const conn = consoleConnection(WHAT);
  const s = await site(conn);
  const short = shortName(s);
  const text = String(input.client).trim();
  // A blocked client is no longer connected: it is found among the known clients, or by its MAC.
  const known = await knownClients(conn, short);
  let target;
  if (MAC.test(text)) {
    const mac = text.toLowerCase().replace(/-/g, ':');
    target = known.find((c) => c.mac === mac) ?? { name: mac, mac, blocked: true };
  } else {
    try {
      target = pick(known.filter((c) => c.blocked), text, 'gesperrte Clients');
    } catch (err) {
      if (err.code !== 'NOT_FOUND') throw err;
      const free = pick(known, text, 'Clients');
      return { data: { client: { name: free.name, mac: free.mac }, action: 'UNBLOCK' }, message: `${free.name} ist gar nicht gesperrt.` };
    }
  }
  await stationCommand(conn, short, 'unblock-sta', target);
  return outcome(target, 'UNBLOCK', `${target.name} ist wieder freigegeben.`);
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
  block_client: blockClient,
  unblock_client: unblockClient,
});
