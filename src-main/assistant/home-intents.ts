import { HOME_CONTROL_TOOLS, type ToolResult } from '../../src-shared';
import type { LocalIntent, Matcher } from './intent-contract';
import type { Lang } from './replies';

// Local intents for the home: lights per room, dimming, scenes, waking a machine. They call
// the home skills' tools through the assistant's executor, so the household's risk policy
// decides exactly as for the model; when the Hue or network skill is not loaded the tool is
// unknown and the sentence goes to the model instead.

const ROOM = String.raw`(?<room>[\p{L}\p{N}][\p{L}\p{N} '-]{0,40}?)`;

const LIGHT_SWITCH: readonly [RegExp, Lang][] = [
  [
    new RegExp(
      String.raw`^(?:(?:mach|mache|schalt|schalte|dreh|drehe)\s+)?(?:das\s+)?licht\s+(?:im|in der|in|auf der|am)\s+${ROOM}\s+(?<state>an|aus|ein)$`,
      'iu',
    ),
    'de',
  ],
  [
    new RegExp(
      String.raw`^(?:(?:mach|mache|schalt|schalte)\s+)?(?:das\s+)?(?:im|in der)\s+${ROOM}\s+(?:das\s+)?licht\s+(?<state>an|aus|ein)$`,
      'iu',
    ),
    'de',
  ],
  [new RegExp(String.raw`^(?:turn|switch)\s+(?<state>on|off)\s+the\s+lights?\s+in\s+(?:the\s+)?${ROOM}$`, 'iu'), 'en'],
  [new RegExp(String.raw`^(?:(?:turn|switch)\s+)?(?:the\s+)?lights?\s+in\s+(?:the\s+)?${ROOM}\s+(?<state>on|off)$`, 'iu'), 'en'],
  [new RegExp(String.raw`^(?:(?:turn|switch)\s+)?(?:the\s+)?${ROOM}\s+lights?\s+(?<state>on|off)$`, 'iu'), 'en'],
];

const DIM: readonly [RegExp, Lang][] = [
  [
    new RegExp(
      String.raw`^(?:(?:dimm|dimme|stell|stelle|setz|setze|mach|mache)\s+)?(?:das\s+licht\s+(?:im|in der|in)\s+|(?:das|den|die)\s+)?${ROOM}\s+auf\s+(?<pct>\d{1,3})\s*(?:%|prozent)$`,
      'iu',
    ),
    'de',
  ],
  [
    new RegExp(
      String.raw`^(?:dim|set)\s+(?:the\s+)?(?:lights?\s+in\s+(?:the\s+)?)?${ROOM}(?:\s+lights?)?\s+to\s+(?<pct>\d{1,3})\s*(?:%|percent)$`,
      'iu',
    ),
    'en',
  ],
];

const SCENE: readonly [RegExp, Lang][] = [
  [
    new RegExp(
      String.raw`^(?:(?:aktiviere|aktivier|starte|start|ruf|rufe)\s+(?:die\s+)?)?szene\s+(?<scene>[\p{L}\p{N}][\p{L}\p{N} '-]{0,40}?)(?:\s+(?:im|in der|in)\s+${ROOM})?(?:\s+(?:auf|an|aktivieren|starten))?$`,
      'iu',
    ),
    'de',
  ],
  [
    new RegExp(
      String.raw`^(?:(?:activate|set|start|recall)\s+(?:the\s+)?)?scene\s+(?<scene>[\p{L}\p{N}][\p{L}\p{N} '-]{0,40}?)(?:\s+in\s+(?:the\s+)?${ROOM})?$`,
      'iu',
    ),
    'en',
  ],
];

// "Weck mich um 7" is a reminder, never a machine.
const WAKE: readonly [RegExp, Lang][] = [
  [/^(?:weck|wecke)\s+(?:den|die|das)\s+(?!mich\b|uns\b)(?<machine>[\p{L}\p{N}][\p{L}\p{N} ._-]{0,40}?)(?:\s+auf)?$/iu, 'de'],
  [/^wake(?:\s+up)?\s+(?:the\s+)?(?!me\b|us\b)(?<machine>[\p{L}\p{N}][\p{L}\p{N} ._-]{0,40}?)(?:\s+up)?$/iu, 'en'],
];

