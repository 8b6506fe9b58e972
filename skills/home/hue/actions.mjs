// The actions of home.hue: read the bridge, change lights and rooms, recall scenes.
import { SkillError } from '../_lib/skill-main.mjs';
import { clip, describeChange, hueOverview, hueSettings, lightBody, pick } from './hue-client.mjs';

export const hueActions = {
  async overview(_input, { env }) {
    const data = await hueOverview(hueSettings(env));
    return { data, message: `${data.rooms.length} Räume/Zonen, ${data.lights.length} Lampen, ${data.scenes.length} Szenen.` };
  },

  async light_set(input, { env }) {
    const settings = hueSettings(env);
    const lights = (await clip(settings, 'GET', '/clip/v2/resource/light')).map((l) => ({ id: l.id, name: l.metadata?.name ?? l.id }));
    const light = pick(lights, input.light, 'light');
    await clip(settings, 'PUT', `/clip/v2/resource/light/${encodeURIComponent(light.id)}`, lightBody(input));
    return { data: { id: light.id, name: light.name }, message: describeChange(light.name, input), mutated: true };
  },

  async room_set(input, { env }) {
    const settings = hueSettings(env);
    const { rooms } = await groupsOnly(settings);
    const room = pick(rooms, input.room, 'room or zone');
    if (!room.grouped_light) throw new SkillError('NOT_FOUND', `${room.name} has no lights the bridge can switch together.`);
    await clip(settings, 'PUT', `/clip/v2/resource/grouped_light/${encodeURIComponent(room.grouped_light)}`, lightBody(input));
    return { data: { id: room.id, name: room.name }, message: describeChange(room.name, input), mutated: true };
  },

  async scene_recall(input, { env }) {
    const settings = hueSettings(env);
    const [scenes, { rooms }] = await Promise.all([clip(settings, 'GET', '/clip/v2/resource/scene'), groupsOnly(settings)]);
    let candidates = scenes.map((s) => ({ id: s.id, name: s.metadata?.name ?? s.id, group: s.group?.rid }));
    if (input.room) {
      const room = pick(rooms, input.room, 'room or zone');
      candidates = candidates.filter((s) => s.group === room.id);
    }
    const scene = pick(candidates, input.scene, 'scene');
    await clip(settings, 'PUT', `/clip/v2/resource/scene/${encodeURIComponent(scene.id)}`, { recall: { action: 'active' } });
    const room = rooms.find((r) => r.id === scene.group);
    return { data: { id: scene.id, name: scene.name, room: room?.name ?? null }, message: `Szene ${scene.name}${room ? ` in ${room.name}` : ''}.`, mutated: true };
  },
};

async function groupsOnly(settings) {
  const [rooms, zones] = await Promise.all([clip(settings, 'GET', '/clip/v2/resource/room'), clip(settings, 'GET', '/clip/v2/resource/zone')]);
  const view = (g) => ({ id: g.id, name: g.metadata?.name ?? g.id, grouped_light: (g.services ?? []).find((s) => s.rtype === 'grouped_light')?.rid });
  return { rooms: [...rooms.map(view), ...zones.map(view)] };
}
