import { afterEach, describe, expect, it, vi } from 'vitest';
import { SkillRegistry, type ToolContext } from '../platform/registry';
import { startHomeAssistantStandIn, SAMPLE_HOME, type HomeAssistantStandIn } from '../testing/home-assistant-stand-in';
import { HomeAssistantLink } from './link';
import { HomeAssistantService } from './service';
import { HomeAssistantToolProvider } from './tools';

// Against a stand-in speaking Home Assistant's WebSocket API, written from its published
// WebSocket API documentation (see src-main/testing/home-assistant-stand-in.ts).

const TOKEN = 'll-token-0123456789abcdef';
const ctx = (actor: ToolContext['actor'] = 'user'): ToolContext => ({ traceId: 't1', now: new Date(), timezone: 'Europe/Berlin', actor });

interface Setup {
  ha: HomeAssistantStandIn;
  link: HomeAssistantLink;
  service: HomeAssistantService;
  registry: SkillRegistry;
  problems: string[];
}

const open: Setup[] = [];

async function setup(token = TOKEN): Promise<Setup> {
  const ha = await startHomeAssistantStandIn(structuredClone(SAMPLE_HOME), { token: TOKEN });
  const problems: string[] = [];
  const link = new HomeAssistantLink({
    url: ha.url,
    token,
    now: () => new Date('2026-12-01T10:00:00Z'),
    firstRetryMs: 20,
    onChange: () => undefined,
    onProblem: (m) => problems.push(m),
  });
  const service = new HomeAssistantService(link, ha.url);
  const registry = new SkillRegistry();
  registry.addProvider(new HomeAssistantToolProvider(service, () => `${link.connectionState}:${link.current().synced_at ?? ''}`));
  const s = { ha, link, service, registry, problems };
  open.push(s);
  link.start();
  return s;
}

const connected = (s: Setup) => vi.waitFor(() => expect(s.link.connectionState).toBe('connected'), { timeout: 10_000, interval: 10 });
const stateOf = (s: Setup, entityId: string) =>
  [...s.service.view().areas.flatMap((a) => a.entities), ...s.service.view().unassigned].find((e) => e.entity_id === entityId)?.state;

afterEach(async () => {
  for (const s of open.splice(0)) {
    s.link.stop();
    await s.ha.close();
  }
});

