import type { RegisteredTool } from '../platform/registry';

/** What a held call does, in the household's two languages. */
export interface PlainWords {
  readonly de: string;
  readonly en: string;
}

type Phrase = (args: Record<string, unknown>) => PlainWords;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 80) : undefined;
}

/**
 * The home's disruptive and security actions a child or guest may ask for, each as a family
 * says it. The action names are the home pack's (skills/home/*); a Home Assistant tool carries
 * its entity in the arguments.
 */
const PHRASES: Readonly<Record<string, Phrase>> = {
  skill_home_unifi_network_unblock_client: (a) => ({
    de: `WLAN für ${text(a.client) ?? 'ein Gerät'} freigeben`,
    en: `Turn the Wi-Fi back on for ${text(a.client) ?? 'a device'}`,
  }),
  skill_home_unifi_network_block_client: (a) => ({
    de: `WLAN für ${text(a.client) ?? 'ein Gerät'} sperren`,
    en: `Block the Wi-Fi for ${text(a.client) ?? 'a device'}`,
  }),
  skill_home_unifi_network_restart_device: (a) => ({
    de: `${text(a.device) ?? 'Ein Netzwerkgerät'} neu starten (das Netz ist kurz weg)`,
    en: `Restart ${text(a.device) ?? 'a network device'} (the network drops briefly)`,
  }),
  skill_home_unifi_protect_set_microphone: (a) => ({
    de: `Mikrofon der Kamera ${text(a.camera) ?? ''} ${a.enabled === false ? 'ausschalten' : 'einschalten'}`.replace(/\s+/g, ' '),
    en: `Turn the microphone of camera ${text(a.camera) ?? ''} ${a.enabled === false ? 'off' : 'on'}`.replace(/\s+/g, ' '),
  }),
  skill_home_proxmox_shutdown: (a) => ({
    de: `Server ${text(a.guest) ?? ''} herunterfahren`.replace(/\s+/g, ' '),
    en: `Shut down server ${text(a.guest) ?? ''}`.replace(/\s+/g, ' '),
  }),
  skill_home_proxmox_stop: (a) => ({
    de: `Server ${text(a.guest) ?? ''} sofort ausschalten`.replace(/\s+/g, ' '),
    en: `Switch server ${text(a.guest) ?? ''} off at once`.replace(/\s+/g, ' '),
  }),
  skill_home_proxmox_reboot: (a) => ({
    de: `Server ${text(a.guest) ?? ''} neu starten`.replace(/\s+/g, ' '),
    en: `Restart server ${text(a.guest) ?? ''}`.replace(/\s+/g, ' '),
  }),
};

/** Home Assistant's services a child or guest may ask for (the disruptive and security domains), as a family says them. */
const HA_SERVICES: Readonly<Record<string, PlainWords>> = {
  turn_on: { de: 'einschalten', en: 'turn on' },
  turn_off: { de: 'ausschalten', en: 'turn off' },
  lock: { de: 'abschließen', en: 'lock' },
  unlock: { de: 'aufschließen', en: 'unlock' },
  open: { de: 'öffnen', en: 'open' },
  alarm_arm_home: { de: 'scharf schalten (zu Hause)', en: 'arm (at home)' },
  alarm_arm_away: { de: 'scharf schalten (abwesend)', en: 'arm (away)' },
  alarm_arm_night: { de: 'scharf schalten (Nacht)', en: 'arm (night)' },
  alarm_disarm: { de: 'unscharf schalten', en: 'disarm' },
  enable_motion_detection: { de: 'Bewegungserkennung einschalten', en: 'turn motion detection on' },
  disable_motion_detection: { de: 'Bewegungserkennung ausschalten', en: 'turn motion detection off' },
};

/** "script.gute_nacht" -> "Gute nacht"; a name the household typed stays as it is. */
function targetWords(target: unknown): string | undefined {
  const t = text(target);
  if (!t) return undefined;
  const entity = /^[a-z_]+\.([a-z0-9_]+)$/.exec(t);
  if (!entity) return t;
  const words = entity[1]!.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function homeAssistantPhrase(tool: RegisteredTool, args: Record<string, unknown>): PlainWords | undefined {
  const domain = /^homeassistant_([a-z_]+)$/.exec(tool.name)?.[1];
  if (!domain || domain === 'state') return undefined;
  const target = targetWords(args.target) ?? (domain === 'alarm_control_panel' ? 'Alarmanlage' : '');
  const service = typeof args.service === 'string' ? args.service : '';
  if (domain === 'script' || domain === 'scene') return { de: `„${target}“ ausführen`, en: `Run “${target}”` };
  const verb = HA_SERVICES[service] ?? { de: 'bedienen', en: 'operate' };
  return { de: `${target} ${verb.de}`.trim(), en: `${verb.en.charAt(0).toUpperCase()}${verb.en.slice(1)} ${target}`.trim() };
}

/** The names and words in the arguments (never ids or numbers alone), for a call without its own phrase. */
function argumentWords(args: Record<string, unknown>): string {
  const words = Object.values(args)
    .map(text)
    .filter((v): v is string => v !== undefined && !/^[a-z]+_[A-Za-z0-9]{6,}$/.test(v));
  return words.slice(0, 3).join(', ');
}

/** The tool's own description, first sentence, without its closing full stop. */
function described(tool: RegisteredTool): string {
  const first = tool.description.split(/(?<=[.!?])\s/)[0] ?? tool.description;
  return first.replace(/[.!?]$/, '').slice(0, 160);
}

/**
 * The request as the admin reads it on the lock screen. Known home actions (the home pack's,
 * Home Assistant's) have their own phrase; any other tool is described by its description (German, as the skills write them)
 * and the words in its arguments, and in English by what kind of change it is.
 */
export function plainWordsOf(tool: RegisteredTool, args: Record<string, unknown>): PlainWords {
  const phrase = PHRASES[tool.name];
  if (phrase) return phrase(args);
  const home = homeAssistantPhrase(tool, args);
  if (home) return home;
  const words = argumentWords(args);
  const risk = tool.risk ?? 'disruptive';
  return {
    de: words ? `${described(tool)} (${words})` : described(tool),
    en: `${risk === 'security' ? 'A security change in the home' : 'A change in the home that others notice'}${words ? `: ${words}` : ''}`,
  };
}
