// UniFi Protect over the Protect integration API (v1) of a UniFi OS console: cameras and
// their state, a current snapshot; the one setting change offered (the microphone) is a
// privacy change and declared `security`.
import { consoleConnection, consoleJson, consoleRequest } from '../_lib/unifi-console.mjs';
import { skillMain, SkillError } from '../_lib/skill-main.mjs';

const WHAT = 'UniFi Protect';
const API = '/proxy/protect/integration/v1';
// Base64 grows by a third; the skill's whole answer must stay under the runner's 1 MB.
const MAX_SNAPSHOT_BYTES = 600 * 1024;

const str = (v) => (typeof v === 'string' ? v : '');

async function cameras(conn) {
  const list = await consoleJson(conn, 'GET', `${API}/cameras`);
  if (!Array.isArray(list)) throw new SkillError('BAD_ANSWER', 'UniFi Protect hat keine Kameraliste geschickt.');
  return list.map((c) => ({
    id: str(c.id),
    name: str(c.name) || str(c.id),
    state: str(c.state) || 'UNKNOWN',
    connected: c.state === 'CONNECTED',
    mic_enabled: c.isMicEnabled === true,
    // The API marks no doorbell as such; its model name (`type`, e.g. "G4 Doorbell Pro") does.
    model: str(c.type),
    doorbell: /doorbell/i.test(str(c.type)),
    smart_detect_types: Array.isArray(c.featureFlags?.smartDetectTypes) ? c.featureFlags.smartDetectTypes.map(String) : [],
  }));
}

const squash = (s) => s.toLowerCase().replace(/[^a-z0-9äöüß]/g, '');

function pick(list, wanted) {
  const text = String(wanted).trim();
  const exact = list.filter((c) => c.id === text || squash(c.name) === squash(text));
  const matches = exact.length > 0 ? exact : squash(text).length >= 3 ? list.filter((c) => squash(c.name).includes(squash(text))) : [];
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) throw new SkillError('AMBIGUOUS', `Mehrere Kameras passen zu „${text}“: ${matches.map((c) => c.name).join(', ')}.`);
  throw new SkillError('NOT_FOUND', `Keine Kamera heißt „${text}“. Vorhanden: ${list.map((c) => c.name).join(', ') || 'keine'}.`);
}

await skillMain({
  async cameras() {
    const list = await cameras(consoleConnection(WHAT));
    const offline = list.filter((c) => !c.connected);
    return {
      data: { cameras: list },
      message: `${list.length} Kamera(s)${offline.length ? `, offline: ${offline.map((c) => c.name).join(', ')}` : ', alle verbunden'}.`,
    };
  },
  async snapshot(input, { context }) {
    const conn = consoleConnection(WHAT);
    const camera = pick(await cameras(conn), input.camera);
    const res = await consoleRequest(conn, 'GET', `${API}/cameras/${encodeURIComponent(camera.id)}/snapshot?highQuality=false`, { accept: 'image/jpeg' });
    const type = String(res.headers['content-type'] ?? '').split(';')[0].trim();
    if (!/^image\/(jpeg|png)$/.test(type)) throw new SkillError('BAD_ANSWER', `${camera.name} hat kein Bild geschickt.`);
    if (res.raw.length > MAX_SNAPSHOT_BYTES) throw new SkillError('TOO_LARGE', `Das Bild von ${camera.name} ist zu groß (${res.raw.length} Bytes).`);
    // The path first: the assistant reads (and may cut) the answer from the front.
    return {
      data: {
        image_path: `/api/home/protect/cameras/${encodeURIComponent(camera.id)}/snapshot`,
        camera: { id: camera.id, name: camera.name },
        taken_at: typeof context.now === 'string' ? context.now : new Date().toISOString(),
        content_type: type,
        bytes: res.raw.length,
        image_base64: res.raw.toString('base64'),
      },
      message: `Aktuelles Bild von ${camera.name}.`,
    };
  },
  async set_microphone(input) {
    const conn = consoleConnection(WHAT);
    const camera = pick(await cameras(conn), input.camera);
    await consoleJson(conn, 'PATCH', `${API}/cameras/${encodeURIComponent(camera.id)}`, { micVolume: input.enabled ? 100 : 0 });
    return { data: { camera: { id: camera.id, name: camera.name }, enabled: input.enabled }, message: `Mikrofon von ${camera.name} ${input.enabled ? 'an' : 'aus'}.`, mutated: true };
  },
});