describe('Home Assistant over its WebSocket API', () => {
  it('signs in with the token and shows areas with their entities and live states (device areas included)', async () => {
    const s = await setup();
    await connected(s);
    expect(s.ha.received[0]).toEqual({ type: 'auth', access_token: TOKEN });
    const view = s.service.view();
    expect(view.connection).toBe('connected');
    const wohnzimmer = view.areas.find((a) => a.area_id === 'wohnzimmer');
    expect(wohnzimmer?.name).toBe('Wohnzimmer');
    expect(wohnzimmer?.entities.map((e) => [e.entity_id, e.name, e.state])).toEqual([
      ['light.wohnzimmer_decke', 'Deckenlampe', 'off'],
      ['light.stehlampe', 'Stehlampe', 'off'],
    ]);
    const buero = view.areas.find((a) => a.area_id === 'buero');
    expect(buero?.entities.find((e) => e.entity_id === 'sensor.buero_temperatur')).toMatchObject({
      state: '21.5',
      unit: '°C',
      actions: [],
    });
    expect(buero?.entities.find((e) => e.entity_id === 'cover.buero_links')).toMatchObject({ tool: 'homeassistant_cover' });
    expect(view.unassigned.map((e) => e.entity_id)).toEqual(['script.gute_nacht']);

    s.ha.setState('light.stehlampe', 'on');
    await vi.waitFor(() => expect(stateOf(s, 'light.stehlampe')).toBe('on'), { timeout: 5000, interval: 10 });
  });

  it('a wrong token ends in "auth_failed" with a plain reason that never contains the token', async () => {
    const s = await setup('wrong-token-abcdefgh');
    await vi.waitFor(() => expect(s.link.connectionState).toBe('auth_failed'), { timeout: 10_000, interval: 10 });
    const view = s.service.view();
    expect(view.detail).toMatch(/refused the access token/);
    expect(JSON.stringify(view)).not.toContain('wrong-token-abcdefgh');
    expect(s.problems.join(' ')).not.toContain('wrong-token-abcdefgh');
    expect(s.ha.signIns()).toBe(0);
    const call = await s.registry.call('homeassistant_light', { target: 'Stehlampe', service: 'turn_on' }, ctx());
    expect(call).toMatchObject({ success: false, error: { code: 'NOT_CONNECTED' } });
  });

  it('a lost connection comes back by itself and the states are fetched anew (changes made meanwhile are seen)', async () => {
    const s = await setup();
    await connected(s);
    s.ha.setOffline(true);
    s.ha.dropConnections();
    await vi.waitFor(() => expect(s.link.connectionState).toBe('reconnecting'), { timeout: 5000, interval: 10 });
    // Changed while JARVIS was away: no event reaches it.
    s.ha.setState('cover.buero_rechts', 'closed');
    expect(stateOf(s, 'cover.buero_rechts')).toBe('open');
    s.ha.setOffline(false);
    await connected(s);
    await vi.waitFor(() => expect(stateOf(s, 'cover.buero_rechts')).toBe('closed'), { timeout: 10_000, interval: 10 });
    // Live again: the subscription was renewed on the new connection.
    s.ha.setState('light.kitchen', 'off');
    await vi.waitFor(() => expect(stateOf(s, 'light.kitchen')).toBe('off'), { timeout: 5000, interval: 10 });
  });

  it('a room renamed in Home Assistant is renamed here too', async () => {
    const s = await setup();
    await connected(s);
    s.ha.renameArea('buero', 'Arbeitszimmer');
    await vi.waitFor(() => expect(s.service.view().areas.map((a) => a.name)).toContain('Arbeitszimmer'), { timeout: 5000, interval: 20 });
    expect(s.service.findRoom('Arbeitszimmer', 'cover')).toEqual({ name: 'Arbeitszimmer' });
  });

  it('a first connection that fails is retried until Home Assistant is there', async () => {
    const ha = await startHomeAssistantStandIn(structuredClone(SAMPLE_HOME), { token: TOKEN });
    ha.setOffline(true);
    const link = new HomeAssistantLink({
      url: ha.url,
      token: TOKEN,
      now: () => new Date(),
      firstRetryMs: 20,
      onChange: () => undefined,
      onProblem: () => undefined,
    });
    open.push({ ha, link, service: new HomeAssistantService(link, ha.url), registry: new SkillRegistry(), problems: [] });
    link.start();
    await vi.waitFor(() => expect(link.connectionState).toBe('unreachable'), { timeout: 5000, interval: 10 });
    ha.setOffline(false);
    await vi.waitFor(() => expect(link.connectionState).toBe('connected'), { timeout: 10_000, interval: 10 });
  });
});