function first(patterns: readonly [RegExp, Lang][], text: string): { groups: Record<string, string>; lang: Lang } | undefined {
  for (const [re, lang] of patterns) {
    const groups = re.exec(text)?.groups;
    if (groups) return { groups: groups as Record<string, string>, lang };
  }
  return undefined;
}

function roomName(raw: string): string {
  return raw.replace(/^(?:dem|der|den|the)\s+/iu, '').trim();
}

/** The sentence after success, given the name the device knows the thing by ("Wohnzimmer"). */
type Done = (name: string) => string;

function reply(result: ToolResult, lang: Lang, spoken: string, done: Done): string {
  if (result.success) {
    const known = (result.data as { name?: unknown } | undefined)?.name;
    return done(typeof known === 'string' ? known : spoken);
  }
  // A held-back call (the household's policy asks first): the executor wrote the question.
  if (result.error?.code === 'CONFIRMATION_REQUIRED') return result.message;
  const why = result.error?.message ?? result.message;
  return lang === 'en' ? `That did not work: ${why}` : `Das hat nicht geklappt: ${why}`;
}

function intent(name: string, lang: Lang, tool: string, args: Record<string, unknown>, spoken: string, done: Done): LocalIntent {
  return {
    name,
    lang,
    async run(call) {
      return { reply: reply(await call(tool, args), lang, spoken, done) };
    },
  };
}

export const lightSwitch: Matcher = (text) => {
  const m = first(LIGHT_SWITCH, text);
  if (!m) return undefined;
  const room = roomName(m.groups.room!);
  const on = /^(?:an|ein|on)$/i.test(m.groups.state!);
  const done: Done = (n) => (m.lang === 'en' ? `${n}: lights ${on ? 'on' : 'off'}.` : `${n}: Licht ${on ? 'an' : 'aus'}.`);
  return intent('home.light', m.lang, HOME_CONTROL_TOOLS.hueRoom, { room, on }, room, done);
};

export const lightDim: Matcher = (text) => {
  const m = first(DIM, text);
  if (!m) return undefined;
  const pct = Number(m.groups.pct);
  if (pct > 100) return undefined;
  const room = roomName(m.groups.room!);
  const args = pct === 0 ? { room, on: false } : { room, brightness: pct };
  const done: Done = (n) => (pct === 0 ? (m.lang === 'en' ? `${n}: lights off.` : `${n}: Licht aus.`) : `${n}: ${pct} %.`);
  return intent('home.dim', m.lang, HOME_CONTROL_TOOLS.hueRoom, args, room, done);
};

export const sceneRecall: Matcher = (text) => {
  const m = first(SCENE, text);
  if (!m) return undefined;
  const scene = m.groups.scene!.trim();
  const room = m.groups.room ? roomName(m.groups.room) : undefined;
  const done: Done = (n) => (m.lang === 'en' ? `Scene ${n} is on.` : `Szene ${n} ist an.`);
  return intent('home.scene', m.lang, HOME_CONTROL_TOOLS.hueScene, room ? { scene, room } : { scene }, scene, done);
};

export const wakeMachine: Matcher = (text) => {
  const m = first(WAKE, text);
  if (!m) return undefined;
  const machine = m.groups.machine!.trim();
  const done: Done = (n) => (m.lang === 'en' ? `Wake-up call sent to ${n}.` : `Weckruf an ${n} geschickt.`);
  return intent('home.wake', m.lang, HOME_CONTROL_TOOLS.wake, { machine }, machine, done);
};

export const HOME_INTENT_NAMES = ['home.light', 'home.dim', 'home.scene', 'home.wake'] as const;
export const HOME_MATCHERS: readonly Matcher[] = [lightSwitch, lightDim, sceneRecall, wakeMachine];
