import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HUE_IDS, startHueBridge, type HueBridgeStandIn } from '../../../src-main/testing/hue-bridge';
import { selfSignedCert } from '../../../src-main/testing/self-signed-cert';
// @ts-expect-error the skill pack is plain JavaScript (no npm dependencies, no build step)
import { runEnvelope } from '../_lib/skill-main.mjs';
// @ts-expect-error see above
import { hueActions } from './actions.mjs';
import { deviceViewProblems } from '../home-skill-testing';

// The skill against a stand-in bridge written from Philips' CLIP API v2 documentation
// (src-main/testing/hue-bridge.ts says which parts).

const here = dirname(fileURLToPath(import.meta.url));

interface Result {
  success: boolean;
  data?: any;
  error?: { code: string; message: string };
  message?: string;
  mutated?: boolean;
}

function call(action: string, input: object, env: Record<string, string>): Promise<Result> {
  return runEnvelope({ protocol: 'jarvis.skill.v1', action, input, context: {} }, hueActions, env);
}

describe('home.hue against a stand-in bridge', () => {
  let bridge: HueBridgeStandIn;
  let env: Record<string, string>;

  beforeAll(async () => {
    bridge = await startHueBridge();
  });
  afterAll(() => bridge.close());
  beforeEach(() => {
    bridge.requests.length = 0;
    env = { HUE_BRIDGE_URL: bridge.url, HUE_APPLICATION_KEY: bridge.key, HUE_CERT_FINGERPRINT: bridge.fingerprint.toUpperCase().match(/.{2}/g)!.join(':') };
  });

  it('lists rooms with their lights, zones, scenes and the state', async () => {
    const r = await call('overview', {}, env);
    expect(r.success).toBe(true);
    expect(deviceViewProblems('home.hue', r.data)).toEqual([]);
    const living = r.data.rooms.find((x: { name: string }) => x.name === 'Wohnzimmer');
    expect(living).toMatchObject({ kind: 'room', grouped_light: HUE_IDS.livingGroup, on: false, lights: [HUE_IDS.sofa, HUE_IDS.floor] });
    const zone = r.data.rooms.find((x: { name: string }) => x.name === 'Erdgeschoss');
    expect(zone).toMatchObject({ kind: 'zone', lights: [HUE_IDS.sofa, HUE_IDS.table] });
    expect(r.data.lights.find((l: { id: string }) => l.id === HUE_IDS.sofa)).toMatchObject({ name: 'Sofa', on: false, brightness: 50, mirek: 366, color: true });
    expect(r.data.scenes.map((s: { name: string }) => s.name)).toEqual(['Abendessen', 'Entspannen']);
  });

  it('switches a room through its grouped light, with the application key header', async () => {
    const r = await call('room_set', { room: 'wohnzimmer', on: true }, env);
    expect(r).toMatchObject({ success: true, mutated: true, data: { id: HUE_IDS.livingRoom, name: 'Wohnzimmer' } });
    const put = bridge.requests.find((q) => q.method === 'PUT');
    expect(put).toMatchObject({ path: `/clip/v2/resource/grouped_light/${HUE_IDS.livingGroup}`, body: { on: { on: true } } });
    expect(bridge.resources.light!.find((l) => l.id === HUE_IDS.sofa)!.on.on).toBe(true);
  });

  it('in a long-lived process a second switch is one PUT: the room names are kept, an unknown one looked up afresh', async () => {
    const rooms = () => bridge.requests.filter((r) => r.method === 'GET' && r.path === '/clip/v2/resource/room').length;
    expect((await call('room_set', { room: 'Küche', on: true }, env)).success).toBe(true);
    const looked = rooms();
    expect((await call('room_set', { room: 'Küche', on: false }, env)).success).toBe(true);
    expect(rooms()).toBe(looked);
    expect(bridge.requests.filter((r) => r.method === 'PUT')).toHaveLength(2);
    expect((await call('room_set', { room: 'Dachboden', on: true }, env)).error?.code).toBe('NOT_FOUND');
    expect(rooms()).toBe(looked + 1);
  });

  it('"auf 30 Prozent" dims and switches on; a single light takes colour temperature and colour', async () => {
    await call('room_set', { room: 'Küche', brightness: 30 }, env);
    expect(bridge.requests.at(-1)).toMatchObject({ method: 'PUT', body: { dimming: { brightness: 30 }, on: { on: true } } });
    const r = await call('light_set', { light: 'Sofa', mirek: 250, xy: { x: 0.3, y: 0.3 } }, env);
    expect(r.success).toBe(true);
    expect(bridge.requests.at(-1)).toMatchObject({
      path: `/clip/v2/resource/light/${HUE_IDS.sofa}`,
      body: { color_temperature: { mirek: 250 }, color: { xy: { x: 0.3, y: 0.3 } } },
    });
  });

  it('recalls a scene by name', async () => {
    const r = await call('scene_recall', { scene: 'Abendessen' }, env);
    expect(r).toMatchObject({ success: true, data: { name: 'Abendessen', room: 'Küche' } });
    expect(bridge.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/clip/v2/resource/scene/${HUE_IDS.dinner}`, body: { recall: { action: 'active' } } });
    expect(bridge.resources.light!.find((l) => l.id === HUE_IDS.table)!.dimming.brightness).toBe(80);
  });

  it('names what it knows when a room or scene is unknown, and changes nothing', async () => {
    const r = await call('room_set', { room: 'Dachboden', on: true }, env);
    expect(r.error).toMatchObject({ code: 'NOT_FOUND' });
    expect(r.error!.message).toContain('Wohnzimmer');
    expect(bridge.requests.some((q) => q.method === 'PUT')).toBe(false);
  });

  it('says which setting is missing', async () => {
    expect((await call('overview', {}, {})).error).toMatchObject({ code: 'NOT_CONFIGURED', message: expect.stringContaining('HUE_BRIDGE_URL') });
    expect((await call('overview', {}, { HUE_BRIDGE_URL: bridge.url })).error).toMatchObject({ code: 'NOT_CONFIGURED', message: expect.stringContaining('HUE_APPLICATION_KEY') });
    expect((await call('overview', {}, { HUE_BRIDGE_URL: bridge.url, HUE_APPLICATION_KEY: 'k' })).error).toMatchObject({
      code: 'NOT_CONFIGURED',
      message: expect.stringContaining('HUE_CERT_FINGERPRINT'),
    });
  });

  it('reports a wrong application key as the bridge refusing it, without echoing the key', async () => {
    const r = await call('overview', {}, { ...env, HUE_APPLICATION_KEY: 'wrong-key-123' });
    expect(r.error).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(r.error!.message).not.toContain('wrong-key-123');
  });

  it('refuses a bridge whose certificate changed and sends it nothing', async () => {
    const r = await call('room_set', { room: 'Wohnzimmer', on: false }, { ...env, HUE_CERT_FINGERPRINT: selfSignedCert('other').fingerprint });
    expect(r.error).toMatchObject({ code: 'CERT_FINGERPRINT_CHANGED' });
    expect(bridge.requests).toEqual([]);
  });

  it('reports an unreachable bridge', async () => {
    const r = await call('overview', {}, { ...env, HUE_BRIDGE_URL: 'https://127.0.0.1:1' });
    expect(r.error).toMatchObject({ code: 'UNREACHABLE' });
  });

  it('gives up on a bridge that does not answer in time (6 s) and says so', async () => {
    bridge.delayMs = 8000;
    try {
      const r = await call('overview', {}, env);
      expect(r.error).toMatchObject({ code: 'TIMEOUT' });
    } finally {
      bridge.delayMs = 0;
    }
  }, 20_000);

  it('runs as a process: one envelope on stdin, one result on stdout, settings only from the environment', async () => {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(join(here, 'run'), [], { cwd: here, env: { PATH: process.env.PATH ?? '', ...env } });
      let text = '';
      child.stdout.on('data', (c) => (text += c));
      child.on('error', reject);
      child.on('close', () => resolve(text));
      child.stdin.end(JSON.stringify({ protocol: 'jarvis.skill.v1', request_id: 'r1', skill_id: 'home.hue', action: 'scene_recall', input: { scene: 'Entspannen' }, context: {} }));
    });
    expect(JSON.parse(out)).toMatchObject({ protocol: 'jarvis.skill.v1', success: true, data: { name: 'Entspannen', room: 'Wohnzimmer' } });
  });
});
