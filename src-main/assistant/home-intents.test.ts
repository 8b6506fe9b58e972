import { describe, expect, it } from 'vitest';
import { HOME_CONTROL_TOOLS, toolFailure, toolSuccess, type ToolResult } from '../../src-shared';
import { matchLocalIntent } from './local-intents';

const today = { year: 2026, month: 8, day: 29 };

async function callsOf(sentence: string, answer?: ToolResult) {
  const intent = matchLocalIntent(sentence, { today });
  if (!intent) return undefined;
  const calls: { tool: string; args: Record<string, unknown> }[] = [];
  const outcome = await intent.run(async (tool, args) => {
    calls.push({ tool, args });
    return answer ?? toolSuccess({ id: 'r1', name: String(args.room ?? args.scene ?? args.machine) }, 'ok', true);
  });
  return { name: intent.name, lang: intent.lang, calls, reply: outcome.reply };
}

describe('home local intents: the everyday sentences without the model', () => {
  it.each([
    ['Licht im Wohnzimmer an', 'Wohnzimmer', true],
    ['Mach das Licht im Wohnzimmer aus.', 'Wohnzimmer', false],
    ['Schalte das Licht in der Küche ein', 'Küche', true],
    ['Jarvis, Licht im Wohnzimmer aus bitte', 'Wohnzimmer', false],
    ['Turn on the lights in the living room', 'living room', true],
    ['Living room lights off', 'Living room', false],
  ])('%s', async (sentence, room, on) => {
    const r = await callsOf(sentence);
    expect(r?.calls).toEqual([{ tool: HOME_CONTROL_TOOLS.hueRoom, args: { room, on } }]);
  });

  it('Wohnzimmer auf 30 Prozent / dim the kitchen to 40%', async () => {
    expect((await callsOf('Wohnzimmer auf 30 Prozent'))?.calls).toEqual([
      { tool: HOME_CONTROL_TOOLS.hueRoom, args: { room: 'Wohnzimmer', brightness: 30 } },
    ]);
    expect((await callsOf('Dimme das Wohnzimmer auf 30 %'))?.calls[0]?.args).toEqual({ room: 'Wohnzimmer', brightness: 30 });
    expect((await callsOf('Dim the kitchen to 40%'))?.calls[0]?.args).toEqual({ room: 'kitchen', brightness: 40 });
    expect(await callsOf('Wohnzimmer auf 300 Prozent')).toBeUndefined();
  });

  it('Szene Abendessen (optionally in a room) / scene Relax', async () => {
    expect((await callsOf('Szene Abendessen'))?.calls).toEqual([{ tool: HOME_CONTROL_TOOLS.hueScene, args: { scene: 'Abendessen' } }]);
    expect((await callsOf('Aktiviere die Szene Entspannen im Wohnzimmer'))?.calls[0]?.args).toEqual({
      scene: 'Entspannen',
      room: 'Wohnzimmer',
    });
    expect((await callsOf('Activate scene Relax'))?.calls[0]?.args).toEqual({ scene: 'Relax' });
  });

  it('Weck den Gaming-PC / wake up the NAS, but "weck mich" is not a machine', async () => {
    const r = await callsOf('Weck den Gaming-PC');
    expect(r?.calls).toEqual([{ tool: HOME_CONTROL_TOOLS.wake, args: { machine: 'Gaming-PC' } }]);
    expect(r?.reply).toBe('Weckruf an Gaming-PC geschickt.');
    expect((await callsOf('Wake up the NAS'))?.calls[0]?.args).toEqual({ machine: 'NAS' });
    const reminder = matchLocalIntent('Weck mich morgen um 7 Uhr', { today });
    expect(reminder?.name).not.toBe('home.wake');
  });

  it('answers with the name the bridge uses, and the refusal when the household must say "ja" first', async () => {
    expect((await callsOf('Licht im wohnzimmer an', toolSuccess({ id: 'r', name: 'Wohnzimmer' }, 'ok', true)))?.reply).toBe(
      'Wohnzimmer: Licht an.',
    );
    const held = {
      success: false,
      error: { code: 'CONFIRMATION_REQUIRED', message: 'Soll ich …? Antworte „ja“.' },
      message: 'Soll ich …? Antworte „ja“.',
      mutated: false,
    };
    expect((await callsOf('Licht im Wohnzimmer an', held))?.reply).toBe('Soll ich …? Antworte „ja“.');
    expect((await callsOf('Licht im Keller an', toolFailure('NOT_FOUND', 'No room is called "Keller".')))?.reply).toContain('Keller');
  });
});
