import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startHomeAssistantStandIn, SAMPLE_HOME, type HomeAssistantStandIn, type StandInHome } from '../testing/home-assistant-stand-in';
import { selfSignedCert } from '../testing/self-signed-cert';
import { defaultEntityRisk, EntityRiskError, EntityRiskOverrides } from './entity-risk';
import { HomeAssistantLink, type CallOutcome } from './link';
import { outcomeSentence } from './outcome';
import { HomeAssistantService } from './service';

// Against the stand-in written from Home Assistant's published WebSocket API documentation
// (developers.home-assistant.io/docs/api/websocket: ping/pong heartbeat, get_services with
// field sections, the entity registry's entity_category and its long form with aliases).

const TOKEN = 'll-token-0123456789abcdef';
const tmp = mkdtempSync(join(tmpdir(), 'jarvis-ha-risk-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function home(): StandInHome {
  const h = structuredClone(SAMPLE_HOME);
  h.entities.push(
    { entity_id: 'light.wohnzimmer_status_led', area_id: 'wohnzimmer', device_id: null, name: 'Status-LED', entity_category: 'config' },
    { entity_id: 'light.deckenlicht', area_id: 'flur', device_id: null, name: 'Deckenlicht' },
    { entity_id: 'light.deckenlicht_flur_hinten', area_id: 'flur', device_id: null, name: 'Deckenlicht hinten' },
    { entity_id: 'light.leseecke', area_id: 'buero', device_id: null, name: 'Ecklampe', aliases: ['Leselampe'] },
  );
  h.states['light.wohnzimmer_status_led'] = { state: 'on' };
  h.states['light.deckenlicht'] = { state: 'off' };
  h.states['light.deckenlicht_flur_hinten'] = { state: 'off' };
  h.states['light.leseecke'] = { state: 'off' };
  h.services.light = {
    turn_on: ['transition', 'advanced_fields.color_name', 'advanced_fields.brightness', 'advanced_fields.flash'],
    turn_off: ['transition'],
    toggle: [],
  };
  return h;
}

interface Setup {
  ha: HomeAssistantStandIn;
  link: HomeAssistantLink;
  service: HomeAssistantService;
  outcomes: CallOutcome[];
}
const open: Setup[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    s.link.stop();
    await s.ha.close();
  }
});

async function setup(options: { heartbeatMs?: number; pongTimeoutMs?: number; commandTimeoutMs?: number } = {}): Promise<Setup> {
  const ha = await startHomeAssistantStandIn(home(), { token: TOKEN });
  const outcomes: CallOutcome[] = [];
  const link = new HomeAssistantLink({
    url: ha.url,
    token: TOKEN,
    now: () => new Date('2026-12-01T10:00:00Z'),
    firstRetryMs: 20,
    heartbeatMs: options.heartbeatMs ?? 3_600_000,
    pongTimeoutMs: options.pongTimeoutMs ?? 1000,
    commandTimeoutMs: options.commandTimeoutMs ?? 10_000,
    onChange: () => undefined,
    onProblem: () => undefined,
    onOutcome: (o) => outcomes.push(o),
  });
  const s = { ha, link, service: new HomeAssistantService(link, ha.url), outcomes };
  open.push(s);
  link.start();
  await connected(s);
  return s;
}
const connected = (s: { link: HomeAssistantLink }) =>
  vi.waitFor(() => expect(s.link.connectionState).toBe('connected'), { timeout: 15_000, interval: 10 });

