import type { RegisteredTool } from '../platform/registry';

// Tools a real household registry gathers beside the core ones: Home Assistant entities,
// MCP servers, skills. Deterministic (seeded), so retrieval measurements repeat exactly.

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function tool(
  name: string,
  description: string,
  provider: RegisteredTool['provider'],
  source: string,
  properties: Record<string, unknown>,
): RegisteredTool {
  return {
    name,
    description,
    input_schema: { type: 'object', additionalProperties: false, properties, required: [] },
    provider,
    mutates: !/_(get|list|read|search|status|state)(_|$)/.test(name),
    requires_confirmation: false,
    risk: 'reversible',
    source,
  };
}

const HA_AREAS = ['living_room', 'kitchen', 'bedroom', 'bathroom', 'hallway', 'garden', 'garage', 'office', 'kids_room', 'basement'];
const HA_SERVICES: readonly [string, string, string][] = [
  ['light', 'turn_on', 'Home Assistant: turn on the light'],
  ['light', 'turn_off', 'Home Assistant: turn off the light'],
  ['switch', 'toggle', 'Home Assistant: toggle the switch'],
  ['climate', 'set_temperature', 'Home Assistant: set the target temperature of the thermostat'],
  ['cover', 'open_cover', 'Home Assistant: open the cover/shutter'],
  ['cover', 'close_cover', 'Home Assistant: close the cover/shutter'],
  ['media_player', 'play_media', 'Home Assistant: play media on the speaker'],
  ['fan', 'set_percentage', 'Home Assistant: set the fan speed'],
  ['sensor', 'get_state', 'Home Assistant: read the sensor (temperature, humidity)'],
  ['vacuum', 'start', 'Home Assistant: start the robot vacuum'],
];

const MCP: readonly [string, string][] = [
  ['github', 'create_issue:Create a GitHub issue in a repository'],
  ['github', 'list_pull_requests:List pull requests of a repository'],
  ['github', 'search_code:Search code on GitHub'],
  ['github', 'get_file_contents:Read a file from a GitHub repository'],
  ['filesystem', 'read_file:Read a file from the allowed directories'],
  ['filesystem', 'write_file:Write a file'],
  ['filesystem', 'list_directory:List a directory'],
  ['filesystem', 'search_files:Search files by name'],
  ['filesystem', 'move_file:Move or rename a file'],
  ['slack', 'post_message:Post a message to a Slack channel'],
  ['slack', 'list_channels:List Slack channels'],
  ['google_calendar', 'create_event:Create an event in a Google calendar'],
  ['google_calendar', 'list_events:List events of a Google calendar'],
  ['todoist', 'add_task:Add a task in Todoist'],
  ['todoist', 'get_tasks:Get tasks from Todoist'],
  ['notion', 'create_page:Create a Notion page'],
  ['notion', 'search:Search Notion pages'],
  ['spotify', 'play:Play a song, album or playlist on Spotify'],
  ['spotify', 'search:Search Spotify'],
  ['weather', 'get_forecast:Weather forecast for a place'],
  ['weather', 'get_alerts:Weather alerts for a region'],
  ['maps', 'directions:Route between two places'],
  ['maps', 'search_places:Find places nearby'],
  ['email', 'send_email:Send an email'],
  ['email', 'search_inbox:Search the inbox'],
  ['memory', 'create_entities:Create entities in the knowledge graph'],
  ['memory', 'search_nodes:Search the knowledge graph'],
  ['fetch', 'fetch:Fetch a URL and return its content'],
  ['puppeteer', 'navigate:Open a page in the browser'],
  ['puppeteer', 'screenshot:Take a screenshot of the page'],
  ['sqlite', 'read_query:Run a SELECT query'],
  ['sqlite', 'write_query:Run an INSERT, UPDATE or DELETE query'],
  ['everything', 'echo:Echoes back the input'],
  ['everything', 'add:Adds two numbers'],
];

const VERBS = [
  'get',
  'set',
  'update',
  'create',
  'remove',
  'sync',
  'export',
  'import',
  'check',
  'list',
  'start',
  'stop',
  'schedule',
  'archive',
];
const NOUNS = [
  'invoice',
  'backup',
  'printer',
  'router',
  'photo',
  'album',
  'contact',
  'note',
  'bookmark',
  'package',
  'parcel',
  'order',
  'budget',
  'expense',
  'plant',
  'watering',
  'pet',
  'feeder',
  'car',
  'charging',
  'solar',
  'battery',
  'meter',
  'water',
  'energy',
  'doorbell',
  'camera',
  'ticket',
  'playlist',
  'podcast',
  'vpn',
  'nas',
  'document',
  'scanner',
  'medication',
  'fitness',
  'step',
  'sleep',
  'homework',
  'school',
];

/** `count` tools: a third home-control-like, a third MCP-like, the rest generated. */
export function distractorTools(count = 300, seed = 7): RegisteredTool[] {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const out = new Map<string, RegisteredTool>();
  const third = Math.floor(count / 3);
  for (let i = 0; out.size < third && i < 10_000; i++) {
    const [domain, service, what] = pick(HA_SERVICES);
    const area = pick(HA_AREAS);
    const name = `ha_${domain}_${service}_${area}${i % 3 === 0 ? '' : `_${(i % 7) + 1}`}`;
    out.set(
      name,
      tool(name, `${what} ${domain}.${area}.`, 'remote', 'home-assistant', { entity_id: { type: 'string' }, value: { type: 'number' } }),
    );
  }
  for (let i = 0; out.size < 2 * third && i < 10_000; i++) {
    const [server, spec] = pick(MCP);
    const [action, description] = spec.split(':') as [string, string];
    const instance = i < MCP.length ? '' : `_${Math.floor(random() * 9) + 2}`;
    const name = `mcp_${server}${instance}_${action}`;
    out.set(
      name,
      tool(name, `${description} (MCP server ${server}${instance}).`, 'plugin', `mcp:${server}`, { input: { type: 'string' } }),
    );
  }
  for (let i = 0; out.size < count && i < 100_000; i++) {
    const verb = pick(VERBS);
    const noun = pick(NOUNS);
    const other = pick(NOUNS);
    const name = `skill_${noun}_${verb}_${other}`;
    out.set(
      name,
      tool(
        name,
        `${verb[0]!.toUpperCase()}${verb.slice(1)} the ${noun} ${other} entries of the ${noun} service.`,
        'plugin',
        `skill:${noun}`,
        {
          id: { type: 'string' },
          value: { type: 'string' },
        },
      ),
    );
  }
  return [...out.values()];
}
