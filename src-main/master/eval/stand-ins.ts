import { toolFailure, toolSuccess, type JsonSchemaObject, type RiskClass, type ToolResult } from '../../../src-shared';
import type { RegisteredTool, ToolProvider } from '../../platform/registry';

// What an evaluated household has beyond its core tools: a small home with lights,
// heating, blinds, locks and an alarm (as a home-control skill would offer them), a few
// household documents behind rag_search, and memory_propose. All in memory, per case.

const ROOMS = ['wohnzimmer', 'kueche', 'schlafzimmer', 'bad', 'flur', 'kinderzimmer'] as const;
const DOORS = ['haustuer', 'terrassentuer', 'garage'] as const;
const SCENES = ['abendessen', 'film', 'gute_nacht', 'aufstehen'] as const;

function schema(properties: Record<string, unknown>, required: string[]): JsonSchemaObject {
  return { type: 'object', additionalProperties: false, properties, required };
}

function tool(name: string, description: string, input: JsonSchemaObject, risk: RiskClass, mutates: boolean): RegisteredTool {
  return { name, description, input_schema: input, provider: 'plugin', mutates, requires_confirmation: false, risk, source: 'eval-home' };
}

const room = { enum: [...ROOMS], description: 'Raum / room' };

export const HOME_CONTROL_TOOLS: readonly RegisteredTool[] = [
  tool(
    'home_light_set',
    'Licht in einem Raum ein- oder ausschalten und dimmen. Turn the lights in a room on or off, dim them.',
    schema({ room, on: { type: 'boolean' }, brightness: { type: 'integer', minimum: 1, maximum: 100 } }, ['room', 'on']),
    'reversible',
    true,
  ),
  tool(
    'home_thermostat_set',
    'Heizung/Thermostat eines Raums auf eine Temperatur stellen. Set the heating thermostat of a room.',
    schema({ room, temperature: { type: 'number', minimum: 5, maximum: 30 } }, ['room', 'temperature']),
    'reversible',
    true,
  ),
  tool(
    'home_blinds_set',
    'Rollladen/Jalousie eines Raums öffnen, schließen oder teilweise (0 = zu, 100 = offen). Open or close the blinds of a room.',
    schema({ room, position: { type: 'integer', minimum: 0, maximum: 100 } }, ['room', 'position']),
    'reversible',
    true,
  ),
  tool(
    'home_scene_activate',
    'Eine Lichtszene aktivieren (abendessen, film, gute_nacht, aufstehen). Activate a scene.',
    schema({ scene: { enum: [...SCENES] } }, ['scene']),
    'reversible',
    true,
  ),
  tool(
    'home_lock_set',
    'Tür ab- oder aufschließen (haustuer, terrassentuer, garage). Lock or unlock a door.',
    schema({ door: { enum: [...DOORS] }, locked: { type: 'boolean' } }, ['door', 'locked']),
    'security',
    true,
  ),
  tool(
    'home_alarm_set',
    'Alarmanlage scharf oder unscharf schalten. Arm or disarm the alarm system.',
    schema({ armed: { type: 'boolean' } }, ['armed']),
    'security',
    true,
  ),
  tool(
    'home_status',
    'Zustand der Geräte lesen: Licht, Temperatur, Rollläden, Türen, Alarm. Read the state of the devices.',
    schema({ device: { type: 'string', maxLength: 60 } }, []),
    'read',
    false,
  ),
];

export type HomeDevices = Record<string, Record<string, unknown>>;

export function defaultDevices(): HomeDevices {
  const devices: HomeDevices = {};
  for (const r of ROOMS) {
    devices[`light.${r}`] = { on: false, brightness: 100 };
    devices[`thermostat.${r}`] = { temperature: 20 };
    devices[`blinds.${r}`] = { position: 100 };
  }
  for (const d of DOORS) devices[`lock.${d}`] = { locked: true };
  devices.alarm = { armed: false };
  devices.scene = { active: null };
  return devices;
}