describe('Home Assistant tools', () => {
  it('"die Rollläden im Büro" closes both covers of that area in one call', async () => {
    const s = await setup();
    await connected(s);
    const result = await s.registry.call(
      'homeassistant_cover',
      { target: 'die Rollläden im Büro', service: 'close_cover' },
      // Covers are disruptive: the assistant runs this once the household said "ja".
      { ...ctx('assistant'), confirmed: true },
    );
    expect(result).toMatchObject({ success: true, mutated: true, data: { entity_ids: ['cover.buero_links', 'cover.buero_rechts'] } });
    expect(s.ha.calls).toEqual([
      { domain: 'cover', service: 'close_cover', service_data: {}, target: { entity_id: ['cover.buero_links', 'cover.buero_rechts'] } },
    ]);
    await vi.waitFor(() => expect(stateOf(s, 'cover.buero_links')).toBe('closed'), { timeout: 5000, interval: 10 });
  });

  it('"Wohnzimmerlicht" with a brightness turns on the room\'s lights with that data', async () => {
    const s = await setup();
    await connected(s);
    const result = await s.registry.call(
      'homeassistant_light',
      { target: 'Wohnzimmerlicht', service: 'turn_on', data: { brightness_pct: 40 } },
      ctx('assistant'),
    );
    expect(result.success).toBe(true);
    expect(s.ha.calls).toEqual([
      {
        domain: 'light',
        service: 'turn_on',
        service_data: { brightness_pct: 40 },
        target: { entity_id: ['light.wohnzimmer_decke', 'light.stehlampe'] },
      },
    ]);
  });

  it('a service call Home Assistant refuses returns its message as the failure', async () => {
    const s = await setup();
    await connected(s);
    s.ha.refuseNext('switch', 'turn_on', { code: 'home_assistant_error', message: 'Kaffeemaschine antwortet nicht (Zigbee timeout)' });
    const result = await s.registry.call('homeassistant_switch', { target: 'Kaffeemaschine', service: 'turn_on' }, ctx());
    expect(result).toMatchObject({ success: false, error: { code: 'HOMEASSISTANT_REFUSED' } });
    expect(result.message).toBe('Home Assistant hat switch.turn_on abgelehnt: Kaffeemaschine antwortet nicht (Zigbee timeout)');
    expect(s.ha.calls).toEqual([]);
  });

  it('a lock is `security` and refused by the default policy; nothing reaches Home Assistant', async () => {
    const s = await setup();
    await connected(s);
    expect(s.registry.riskOf('homeassistant_lock')).toMatchObject({ risk: 'security', decision: 'deny' });
    expect(s.registry.riskOf('homeassistant_cover')).toMatchObject({ risk: 'reversible', decision: 'allow' });
    expect(s.registry.riskOf('homeassistant_script')).toMatchObject({ risk: 'disruptive', decision: 'ask' });
    expect(s.registry.riskOf('homeassistant_state')).toMatchObject({ risk: 'read', decision: 'allow' });
    const result = await s.registry.call('homeassistant_lock', { target: 'Haustür', service: 'unlock' }, ctx());
    expect(result).toMatchObject({ success: false, error: { code: 'POLICY_DENIED' } });
    // A model cannot lower the class with an argument: the schema takes none.
    const sneaky = await s.registry.call('homeassistant_lock', { target: 'Haustür', service: 'unlock', risk: 'read' }, ctx());
    expect(sneaky).toMatchObject({ success: false, error: { code: 'POLICY_DENIED' } });
    expect(s.ha.calls).toEqual([]);
  });

  it('a household lowers its one front-door lock: the gate then asks the assistant instead of refusing, and refuses again once reset', async () => {
    const s = await setup();
    await connected(s);
    const unlock = (actor: ToolContext['actor']) =>
      s.registry.call('homeassistant_lock', { target: 'Haustür', service: 'unlock' }, ctx(actor));
    expect(await unlock('assistant')).toMatchObject({ success: false, error: { code: 'POLICY_DENIED' } });
    s.service.setEntityRisk('lock.haustuer', 'disruptive');
    expect(await unlock('assistant')).toMatchObject({ success: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(s.ha.calls).toEqual([]);
    // A person's own tap is the household's decision.
    expect(await unlock('user')).toMatchObject({ success: true });
    expect(s.ha.calls).toContainEqual(expect.objectContaining({ domain: 'lock', service: 'unlock' }));
    s.service.setEntityRisk('lock.haustuer', null);
    expect(await unlock('user')).toMatchObject({ success: false, error: { code: 'POLICY_DENIED' } });
  });

  it('the gate decides by the entity the call reaches: a cover asks, a light runs, the household raises or lowers one', async () => {
    const s = await setup();
    await connected(s);
    const cover = await s.registry.call('homeassistant_cover', { target: 'Rollladen links', service: 'close_cover' }, ctx('assistant'));
    expect(cover).toMatchObject({ success: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    expect(s.ha.calls).toEqual([]);
    const light = await s.registry.call('homeassistant_light', { target: 'Stehlampe', service: 'turn_on' }, ctx('assistant'));
    expect(light).toMatchObject({ success: true });
    // The household lowers that one cover and raises that one lamp.
    s.service.setEntityRisk('cover.buero_links', 'reversible');
    s.service.setEntityRisk('light.stehlampe', 'security');
    expect(
      await s.registry.call('homeassistant_cover', { target: 'Rollladen links', service: 'close_cover' }, ctx('assistant')),
    ).toMatchObject({
      success: true,
    });
    // The other cover keeps its default; a call reaching both takes the higher one.
    expect(s.service.riskOfTarget('cover', 'die Rollläden im Büro')).toBe('disruptive');
    expect(await s.registry.call('homeassistant_light', { target: 'Stehlampe', service: 'turn_off' }, ctx('user'))).toMatchObject({
      success: false,
      error: { code: 'POLICY_DENIED' },
    });
    const lamp = s.service
      .view()
      .areas.flatMap((a) => a.entities)
      .find((e) => e.entity_id === 'light.stehlampe');
    expect(lamp).toMatchObject({ risk: 'security', risk_set_by_household: true });
    // Back to its default.
    s.service.setEntityRisk('light.stehlampe', null);
    expect(
      s.service
        .view()
        .areas.flatMap((a) => a.entities)
        .find((e) => e.entity_id === 'light.stehlampe'),
    ).toMatchObject({ risk: 'reversible' });
    expect(() => s.service.setEntityRisk('light.gibt_es_nicht', 'read')).toThrow(/kennt Home Assistant nicht/);
    expect(() => s.service.setEntityRisk('sensor.buero_temperatur', 'read')).toThrow(/kennt Home Assistant nicht/);
  });

  it('refuses a target inside the data, a field the service lacks, an unknown name and an ambiguous one', async () => {
    const s = await setup();
    await connected(s);
    const call = (args: Record<string, unknown>) => s.registry.call('homeassistant_light', args, ctx());
    expect(await call({ target: 'Stehlampe', service: 'turn_on', data: { entity_id: 'lock.haustuer' } })).toMatchObject({
      success: false,
      error: { code: 'INVALID_ARGUMENTS', path: '/data/entity_id' },
    });
    expect(await call({ target: 'Stehlampe', service: 'turn_on', data: { flash: 'long' } })).toMatchObject({
      error: { code: 'INVALID_ARGUMENTS', path: '/data/flash' },
    });
    expect(await call({ target: 'Gartenlaterne', service: 'turn_on' })).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const ambiguous = await call({ target: 'Licht', service: 'turn_off' });
    expect(ambiguous).toMatchObject({ error: { code: 'AMBIGUOUS' } });
    expect(ambiguous.message).toContain('Stehlampe');
    expect(s.ha.calls).toEqual([]);
  });

  it('offers a tool only for the domains Home Assistant has, once it is known', async () => {
    const s = await setup();
    expect(s.registry.list().map((t) => t.name)).toContain('homeassistant_camera');
    await connected(s);
    expect(s.registry.list().map((t) => t.name)).toEqual([
      'homeassistant_state',
      'homeassistant_light',
      'homeassistant_switch',
      'homeassistant_cover',
      'homeassistant_script',
      'homeassistant_lock',
    ]);
    const light = s.registry.get('homeassistant_light');
    expect(light?.description).toContain('turn_on: brightness_pct, color_name, transition');
  });

  it('hostile arguments are refused by the schema and change nothing', async () => {
    const s = await setup();
    await connected(s);
    const hostile: unknown[] = [
      { target: 'x'.repeat(10_000), service: 'turn_on' },
      { target: 'Stehlampe', service: 'turn_on; rm -rf /' },
      { target: 'Stehlampe', service: 'turn_on', data: { brightness_pct: { $gt: 1 } } },
      { target: 'Stehlampe', service: 'turn_on', data: { ['__proto__']: 1 } },
      JSON.parse('{"target":"Stehlampe","service":"turn_on","data":{"__proto__":1}}'),
      { target: 'Stehlampe', service: 'turn_on', data: { constructor: 1 } },
      { target: ['Stehlampe'], service: 'turn_on' },
      { service: 'turn_on' },
      null,
    ];
    for (const args of hostile) {
      const result = await s.registry.call('homeassistant_light', args, ctx());
      expect(result.success).toBe(false);
    }
    expect(s.ha.calls).toEqual([]);
    // The read tool with a domain named like an object's own machinery answers, not throws.
    const read = await s.registry.call('homeassistant_state', { target: 'Stehlampe', domain: 'constructor' }, ctx());
    expect(read.error?.code).toBe('NOT_FOUND');
  });

  it('reads states by area or name', async () => {
    const s = await setup();
    await connected(s);
    const result = await s.registry.call('homeassistant_state', { target: 'Temperatur im Büro' }, ctx('assistant'));
    expect(result).toMatchObject({ success: true, mutated: false, message: 'Temperatur: 21.5 °C' });
  });
});
