import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOME_CONTROL_TOOLS, type PolicyDecision, type ServerEvent } from '../../src-shared';
import { HUE_IDS, startHueBridge, type HueBridgeStandIn } from '../testing/hue-bridge';
import { selfSignedCert } from '../testing/self-signed-cert';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The real master with the bundled home skills (skills/home) against the stand-in Hue
// bridge (written from Philips' CLIP API v2 documentation, see testing/hue-bridge.ts).

const skillsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills', 'home');
const HUE_ENV = ['HUE_BRIDGE_URL', 'HUE_APPLICATION_KEY', 'HUE_CERT_FINGERPRINT', 'WOL_TARGETS'] as const;

/** Reads the master's event stream until `want` matches an event (or the bound runs out). */
async function nextEvent(url: string, want: (e: ServerEvent) => boolean, action: () => void): Promise<ServerEvent> {
  const abort = new AbortController();
  const bound = setTimeout(() => abort.abort(), 15_000);
  try {
    const res = await fetch(`${url}/api/events`, { signal: abort.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let acted = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('event stream ended');
      buffer += value;
      if (!acted && buffer.includes(': connected')) {
        acted = true;
        action();
      }
      for (const block of buffer.split('\n\n').slice(0, -1)) {
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (!data) continue;
        const event = JSON.parse(data.slice(6)) as ServerEvent;
        if (want(event)) return event;
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    }
  } finally {
    clearTimeout(bound);
    abort.abort();
  }
}

describe('home control in the master', () => {
  let bridge: HueBridgeStandIn;
  let tm: TestMaster;
  const saved: Record<string, string | undefined> = {};

  const puts = () => bridge.requests.filter((r) => r.method === 'PUT');
  const decisions = (traceId: string): PolicyDecision[] =>
    (tm.master.capabilities.protocol.service.session(`ws_${traceId}`)?.records.PolicyDecision ?? []) as PolicyDecision[];

  beforeAll(async () => {
    bridge = await startHueBridge();
    const env = { HUE_BRIDGE_URL: bridge.url, HUE_APPLICATION_KEY: bridge.key, HUE_CERT_FINGERPRINT: bridge.fingerprint };
    // Skill processes get their settings from the master's environment, by runtime.env_from.
    for (const name of HUE_ENV) saved[name] = process.env[name];
    Object.assign(process.env, env);
    delete process.env.WOL_TARGETS;
    tm = await startTestMaster({ ...env, JARVIS_SKILLS_DIR: skillsDir });
    // The follower connects in the background; wait (bounded) until the bridge sees its stream.
    for (let i = 0; i < 200 && bridge.streams() === 0; i++) await new Promise((r) => setTimeout(r, 25));
  });
  afterAll(async () => {
    await tm?.close();
    await bridge?.close();
    for (const name of HUE_ENV)
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
  });
  beforeEach(() => {
    bridge.requests.length = 0;
  });

  it('GET /api/home/hue: rooms, lights and scenes, and whether the screen is live', async () => {
    const res = await tm.request('/api/home/hue');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ state: 'ready', live: true });
    expect(res.json.hue.rooms.map((r: { name: string }) => r.name)).toEqual(['Wohnzimmer', 'Küche', 'Erdgeschoss']);
    expect(bridge.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('a switch pressed on the wall reaches the event stream as home.light.changed', async () => {
    const event = await nextEvent(
      tm.url,
      (e) => e.type === 'home.light.changed',
      () => bridge.pressWallSwitch(HUE_IDS.floor, true),
    );
    expect(event.data).toMatchObject({ integration: 'hue' });
    expect((event.data as { changes: unknown[] }).changes).toEqual(
      expect.arrayContaining([
        { kind: 'light', id: HUE_IDS.floor, fields: { on: true } },
        { kind: 'light', id: HUE_IDS.livingGroup, fields: { on: true } },
      ]),
    );
  });

  it('the screen switches a room through POST /api/tools (the registry)', async () => {
    const res = await tm.request(`/api/tools/${HOME_CONTROL_TOOLS.hueRoom}`, {
      json: { arguments: { room: HUE_IDS.kitchen, brightness: 40 } },
    });
    expect(res.json).toMatchObject({ success: true, mutated: true });
    expect(puts()).toEqual([
      expect.objectContaining({
        path: `/clip/v2/resource/grouped_light/${HUE_IDS.kitchenGroup}`,
        body: { dimming: { brightness: 40 }, on: { on: true } },
      }),
    ]);
  });

  it('"Licht im Wohnzimmer an" from the chat route reaches the bridge without the model', async () => {
    const res = await tm.request('/api/agent/chat', { json: { message: 'Licht im Wohnzimmer an' } });
    expect(res.json.reply).toBe('Wohnzimmer: Licht an.');
    expect(puts()).toEqual([
      expect.objectContaining({ path: `/clip/v2/resource/grouped_light/${HUE_IDS.livingGroup}`, body: { on: { on: true } } }),
    ]);
  });

  it('a light change the household marked "ask" waits for "ja"; a denied action never reaches the bridge; the protocol records both', async () => {
    const policy = (await tm.request('/api/policy/risk')).json.policy;
    const put = await tm.request('/api/policy/risk', {
      method: 'PUT',
      json: { ...policy, overrides: { [HOME_CONTROL_TOOLS.hueRoom]: 'ask', [HOME_CONTROL_TOOLS.hueScene]: 'deny' } },
    });
    expect(put.status).toBe(200);
    try {
      const asked = await tm.request('/api/agent/chat', { json: { message: 'Licht im Wohnzimmer aus' } });
      expect(asked.json.pending).toMatchObject({ tool: HOME_CONTROL_TOOLS.hueRoom, arguments: { room: 'Wohnzimmer', on: false } });
      expect(puts()).toEqual([]);
      expect(decisions(asked.json.trace_id)).toEqual([
        expect.objectContaining({ risk: 'reversible', rule: `override:${HOME_CONTROL_TOOLS.hueRoom}` }),
      ]);
      const yes = await tm.request('/api/agent/chat', { json: { message: 'ja' } });
      expect(yes.json.tool_calls).toEqual([
        expect.objectContaining({ tool: HOME_CONTROL_TOOLS.hueRoom, result: expect.objectContaining({ success: true }) }),
      ]);
      expect(puts()).toEqual([expect.objectContaining({ body: { on: { on: false } } })]);

      bridge.requests.length = 0;
      const denied = await tm.request('/api/agent/chat', { json: { message: 'Szene Abendessen' } });
      expect(denied.json.reply).toContain('gesperrt');
      expect(bridge.requests).toEqual([]);
      const refused = await tm.request(`/api/tools/${HOME_CONTROL_TOOLS.hueScene}`, { json: { arguments: { scene: 'Abendessen' } } });
      expect(refused.json.error).toMatchObject({ code: 'POLICY_DENIED' });
      expect(bridge.requests).toEqual([]);
      expect(decisions(denied.json.trace_id)).toEqual([expect.objectContaining({ rule: `override:${HOME_CONTROL_TOOLS.hueScene}` })]);
    } finally {
      await tm.request('/api/policy/risk', { method: 'PUT', json: policy });
    }
  });

  it('a bridge whose certificate changed is refused and gets nothing; the screen says so', async () => {
    process.env.HUE_CERT_FINGERPRINT = selfSignedCert('impostor').fingerprint;
    try {
      const res = await tm.request('/api/home/hue');
      expect(res.json).toMatchObject({ state: 'error', code: 'CERT_FINGERPRINT_CHANGED' });
      expect(bridge.requests).toEqual([]);
    } finally {
      process.env.HUE_CERT_FINGERPRINT = bridge.fingerprint;
    }
  });

  it('GET /api/home/machines without WOL_TARGETS: not set up', async () => {
    expect((await tm.request('/api/home/machines')).json).toMatchObject({ state: 'not_configured', code: 'NOT_CONFIGURED' });
  });

  it('the application key appears in no trace and no export', async () => {
    const exported = await tm.request('/api/debug/export');
    expect(exported.text).not.toContain(bridge.key);
    expect((await tm.request('/api/config')).text).not.toContain(bridge.key);
  });
});
