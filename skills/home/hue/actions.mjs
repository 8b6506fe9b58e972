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
    const lights = (await clip(settings, 'GET', '/clip/v2/resource/light')).map((l) => ({ id: l.id, name: l.metadata?.name ?? l.id }));
    const light = pick(lights, input.light, 'Lampen');
    await clip(settings, 'PUT', `/clip/v2/resource/light/${encodeURIComponent(light.id)}`, lightBody(input));
    return { data: { id: light.id, name: light.name }, message: describeChange(light.name, input), mutated: true };
  },

  async room_set(input, { env }) {
    const settings = hueSettings(env);
    const { rooms } = await groupsOnly(settings);
    const room = pick(rooms, input.room, 'Räume und Zonen');
    if (!room.grouped_light) throw new SkillError('NOT_FOUND', `${room.name} hat keine Lampen, die die Bridge gemeinsam schalten kann.`);
    await clip(settings, 'PUT', `/clip/v2/resource/grouped_light/${encodeURIComponent(room.grouped_light)}`, lightBody(input));
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

function groupView(g) {
  return { id: g.id, name: g.metadata?.name ?? g.id, grouped_light: (g.services ?? []).find((s) => s.rtype === 'grouped_light')?.rid };
}

async function groupsOnly(settings) {
  const [rooms, zones] = await clipAll(settings, ['/clip/v2/resource/room', '/clip/v2/resource/zone']);
  return { rooms: [...rooms, ...zones].map(groupView) };
}
