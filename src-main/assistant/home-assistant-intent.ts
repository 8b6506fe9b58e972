import { homeAssistantToolName, type HomeAssistantDomain, type ToolResult } from '../../src-shared';
import type { LocalIntent, Matcher } from './intent-contract';
import type { Lang } from './replies';

// "Licht im Wohnzimmer an", "Rollläden im Büro runter", "turn off the lights in the kitchen":
// when Home Assistant has that area with such a device, the sentence becomes one call of
// its tool, without the model. When it does not, the matcher steps aside and the next
// template (the home intents, which also switch and dim Home Assistant's rooms) or the
// model takes the sentence.

type Action = { readonly domain: HomeAssistantDomain; readonly service: string; readonly state: 'on' | 'off' | 'open' | 'closed' };

const LIGHT = '(?:das |die )?(?:licht|lichter|lampe|lampen|beleuchtung)';
const COVER = '(?:den |die )?(?:rollladen|rollläden|rolladen|rollos?|jalousien?)';
const ROOM_DE = '(?:im|in der|in dem|auf dem|auf der)\\s+(?<area>.+?)';
const ON_DE = '(?<word>an|ein|aus)';
const UPDOWN_DE = '(?<word>hoch|rauf|auf|runter|herunter|zu)';

/** Sentence shapes; `word` decides the action, `area` names the room. */
const PATTERNS: readonly { re: RegExp; lang: Lang; domain: HomeAssistantDomain }[] = [
  // "(schalte|mach) (das) Licht im Wohnzimmer an"
  { re: new RegExp(`^(?:(?:schalte|schalt|mach|mache)\\s+)?${LIGHT}\\s+${ROOM_DE}\\s+${ON_DE}$`, 'iu'), lang: 'de', domain: 'light' },
  // "Wohnzimmerlicht an", "schalte das Wohnzimmerlicht aus"
  {
    re: new RegExp(
      `^(?:(?:schalte|schalt|mach|mache)\\s+)?(?:das |die )?(?<area>\\p{L}{3,}?)(?:licht|lichter|lampe|lampen)\\s+${ON_DE}$`,
      'iu',
    ),
    lang: 'de',
    domain: 'light',
  },
  // "(fahr|mach) die Rollläden im Büro runter"
  { re: new RegExp(`^(?:(?:fahre|fahr|mach|mache)\\s+)?${COVER}\\s+${ROOM_DE}\\s+${UPDOWN_DE}$`, 'iu'), lang: 'de', domain: 'cover' },
  // "turn (on|off) the light(s) in the kitchen"
  {
    re: /^(?:turn|switch)\s+(?<word>on|off)\s+(?:the\s+)?(?:lights?|lamps?)\s+in\s+(?:the\s+)?(?<area>.+)$/iu,
    lang: 'en',
    domain: 'light',
  },
  // "turn the kitchen light(s) on"
  { re: /^(?:turn|switch)\s+(?:the\s+)?(?<area>.+?)\s+(?:lights?|lamps?)\s+(?<word>on|off)$/iu, lang: 'en', domain: 'light' },
  // "(open|close) the blinds in the office"
  {
    re: /^(?<word>open|close|raise|lower)\s+(?:the\s+)?(?:blinds|shutters|covers?)\s+in\s+(?:the\s+)?(?<area>.+)$/iu,
    lang: 'en',
    domain: 'cover',
  },
];

function actionOf(domain: HomeAssistantDomain, word: string): Action | undefined {
  const w = word.toLowerCase();
  if (domain === 'light') {
    if (w === 'an' || w === 'ein' || w === 'on') return { domain, service: 'turn_on', state: 'on' };
    if (w === 'aus' || w === 'off') return { domain, service: 'turn_off', state: 'off' };
  }
  if (domain === 'cover') {
    if (['hoch', 'rauf', 'auf', 'open', 'raise'].includes(w)) return { domain, service: 'open_cover', state: 'open' };
    if (['runter', 'herunter', 'zu', 'close', 'lower'].includes(w)) return { domain, service: 'close_cover', state: 'closed' };
  }
  return undefined;
}

/** Replies in the home intents' style: "Wohnzimmer: Licht an." */
function reply(action: Action, area: string, lang: Lang): string {
  const en = { on: 'lights on', off: 'lights off', open: 'blinds open', closed: 'blinds closed' };
  const de = { on: 'Licht an', off: 'Licht aus', open: 'Rollläden oben', closed: 'Rollläden unten' };
  return `${area}: ${(lang === 'en' ? en : de)[action.state]}.`;
}

function failure(result: ToolResult, lang: Lang): string {
  // A held-back call (the household's policy asks first): the executor wrote the question.
  if (result.error?.code === 'CONFIRMATION_REQUIRED') return result.message;
  const why = result.error?.message ?? result.message;
  return lang === 'en' ? `That did not work: ${why}` : `Das hat nicht geklappt: ${why}`;
}

/**
 * Light and cover sentences for Home Assistant's rooms. Fires only while Home Assistant is
 * connected and has the named area with a device of that kind (`ctx.homeAreas`).
 */
export const homeAssistantRoomIntent: Matcher = (text, ctx) => {
  const areas = ctx.homeAreas;
  if (!areas) return undefined;
  for (const { re, lang, domain } of PATTERNS) {
    const groups = re.exec(text)?.groups;
    if (!groups?.area || !groups.word) continue;
    const action = actionOf(domain, groups.word);
    const area = areas.find(groups.area.trim(), domain);
    if (!action || !area) continue;
    const intent: LocalIntent = {
      name: `homeassistant.${domain}`,
      lang,
      async run(call) {
        const tool = homeAssistantToolName(domain);
        const result = await call(tool, { target: area.name, service: action.service });
        return { reply: result.success ? reply(action, area.name, lang) : failure(result, lang) };
      },
    };
    return intent;
  }
  return undefined;
};