describe('a Home Assistant link that never reports an outcome it does not know', () => {
  it('pings, marks a frozen Home Assistant down after a missed pong, and reconnects when it answers again', async () => {
    const s = await setup({ heartbeatMs: 50, pongTimeoutMs: 200 });
    const firstSignIns = s.ha.signIns();
    await vi.waitFor(() => expect(s.ha.received.some((m) => (m as { type?: string }).type === 'ping')).toBe(true), { timeout: 10_000 });
    s.ha.freeze(true);
    await vi.waitFor(() => expect(s.link.connectionState).not.toBe('connected'), { timeout: 10_000, interval: 10 });
    expect(s.link.problem).toMatch(/heartbeat|did not answer/);
    // The screen is told since when nothing came, not shown old states as if current.
    expect(s.service.view().last_live_update).toBe('2026-12-01T10:00:00.000Z');
    s.ha.freeze(false);
    await connected(s);
    expect(s.service.view().last_live_update).toBeUndefined();
    // It came back by signing in again (on a busy machine that may happen before the thaw is seen).
    expect(s.ha.signIns()).toBeGreaterThan(firstSignIns);
  });

  it('a call that timed out is "not confirmed", never "refused"; when the link is back it says what happened', async () => {
    const s = await setup({ commandTimeoutMs: 300 });
    s.ha.freeze(true);
    const result = await s.service.call({ domain: 'light', service: 'turn_on', target: 'Stehlampe' });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('UNCONFIRMED');
    expect(result.message).toMatch(/nicht bestätigen/);
    expect(result.message).not.toMatch(/abgelehnt/);
    // Home Assistant resumes and runs what it was sent, as the real one did.
    s.ha.freeze(false);
    await vi.waitFor(() => expect(s.outcomes).toHaveLength(1), { timeout: 15_000, interval: 10 });
    expect(s.outcomes[0]).toMatchObject({
      call: { entity_ids: ['light.stehlampe'], before: { 'light.stehlampe': 'off' } },
      after: { 'light.stehlampe': 'on' },
    });
    expect(outcomeSentence(s.outcomes[0]!, () => 'Stehlampe')).toBe(
      'Home Assistant ist wieder erreichbar. Home Assistant hat es doch ausgeführt: Stehlampe (jetzt on).',
    );
  });

  it('offers and accepts the fields Home Assistant groups in a section', async () => {
    const s = await setup();
    expect(s.service.serviceFields('light')?.turn_on).toEqual(['transition', 'color_name', 'brightness', 'flash']);
    const r = await s.service.call({
      domain: 'light',
      service: 'turn_on',
      target: 'Stehlampe',
      data: { color_name: 'red', flash: 'short' },
    });
    expect(r.success, r.message).toBe(true);
    expect(s.ha.calls.at(-1)?.service_data).toEqual({ color_name: 'red', flash: 'short' });
    const bad = await s.service.call({ domain: 'light', service: 'turn_on', target: 'Stehlampe', data: { advanced_fields: {} } });
    expect(bad.error?.code).toBe('INVALID_ARGUMENTS');
  });

  it('leaves config and diagnostic entities out of a room and "all lights", but finds them by their own name', async () => {
    const s = await setup();
    const room = await s.service.call({ domain: 'light', service: 'turn_off', target: 'Wohnzimmer' });
    expect(room.success, room.message).toBe(true);
    expect((room.data as { entity_ids: string[] }).entity_ids.sort()).toEqual(['light.stehlampe', 'light.wohnzimmer_decke']);
    const led = await s.service.call({ domain: 'light', service: 'turn_off', target: 'Status-LED' });
    expect((led.data as { entity_ids: string[] }).entity_ids).toEqual(['light.wohnzimmer_status_led']);
  });

  it('an exact name wins over partial matches, and registry aliases are names too', async () => {
    const s = await setup();
    const exact = await s.service.call({ domain: 'light', service: 'turn_on', target: 'Deckenlicht' });
    expect(exact.success, exact.message).toBe(true);
    expect((exact.data as { entity_ids: string[] }).entity_ids).toEqual(['light.deckenlicht']);
    const alias = await s.service.call({ domain: 'light', service: 'turn_on', target: 'die Leselampe' });
    expect(alias.success, alias.message).toBe(true);
    expect((alias.data as { entity_ids: string[] }).entity_ids).toEqual(['light.leseecke']);
  });
});

describe('risk per entity', () => {
  it('locks, alarm panels and covers are disruptive or more by default, lights and media not', () => {
    expect(defaultEntityRisk('lock.haustuer')).toBe('security');
    expect(defaultEntityRisk('alarm_control_panel.haus')).toBe('security');
    expect(defaultEntityRisk('cover.rollladen')).toBe('disruptive');
    expect(defaultEntityRisk('cover.garage')).toBe('disruptive');
    expect(defaultEntityRisk('light.stehlampe')).toBe('reversible');
    expect(defaultEntityRisk('media_player.kueche')).toBe('reversible');
  });

  it('a household raises or lowers one entity; the setting is kept, bad input changes nothing', async () => {
    const file = join(tmp, 'risk.json');
    const overrides = new EntityRiskOverrides(file);
    const s = await setup();
    const service = new HomeAssistantService(s.link, s.ha.url, () => false, overrides);
    expect(service.riskOfEntity('cover.buero_links')).toBe('disruptive');
    overrides.set('cover.buero_links', 'reversible');
    overrides.set('light.stehlampe', 'disruptive');
    expect(service.riskOfEntity('cover.buero_links')).toBe('reversible');
    expect(service.riskOfTarget('light', 'Wohnzimmer')).toBe('disruptive');
    expect(() => overrides.set('not an entity', 'read')).toThrow(EntityRiskError);
    expect(() => overrides.set('light.stehlampe', 'dangerous' as never)).toThrow(EntityRiskError);
    expect(new EntityRiskOverrides(file).list()).toEqual({ 'cover.buero_links': 'reversible', 'light.stehlampe': 'disruptive' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'cover.buero_links': 'reversible', 'light.stehlampe': 'disruptive' });
    overrides.set('light.stehlampe', undefined);
    expect(service.riskOfEntity('light.stehlampe')).toBe('reversible');
  });
});

describe('Home Assistant on https with a self-signed certificate', () => {
  it('connects when the certificate is the pinned one, and sends the token nowhere else', async () => {
    const cert = selfSignedCert('homeassistant.local');
    const ha = await startHomeAssistantStandIn(home(), { token: TOKEN, cert });
    const links: HomeAssistantLink[] = [];
    const link = (fingerprint: string) => {
      const l = new HomeAssistantLink({
        url: ha.url,
        token: TOKEN,
        fingerprint,
        now: () => new Date(),
        firstRetryMs: 20,
        onChange: () => undefined,
        onProblem: () => undefined,
      });
      links.push(l);
      l.start();
      return l;
    };
    try {
      const impostor = link(selfSignedCert('impostor').fingerprint);
      await vi.waitFor(() => expect(impostor.problem).toMatch(/not the pinned one/), { timeout: 10_000, interval: 10 });
      expect(ha.received).toEqual([]);
      impostor.stop();
      const pinned = link(cert.fingerprint.toUpperCase().match(/.{2}/g)!.join(':'));
      await connected({ link: pinned });
      expect(ha.received[0]).toEqual({ type: 'auth', access_token: TOKEN });
    } finally {
      for (const l of links) l.stop();
      await ha.close();
    }
  });
});
