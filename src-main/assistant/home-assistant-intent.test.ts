import { describe, expect, it } from 'vitest';
import { HOME_CONTROL_TOOLS, toolFailure, toolSuccess, type HomeAssistantDomain, type ToolResult } from '../../src-shared';
import type { HomeAreaLookup } from './intent-contract';
import { matchLocalIntent } from './local-intents';

const today = { year: 2026, month: 12, day: 1 };

/** Home Assistant's rooms as the lookup reports them: Wohnzimmer (lights), Büro (lights, covers). */
const rooms: HomeAreaLookup = {
  find(area: string, domain: HomeAssistantDomain) {
    const a = area.toLowerCase().replace('ü', 'ue');
    if (/^wohnzimmer$|^living room$/.test(a) && domain === 'light') return { name: 'Wohnzimmer' };
    if (/^buero$|^office$/.test(a) && (domain === 'light' || domain === 'cover')) return { name: 'Büro' };
    return undefined;
  },
};

async function run(sentence: string, homeAreas: HomeAreaLookup | null = rooms, answer?: ToolResult) {
  const intent = matchLocalIntent(sentence, { today, ...(homeAreas ? { homeAreas } : {}) });
  if (!intent) return undefined;
  const calls: { tool: string; args: Record<string, unknown> }[] = [];
  const outcome = await intent.run(async (tool, args) => {
    calls.push({ tool, args });
    return answer ?? toolSuccess({}, `${tool} ok`, true);
  });
  return { name: intent.name, lang: intent.lang, calls, reply: outcome.reply };
}

describe('room sentences go to Home Assistant when it has the room', () => {
  it('"Licht im Wohnzimmer an" turns on the room\'s lights', async () => {
    expect(await run('Licht im Wohnzimmer an')).toEqual({
      name: 'homeassistant.light',
      lang: 'de',
      calls: [{ tool: 'homeassistant_light', args: { target: 'Wohnzimmer', service: 'turn_on' } }],
      reply: 'Wohnzimmer: Licht an.',
    });
  });

  it('"Schalte das Licht im Büro aus", "Wohnzimmerlicht an", "Mach die Lampen im Wohnzimmer aus."', async () => {
    expect((await run('Schalte das Licht im Büro aus'))?.calls).toEqual([
      { tool: 'homeassistant_light', args: { target: 'Büro', service: 'turn_off' } },
    ]);
    expect((await run('Wohnzimmerlicht an'))?.calls).toEqual([
      { tool: 'homeassistant_light', args: { target: 'Wohnzimmer', service: 'turn_on' } },
    ]);
    expect((await run('Mach die Lampen im Wohnzimmer aus.'))?.calls).toEqual([
      { tool: 'homeassistant_light', args: { target: 'Wohnzimmer', service: 'turn_off' } },
    ]);
  });

  it('"Die Rollläden im Büro runter" and "fahr den Rollladen im Büro hoch" move the covers', async () => {
    expect((await run('Die Rollläden im Büro runter'))?.calls).toEqual([
      { tool: 'homeassistant_cover', args: { target: 'Büro', service: 'close_cover' } },
    ]);
    expect((await run('fahr den Rollladen im Büro hoch'))?.calls).toEqual([
      { tool: 'homeassistant_cover', args: { target: 'Büro', service: 'open_cover' } },
    ]);
  });

  it('English: "turn off the lights in the living room", "turn the office light on", "close the blinds in the office"', async () => {
    const off = await run('turn off the lights in the living room');
    expect(off?.calls).toEqual([{ tool: 'homeassistant_light', args: { target: 'Wohnzimmer', service: 'turn_off' } }]);
    expect(off?.reply).toBe('Wohnzimmer: lights off.');
    expect((await run('turn the office light on'))?.calls).toEqual([
      { tool: 'homeassistant_light', args: { target: 'Büro', service: 'turn_on' } },
    ]);
    expect((await run('close the blinds in the office'))?.calls).toEqual([
      { tool: 'homeassistant_cover', args: { target: 'Büro', service: 'close_cover' } },
    ]);
  });

  it('steps aside when Home Assistant lacks the room, the device kind there, or is not set up', async () => {
    expect(await run('Rollläden im Wohnzimmer runter')).toBeUndefined();
    expect((await run('Licht im Wohnzimmer an', null))?.calls.map((c) => c.tool)).not.toContain('homeassistant_light');
  });

  it('a refusal by Home Assistant is said plainly, not as success', async () => {
    const r = await run(
      'Licht im Büro an',
      rooms,
      toolFailure('HOMEASSISTANT_REFUSED', 'Home Assistant hat light.turn_on abgelehnt: timeout'),
    );
    expect(r?.reply).toBe('Das hat nicht geklappt: Home Assistant hat light.turn_on abgelehnt: timeout');
  });

  it("the home intents' other forms and dimming also go to Home Assistant for its rooms", async () => {
    expect(await run('im Wohnzimmer das Licht aus')).toMatchObject({
      name: 'home.light',
      calls: [{ tool: 'homeassistant_light', args: { target: 'Wohnzimmer', service: 'turn_off' } }],
      reply: 'Wohnzimmer: Licht aus.',
    });
    expect((await run('Dimme das Licht im Büro auf 30 %'))?.calls).toEqual([
      { tool: 'homeassistant_light', args: { target: 'Büro', service: 'turn_on', data: { brightness_pct: 30 } } },
    ]);
    // A room Home Assistant does not have stays with the Hue skill.
    expect((await run('Licht im Keller an'))?.calls).toEqual([{ tool: HOME_CONTROL_TOOLS.hueRoom, args: { room: 'Keller', on: true } }]);
  });
});
