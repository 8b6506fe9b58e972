import { RISK_CLASSES, type RiskClass } from './risk';

// What the master tells the UI about a household's Home Assistant, and the names of the
// tools it offers. The risk of each call is decided in the master from the entities it reaches.

/** The Home Assistant domains JARVIS can act on; each is one tool, so the household can set its risk per domain. */
export const HOMEASSISTANT_DOMAINS = [
  'light',
  'switch',
  'cover',
  'climate',
  'media_player',
  'scene',
  'script',
  'lock',
  'alarm_control_panel',
  'camera',
] as const;
export type HomeAssistantDomain = (typeof HOMEASSISTANT_DOMAINS)[number];

export function isHomeAssistantDomain(value: unknown): value is HomeAssistantDomain {
  return typeof value === 'string' && (HOMEASSISTANT_DOMAINS as readonly string[]).includes(value);
}

/** The read tool: states of entities by area or name. */
export const HOMEASSISTANT_STATE_TOOL = 'homeassistant_state';

/** `light` -> `homeassistant_light`. */
export function homeAssistantToolName(domain: HomeAssistantDomain): string {
  return `homeassistant_${domain}`;
}

/** How the link to Home Assistant stands. */
export type HomeAssistantConnection = 'not_configured' | 'connecting' | 'connected' | 'reconnecting' | 'unreachable' | 'auth_failed';

/** A one-tap action the Zuhause screen offers for an entity (runs `homeassistant_<domain>`). */
export interface HomeAssistantQuickAction {
  readonly service: string;
  /** `on`, `off`, `open`, `close`, `run`, `play`, `pause`, `lock`, `unlock`: the UI's label key. */
  readonly label: string;
}

export interface HomeAssistantEntityView {
  readonly entity_id: string;
  readonly domain: string;
  readonly name: string;
  /** Home Assistant's state text (`on`, `off`, `open`, `21.5`, `unavailable`). */
  readonly state: string;
  readonly unit?: string;
  readonly area_id?: string;
  readonly actions: readonly HomeAssistantQuickAction[];
  /** The tool the quick actions call; absent for domains JARVIS only reads. */
  readonly tool?: string;
  /** The household's risk policy refuses switching this entity (locks, alarm and cameras by default). */
  readonly blocked?: boolean;
  /** How much switching this entity can disturb the home (acting domains only). */
  readonly risk?: RiskClass;
  /** The household set this entity's risk itself rather than keeping its default. */
  readonly risk_set_by_household?: boolean;
  /** The entity's risk without the household's setting. */
  readonly risk_default?: RiskClass;
}

/** The body of `PUT /api/home/homeassistant/entities/:id/risk`: a class, or `null` for the entity's default. */
export interface HomeAssistantEntityRiskRequest {
  readonly risk: RiskClass | null;
}

export const homeAssistantEntityRiskSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['risk'],
  properties: { risk: { enum: [...RISK_CLASSES, null] } },
} as const;

export interface HomeAssistantAreaView {
  readonly area_id: string;
  readonly name: string;
  readonly entities: readonly HomeAssistantEntityView[];
}

/** `GET /api/home/homeassistant`. */
export interface HomeAssistantView {
  readonly connection: HomeAssistantConnection;
  /** The address JARVIS connects to (never the token). */
  readonly url?: string;
  /** Why it is not connected, in plain words. */
  readonly detail?: string;
  readonly areas: readonly HomeAssistantAreaView[];
  /** Entities of the acting domains without an area. */
  readonly unassigned: readonly HomeAssistantEntityView[];
  /** When the states were last synchronised with Home Assistant. */
  readonly synced_at?: string;
  /** While not connected: when Home Assistant was last heard from (the screen says "no live updates since …"). */
  readonly last_live_update?: string;
}

/** Server event `homeassistant.changed`: the view changed (a state, the connection); the UI reloads it. */
/** Event `homeassistant.outcome`: what became of a call Home Assistant did not confirm, told once the link is back. */
export interface HomeAssistantOutcomeEvent {
  readonly message: string;
}

export interface HomeAssistantChangedEvent {
  readonly connection: HomeAssistantConnection;
}
