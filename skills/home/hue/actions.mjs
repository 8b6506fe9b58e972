// The actions of home.hue: read the bridge, change lights and rooms, recall scenes.
import { SkillError } from '../_lib/skill-main.mjs';
import { clip, clipAll, describeChange, hueOverview, hueSettings, lightBody, pick } from './hue-client.mjs';

export const hueActions = {
  async overview(_input, { env }) {
    const data = await hueOverview(hueSettings(env));
    return { data, message: `${data.rooms.length} Räume/Zonen, ${data.lights.length} Lampen, ${data.scenes.length} Szenen.` };
  },

  async light_set(input, { env }) {
    const settings = hueSettings(env);
    const loadLights = async () => (await clip(settings, 'GET', '/clip/v2/resource/light')).map((l) => ({ id: l.id, name: l.metadata?.name ?? l.id }));
    const light = await withNames(settings, 'lights', loadLights, async (lights) => {
      const one = pick(lights, input.light, 'Lampen');
      await clip(settings, 'PUT', `/clip/v2/resource/light/${encodeURIComponent(one.id)}`, lightBody(input));
      return one;
    });
    return { data: { id: light.id, name: light.name }, message: describeChange(light.name, input), mutated: true };
  },

  async room_set(input, { env }) {
    const settings = hueSettings(env);
    const room = await withNames(settings, 'groups', async () => (await groupsOnly(settings)).rooms, async (rooms) => {
      const one = pick(rooms, input.room, 'Räume und Zonen');
      if (!one.grouped_light) throw new SkillError('NOT_FOUND', `${one.name} hat keine Lampen, die die Bridge gemeinsam schalten kann.`);
      await clip(settings, 'PUT', `/clip/v2/resource/grouped_light/${encodeURIComponent(one.grouped_light)}`, lightBody(input));
      return one;
    });
    return { data: { id: room.id, name: room.name }, message: describeChange(room.name, input), mutated: true };
  },

  async scene_recall(input, { env }) {
    const settings = hueSettings(env);
    const [scenes, roomList, zoneList] = await clipAll(settings, ['/clip/v2/resource/scene', '/clip/v2/resource/room', '/clip/v2/resource/zone']);
    const rooms = [...roomList, ...zoneList].map(groupView);
    let candidates = scenes.map((s) => ({ id: s.id, name: s.metadata?.name ?? s.id, group: s.group?.rid }));
    if (input.room) {
      const room = pick(rooms, input.room, 'Räume und Zonen');
      candidates = candidates.filter((s) => s.group === room.id);
    }
    const scene = pick(candidates, input.scene, 'Szenen');
    await clip(settings, 'PUT', `/clip/v2/resource/scene/${encodeURIComponent(scene.id)}`, { recall: { action: 'active' } });
    const room = rooms.find((r) => r.id === scene.group);
    return { data: { id: scene.id, name: scene.name, room: room?.name ?? null }, message: `Szene ${scene.name}${room ? ` in ${room.name}` : ''}.`, mutated: true };
  },
};

// A long-lived process keeps the names it looked up (ids of the bridge's lights and rooms do
// not change) for a minute, so a switch costs one PUT instead of a GET and a PUT. A name it
// does not find, or an id the bridge no longer knows, is looked up afresh once.
const NAMES_TTL_MS = 60_000;
const names = new Map();

async function withNames(settings, kind, load, use) {
  const key = `${kind}\0${settings.url}\0${settings.key}\0${settings.fingerprint ?? ''}`;
  const hit = names.get(key);
  if (hit && Date.now() - hit.at < NAMES_TTL_MS) {
    try {
      return await use(hit.list);
    } catch (err) {
      if (!(err instanceof SkillError) || err.code !== 'NOT_FOUND') throw err;
      names.delete(key);
    }
  }
  const list = await load();
  names.set(key, { list, at: Date.now() });
  return use(list);
}

function groupView(g) {
  return { id: g.id, name: g.metadata?.name ?? g.id, grouped_light: (g.services ?? []).find((s) => s.rtype === 'grouped_light')?.rid };
}

async function groupsOnly(settings) {
  const [rooms, zones] = await clipAll(settings, ['/clip/v2/resource/room', '/clip/v2/resource/zone']);
  return { rooms: [...rooms, ...zones].map(groupView) };
}
