import {
  HOMEASSISTANT_DOMAINS,
  HOMEASSISTANT_STATE_TOOL,
  homeAssistantToolName,
  toolFailure,
  type HomeAssistantDomain,
  type RiskClass,
  type ToolResult,
} from '../../src-shared';
import type { RegisteredTool, ToolContext, ToolProvider } from '../platform/registry';
import { DOMAIN_RULES } from './domains';
import type { HomeAssistantService } from './service';

// Home Assistant's entities as registry tools: one read tool, and one tool per domain. The
// risk of a call is that of the entities its target names, worked out by JARVIS from Home
// Assistant's states and the household's per-entity settings (a garage door is disruptive, a
// light is not); a target that names nothing keeps the domain's class. The household can
// still change the decision per domain in its risk policy.

const SOURCE = 'homeassistant';

const DOMAIN_WORDS: Readonly<Record<HomeAssistantDomain, string>> = {
  light: 'lights (Licht, Lampe)',
  switch: 'switches and plugs (Schalter, Steckdose)',
  cover: 'covers: roller shutters, blinds, awnings (Rollladen, Jalousie, Markise)',
  climate: 'heating and thermostats (Heizung, Thermostat)',
  media_player: 'media players: speakers, TVs (Lautsprecher, Fernseher)',
  scene: 'scenes (Szene)',
  script: 'scripts (Skript)',
  lock: 'locks (Schloss)',
  alarm_control_panel: 'the alarm system (Alarmanlage)',
  camera: 'cameras (Kamera)',
};

const TARGET = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'What to act on, as the household says it: an area ("Wohnzimmer"), a name ("Stehlampe"), both, or an entity id.',
} as const;

function domainTool(
  domain: HomeAssistantDomain,
  fields: Record<string, string[]> | undefined,
  riskOfTarget: (domain: HomeAssistantDomain, target: string) => RiskClass | undefined,
): RegisteredTool {
  const rule = DOMAIN_RULES[domain];
  const offered = fields ? rule.services.filter((s) => s in fields) : rule.services;
  const fieldText = fields
    ? Object.entries(fields)
        .filter(([, f]) => f.length > 0)
        .map(([s, f]) => `${s}: ${f.join(', ')}`)
        .join('; ')
    : '';
  return {
    name: homeAssistantToolName(domain),
    description: `Home Assistant: control ${DOMAIN_WORDS[domain]}.${fieldText ? ` Optional data per service: ${fieldText}.` : ''}`,
    input_schema: {
      type: 'object',
      additionalProperties: false,
      required: ['target', 'service'],
      properties: {
        target: TARGET,
        service: { enum: offered.length > 0 ? offered : [...rule.services] },
        data: {
          type: 'object',
          maxProperties: 10,
          propertyNames: { pattern: '^[a-z][a-z0-9_]{0,63}$' },
          additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'boolean' }] },
        },
      },
    },
    provider: 'homeassistant',
    mutates: true,
    requires_confirmation: false,
    risk: rule.risk,
    riskOfCall: (args) => {
      const target = args && typeof args === 'object' ? (args as { target?: unknown }).target : undefined;
      return typeof target === 'string' ? riskOfTarget(domain, target) : undefined;
    },
    skill_id: SOURCE,
    action: domain,
    source: SOURCE,
  };
}

const STATE_TOOL: RegisteredTool = {
  name: HOMEASSISTANT_STATE_TOOL,
  description:
    'Home Assistant: the current state of devices and sensors, by area or name ("Wohnzimmer", "Temperatur Büro"); without a target every device.',
  input_schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      target: { ...TARGET, minLength: 0 },
      domain: { type: 'string', pattern: '^[a-z_]{1,64}$', description: 'Only this kind of entity (light, cover, sensor …).' },
    },
  },
  provider: 'homeassistant',
  mutates: false,
  requires_confirmation: false,
  risk: 'read',
  skill_id: SOURCE,
  action: 'state',
  source: SOURCE,
};

export class HomeAssistantToolProvider implements ToolProvider {
  readonly kind = 'homeassistant' as const;
  private cache: { key: string; tools: RegisteredTool[] } | undefined;

  constructor(
    private readonly service: HomeAssistantService,
    /** Changes whenever Home Assistant's services may have changed (the last sync time). */
    private readonly generation: () => string,
  ) {}

  list(): readonly RegisteredTool[] {
    if (!this.service.configured) return [];
    const key = this.generation();
    if (this.cache?.key !== key) {
      // Once Home Assistant's services are known, a domain it does not have offers no tool:
      // fewer tools for the model to choose from, none that can only fail.
      const known = this.service.servicesKnown;
      const tools = [STATE_TOOL];
      for (const domain of HOMEASSISTANT_DOMAINS) {
        const fields = this.service.serviceFields(domain);
        if (!known || fields) tools.push(domainTool(domain, fields, (d, target) => this.service.riskOfTarget(d, target)));
      }
      this.cache = { key, tools };
    }
    return this.cache.tools;
  }

  async call(name: string, args: Record<string, unknown>, _ctx: ToolContext): Promise<ToolResult> {
    if (name === HOMEASSISTANT_STATE_TOOL) {
      return this.service.state({
        ...(typeof args.target === 'string' ? { target: args.target } : {}),
        ...(typeof args.domain === 'string' ? { domain: args.domain } : {}),
      });
    }
    // The domain comes from the tool's name, which the registry resolved: never from the arguments.
    const domain = HOMEASSISTANT_DOMAINS.find((d) => homeAssistantToolName(d) === name);
    if (!domain) return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
    return this.service.call({
      domain,
      service: String(args.service),
      target: String(args.target),
      ...(args.data && typeof args.data === 'object' ? { data: args.data as Record<string, unknown> } : {}),
    });
  }
}
