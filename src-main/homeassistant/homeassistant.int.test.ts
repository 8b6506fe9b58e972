import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HomeAssistantView, PolicyDecision } from '../../src-shared';
import { startHomeAssistantStandIn, SAMPLE_HOME, type HomeAssistantStandIn } from '../testing/home-assistant-stand-in';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The real master against a stand-in speaking Home Assistant's WebSocket API (written from
// Home Assistant's published WebSocket API documentation; see the stand-in's header).

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.long-lived-token-for-tests';

describe('Home Assistant in the real master', () => {
  let ha: HomeAssistantStandIn;
  let ollama: ScriptedOllama;
  let tm: TestMaster;

  beforeAll(async () => {
    ha = await startHomeAssistantStandIn(structuredClone(SAMPLE_HOME), { token: TOKEN });
    ollama = await startScriptedOllama();
    tm = await startTestMaster({ HOMEASSISTANT_URL: ha.url, HOMEASSISTANT_TOKEN: TOKEN, OLLAMA_URL: ollama.url });
    await vi.waitFor(
      async () => expect(((await tm.request('/api/home/homeassistant')).json as HomeAssistantView).connection).toBe('connected'),
      { timeout: 10_000, interval: 20 },
    );
  });
  afterAll(async () => {
    await tm.close();
    await ollama.close();
    await ha.close();
  });

  it('GET /api/home/homeassistant shows the areas with live states, and the status board reports the link', async () => {
    const view = (await tm.request('/api/home/homeassistant')).json as HomeAssistantView;
    expect(view.url).toBe(ha.url);
    expect(view.areas.map((a) => a.name)).toEqual(['Wohnzimmer', 'Büro', 'Kitchen', 'Flur']);
    const flur = view.areas.find((a) => a.area_id === 'flur');
    // The front door's buttons are marked: the default policy refuses locks.
    expect(flur?.entities).toEqual([expect.objectContaining({ entity_id: 'lock.haustuer', tool: 'homeassistant_lock', blocked: true })]);
    expect(
      view.areas
        .flatMap((a) => a.entities)
        .filter((e) => e.blocked)
        .map((e) => e.entity_id),
    ).toEqual(['lock.haustuer']);
    const health = (await tm.request('/api/health')).json;
    expect(health.components.homeassistant).toMatchObject({ state: 'ok', code: 'homeassistant.connected' });
  });

  it("the UI's quick action is a tool call through the registry; the new state arrives with an event", async () => {
    const events = await fetch(`${tm.url}/api/events`);
    const reader = events.body!.getReader();
    const res = await tm.request('/api/tools/homeassistant_switch', {
      json: { arguments: { target: 'switch.kaffeemaschine', service: 'turn_on' } },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, mutated: true });
    expect(ha.calls).toContainEqual({
      domain: 'switch',
      service: 'turn_on',
      service_data: {},
      target: { entity_id: ['switch.kaffeemaschine'] },
    });
    let seen = '';
    while (!seen.includes('homeassistant.changed')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      seen += new TextDecoder().decode(chunk.value);
    }
    await reader.cancel();
    expect(seen).toContain('homeassistant.changed');
    const view = (await tm.request('/api/home/homeassistant')).json as HomeAssistantView;
    const kitchen = view.areas.find((a) => a.area_id === 'kitchen');
    expect(kitchen?.entities.find((e) => e.entity_id === 'switch.kaffeemaschine')?.state).toBe('on');
  });

  it('the assistant asking to unlock the front door is denied by the risk policy, recorded in the protocol', async () => {
    const before = ha.calls.length;
    ollama.reply(
      { tool_calls: [{ name: 'homeassistant_lock', arguments: { target: 'Haustür', service: 'unlock' } }] },
      { content: 'Geht nicht.' },
    );
    const res = await tm.request('/api/agent/chat', { json: { message: 'Schließ bitte die Haustür auf' } });
    const call = res.json.tool_calls.find((c: { tool: string }) => c.tool === 'homeassistant_lock');
    expect(call.result).toMatchObject({ success: false, error: { code: 'POLICY_DENIED' } });
    const decisions = (tm.master.capabilities.protocol.service.session(`ws_${res.json.trace_id}`)?.records.PolicyDecision ??
      []) as PolicyDecision[];
    expect(decisions).toEqual([
      expect.objectContaining({
        action: expect.objectContaining({ tool: 'homeassistant_lock' }),
        outcome: 'deny',
        risk: 'security',
        rule: 'class:security',
      }),
    ]);
    expect(ha.calls.length).toBe(before);
  });

  it('"Licht im Wohnzimmer an" is a local intent that turns on the room\'s lights in Home Assistant, without the model', async () => {
    const res = await tm.request('/api/agent/chat', { json: { message: 'Licht im Wohnzimmer an' } });
    expect(res.json.reply).toBe('Wohnzimmer: Licht an.');
    expect(ha.calls).toContainEqual({
      domain: 'light',
      service: 'turn_on',
      service_data: {},
      target: { entity_id: ['light.wohnzimmer_decke', 'light.stehlampe'] },
    });
    const decisions = (tm.master.capabilities.protocol.service.session(`ws_${res.json.trace_id}`)?.records.PolicyDecision ??
      []) as PolicyDecision[];
    expect(decisions).toEqual([expect.objectContaining({ outcome: 'allow', risk: 'reversible' })]);
  });

  it('the household lowers one cover in the app; the assistant then closes it without asking, the protocol records its risk', async () => {
    ollama.reply({ tool_calls: [{ name: 'homeassistant_cover', arguments: { target: 'Rollladen links', service: 'close_cover' } }] });
    const asked = await tm.request('/api/agent/chat', { json: { message: 'Mach den linken Rollladen zu' } });
    const before = (tm.master.capabilities.protocol.service.session(`ws_${asked.json.trace_id}`)?.records.PolicyDecision ??
      []) as PolicyDecision[];
    expect(before).toEqual([expect.objectContaining({ outcome: 'require_review', risk: 'disruptive' })]);
    expect(ha.calls.some((c) => c.domain === 'cover')).toBe(false);

    const bad = await tm.request('/api/home/homeassistant/entities/cover.buero_links/risk', { method: 'PUT', json: { risk: 'harmless' } });
    expect(bad.status).toBe(400);
    const unknown = await tm.request('/api/home/homeassistant/entities/lock.gibt_es_nicht/risk', { method: 'PUT', json: { risk: 'read' } });
    expect(unknown.status).toBe(400);
    const put = await tm.request('/api/home/homeassistant/entities/cover.buero_links/risk', {
      method: 'PUT',
      json: { risk: 'reversible' },
    });
    expect(put.status).toBe(200);
    const entity = (put.json as HomeAssistantView).areas.flatMap((a) => a.entities).find((e) => e.entity_id === 'cover.buero_links');
    expect(entity).toMatchObject({ risk: 'reversible', risk_set_by_household: true });

    ollama.reply(
      { tool_calls: [{ name: 'homeassistant_cover', arguments: { target: 'Rollladen links', service: 'close_cover' } }] },
      { content: 'Zu.' },
    );
    const ran = await tm.request('/api/agent/chat', { json: { message: 'Mach den linken Rollladen zu' } });
    expect(ran.json.tool_calls[0].result).toMatchObject({ success: true });
    const events = tm.master.capabilities.protocol.service.session(`ws_${ran.json.trace_id}`)?.events ?? [];
    const after = events.filter((e) => e.type === 'policy_decision.recorded').map((e) => e.payload);
    expect(after).toEqual([expect.objectContaining({ outcome: 'allow', risk: 'reversible' })]);
    expect(ha.calls).toContainEqual(
      expect.objectContaining({ domain: 'cover', service: 'close_cover', target: { entity_id: ['cover.buero_links'] } }),
    );
    const back = await tm.request('/api/home/homeassistant/entities/cover.buero_links/risk', { method: 'PUT', json: { risk: null } });
    expect(
      (back.json as HomeAssistantView).areas.flatMap((a) => a.entities).find((e) => e.entity_id === 'cover.buero_links'),
    ).toMatchObject({ risk: 'disruptive' });
  });

  it('the token appears in no answer, no trace and no debug export', async () => {
    const bodies = await Promise.all(
      ['/api/home/homeassistant', '/api/health', '/api/debug/export', '/api/agent/tools'].map(async (p) => (await tm.request(p)).text),
    );
    for (const body of bodies) expect(body).not.toContain(TOKEN);
    // The stand-in did receive it: the check above is not vacuous.
    expect(JSON.stringify(ha.received)).toContain(TOKEN);
  });
});

describe('Home Assistant not set up', () => {
  it('the view says so and no Home Assistant tool is offered', async () => {
    const tm = await startTestMaster();
    try {
      const view = (await tm.request('/api/home/homeassistant')).json as HomeAssistantView;
      expect(view).toEqual({ connection: 'not_configured', areas: [], unassigned: [] });
      const tools = (await tm.request('/api/agent/tools')).json.tools.map((t: { function: { name: string } }) => t.function.name);
      expect(tools.filter((n: string) => n.startsWith('homeassistant_'))).toEqual([]);
      expect((await tm.request('/api/health')).json.components.homeassistant).toMatchObject({ state: 'off' });
    } finally {
      await tm.close();
    }
  });
});