/** The stand-in home's tools over `devices`, which the evaluation reads afterwards. */
export function homeControlProvider(devices: HomeDevices): ToolProvider {
  const set = (key: string, patch: Record<string, unknown>): ToolResult => {
    devices[key] = { ...(devices[key] ?? {}), ...patch };
    return toolSuccess({ device: key, ...devices[key] }, `${key}: ${JSON.stringify(devices[key])}`, true);
  };
  return {
    kind: 'plugin',
    list: () => HOME_CONTROL_TOOLS,
    async call(name, args) {
      switch (name) {
        case 'home_light_set':
          return set(`light.${String(args.room)}`, {
            on: args.on,
            ...(args.brightness !== undefined ? { brightness: args.brightness } : {}),
          });
        case 'home_thermostat_set':
          return set(`thermostat.${String(args.room)}`, { temperature: args.temperature });
        case 'home_blinds_set':
          return set(`blinds.${String(args.room)}`, { position: args.position });
        case 'home_scene_activate':
          return set('scene', { active: args.scene });
        case 'home_lock_set':
          return set(`lock.${String(args.door)}`, { locked: args.locked });
        case 'home_alarm_set':
          return set('alarm', { armed: args.armed });
        case 'home_status': {
          const q = typeof args.device === 'string' ? args.device.toLowerCase() : '';
          const data = Object.fromEntries(Object.entries(devices).filter(([k]) => !q || k.includes(q)));
          return toolSuccess(data, JSON.stringify(data), false);
        }
        default:
          return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
      }
    },
  };
}

/** Household documents of the evaluated home (what rag_search finds). */
export const EVAL_DOCUMENTS: readonly { name: string; text: string }[] = [
  {
    name: 'Waschmaschine Bedienungsanleitung.pdf',
    text: 'Wolle und Seide wäscht man im Wollprogramm bei 30 Grad. Das Flusensieb sollte alle drei Monate gereinigt werden.',
  },
  { name: 'Mietvertrag.pdf', text: 'Die Kündigungsfrist beträgt drei Monate zum Monatsende. Die Kaution beträgt 2400 Euro.' },
  { name: 'Heizung Wartung.pdf', text: 'Die Heizungswartung findet jährlich im Oktober statt, Firma Wärme Schmidt, Telefon 0711 445566.' },
  { name: 'Kinderarzt.txt', text: 'Kinderärztin Dr. Berger, Praxis am Marktplatz, Telefon 0711 123456, Sprechstunde Mo-Fr 8-12 Uhr.' },
  { name: 'Router.txt', text: 'The WiFi network is called Heimnetz and the password is printed on the back of the router.' },
  { name: 'Garantie Kühlschrank.pdf', text: 'Die Garantie des Kühlschranks läuft bis zum 31. März 2027.' },
];

const RAG_SCHEMA = schema(
  { query: { type: 'string', minLength: 1, maxLength: 2000 }, top_k: { type: 'integer', minimum: 1, maximum: 20 } },
  ['query'],
);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-zäöüß0-9]+/)
    .filter((w) => w.length > 3);
}

/** rag_search and memory_propose as the evaluated assistant sees them. */
export function knowledgeProvider(proposals: string[]): ToolProvider {
  const tools: RegisteredTool[] = [
    {
      ...tool(
        'rag_search',
        'Search the household documents (contracts, letters, manuals, mails, PDFs, scans). Returns excerpts with document name. Use it when the answer may be in a document.',
        RAG_SCHEMA,
        'read',
        false,
      ),
      provider: 'core',
      source: 'core',
    },
    {
      ...tool(
        'memory_propose',
        'Schlägt dem Haushalt einen dauerhaften Fakt zum Merken vor (z. B. „Paul verträgt keine Nüsse“). Er gilt erst, wenn ein Familienmitglied ihn bestätigt.',
        schema({ fact: { type: 'string', minLength: 3, maxLength: 500 } }, ['fact']),
        'reversible',
        false,
      ),
      provider: 'core',
      source: 'core',
    },
  ];
  return {
    kind: 'core',
    list: () => tools,
    async call(name, args) {
      if (name === 'rag_search') {
        const query = new Set(words(String(args.query)));
        const hits = EVAL_DOCUMENTS.map((d) => ({
          d,
          score: words(`${d.name} ${d.text}`).filter((w) => [...query].some((q) => w.startsWith(q.slice(0, 5)))).length,
        }))
          .filter((h) => h.score > 0)
          .sort((a, b) => b.score - a.score)
          .slice(0, typeof args.top_k === 'number' ? args.top_k : 3);
        return toolSuccess({ results: hits.map((h) => ({ document: h.d.name, excerpt: h.d.text })) }, `${hits.length} Treffer`, false);
      }
      if (name === 'memory_propose') {
        proposals.push(String(args.fact));
        return toolSuccess({ fact: args.fact, status: 'proposed' }, `Vorschlag zum Merken: „${String(args.fact)}“.`, false);
      }
      return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
    },
  };
}
