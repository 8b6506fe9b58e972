import { createSocket, type Socket } from 'node:dgram';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_CONTROL_TOOLS } from '../../src-shared';
import { newTraceId } from '../platform/trace';
import { HUE_IDS, startHueBridge, type HueBridgeStandIn } from '../testing/hue-bridge';
import { activateRemoteSkills } from '../testing/skill-proposals';
import { buildWorkerBundle, eventually, startWorker, type RunningWorker } from '../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The same home skills, unchanged, on a real runtime worker: their settings and secrets live
// only in the worker's environment; the master knows none of them and still drives the
// bridge (stand-in written from Philips' CLIP API v2 documentation) through the registry.

const skillsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills', 'home');
const TOKEN = 'home-worker-enrollment-token';

describe('home skills on a runtime worker', () => {
  let bridge: HueBridgeStandIn;
  let tm: TestMaster;
  let worker: RunningWorker;
  let udp: Socket;
  let udpPort = 0;

  beforeAll(async () => {
    await buildWorkerBundle();
    bridge = await startHueBridge();
    udp = createSocket('udp4');
    await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));
    udpPort = udp.address().port;
    tm = await startTestMaster({ JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN, JARVIS_SKILL_PROCESS_ENABLED: 'false' });
    worker = await startWorker({
      masterUrl: tm.meshUrl!,
      token: TOKEN,
      runtime: 'node',
      name: 'home-node',
      skillsDir,
      env: {
        PATH: `/usr/bin:/bin:${process.env.PATH ?? ''}`,
        HUE_BRIDGE_URL: bridge.url,
        HUE_APPLICATION_KEY: bridge.key,
        HUE_CERT_FINGERPRINT: bridge.fingerprint,
        WOL_TARGETS: `Gaming-PC=aa:bb:cc:dd:ee:ff@127.0.0.1:${udpPort}`,
      },
    });
    await activateRemoteSkills(tm, ['home.hue', 'home.network', 'home.ntfy'], 30_000);
    await eventually(() => tm.master.platform.registry.get(HOME_CONTROL_TOOLS.wake), 30_000, 'the worker to register the home skills');
  }, 120_000);

  afterAll(async () => {
    await worker?.stop('SIGTERM');
    await tm?.close();
    await bridge?.close();
    udp?.close();
  });

  it('the master holds none of the secrets', () => {
    expect(process.env.HUE_APPLICATION_KEY).toBeUndefined();
    expect(tm.config.hueApplicationKey).toBeUndefined();
  });

  it('each action arrives with its declared risk class', () => {
    const risk = (name: string) => tm.master.platform.registry.get(name)?.risk;
    expect(tm.master.platform.registry.get(HOME_CONTROL_TOOLS.hueRoom)?.provider).toBe('remote');
    expect(risk(HOME_CONTROL_TOOLS.hueOverview)).toBe('read');
    expect(risk(HOME_CONTROL_TOOLS.hueRoom)).toBe('reversible');
    expect(risk(HOME_CONTROL_TOOLS.wake)).toBe('reversible');
    expect(risk(HOME_CONTROL_TOOLS.hostUp)).toBe('read');
  });

  it('switches a room on the bridge and shows the overview', async () => {
    const result = await tm.master.platform.registry.call(
      HOME_CONTROL_TOOLS.hueRoom,
      { room: 'Wohnzimmer', on: true },
      { traceId: newTraceId(), now: new Date(), timezone: 'Europe/Berlin', actor: 'user' },
    );
    expect(result).toMatchObject({ success: true, mutated: true });
    expect(bridge.requests.filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({ path: `/clip/v2/resource/grouped_light/${HUE_IDS.livingGroup}`, body: { on: { on: true } } }),
    ]);
    const overview = await tm.request('/api/home/hue');
    expect(overview.json).toMatchObject({ state: 'ready' });
    expect(overview.json.hue.rooms.find((r: { name: string }) => r.name === 'Wohnzimmer').on).toBe(true);
  });

  it('"Weck den Gaming-PC" sends the magic packet from the worker', async () => {
    const packet = new Promise<Buffer>((resolve) => udp.once('message', (m) => resolve(m)));
    const res = await tm.request('/api/agent/chat', { json: { message: 'Weck den Gaming-PC' } });
    expect(res.json.reply).toBe('Weckruf an Gaming-PC geschickt.');
    const bytes = await packet;
    expect(bytes.subarray(0, 6)).toEqual(Buffer.alloc(6, 0xff));
    expect(bytes.subarray(6, 12)).toEqual(Buffer.from('aabbccddeeff', 'hex'));
  });

  it('a setting the worker lacks is reported as not set up', async () => {
    const res = await tm.request(`/api/tools/${HOME_CONTROL_TOOLS.ntfySend}`, { json: { arguments: { message: 'Hallo' } } });
    expect(res.json.error).toMatchObject({ code: 'NOT_CONFIGURED' });
  });
});
