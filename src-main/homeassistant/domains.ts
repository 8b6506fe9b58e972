import type { HomeAssistantDomain, HomeAssistantQuickAction, RiskClass } from '../../src-shared';

// What JARVIS does with each Home Assistant domain. The risk class comes from here, from
// the domain of the tool, and never from a model's arguments; the household can still set
// another decision per tool in its risk policy.

export interface DomainRule {
  readonly risk: RiskClass;
  /** The services JARVIS offers (and Home Assistant must also advertise). */
  readonly services: readonly string[];
  /** One-tap actions on the Zuhause screen. */
  readonly quick: readonly HomeAssistantQuickAction[];
}

const ON_OFF: readonly HomeAssistantQuickAction[] = [
  { service: 'turn_on', label: 'on' },
  { service: 'turn_off', label: 'off' },
];

export const DOMAIN_RULES: Readonly<Record<HomeAssistantDomain, DomainRule>> = {
  light: { risk: 'reversible', services: ['turn_on', 'turn_off', 'toggle'], quick: ON_OFF },
  switch: { risk: 'reversible', services: ['turn_on', 'turn_off', 'toggle'], quick: ON_OFF },
  cover: {
    risk: 'reversible',
    services: ['open_cover', 'close_cover', 'stop_cover', 'set_cover_position'],
    quick: [
      { service: 'open_cover', label: 'open' },
      { service: 'close_cover', label: 'close' },
    ],
  },
  climate: { risk: 'reversible', services: ['set_temperature', 'set_hvac_mode', 'turn_on', 'turn_off'], quick: [] },
  media_player: {
    risk: 'reversible',
    services: ['turn_on', 'turn_off', 'media_play', 'media_pause', 'media_stop', 'media_next_track', 'media_previous_track', 'volume_set'],
    quick: [
      { service: 'media_play', label: 'play' },
      { service: 'media_pause', label: 'pause' },
    ],
  },
  scene: { risk: 'reversible', services: ['turn_on'], quick: [{ service: 'turn_on', label: 'run' }] },
  script: { risk: 'disruptive', services: ['turn_on'], quick: [{ service: 'turn_on', label: 'run' }] },
  lock: {
    risk: 'security',
    services: ['lock', 'unlock', 'open'],
    quick: [
      { service: 'lock', label: 'lock' },
      { service: 'unlock', label: 'unlock' },
    ],
  },
  alarm_control_panel: { risk: 'security', services: ['alarm_arm_home', 'alarm_arm_away', 'alarm_arm_night', 'alarm_disarm'], quick: [] },
  camera: { risk: 'security', services: ['turn_on', 'turn_off', 'enable_motion_detection', 'disable_motion_detection'], quick: [] },
};

/** Domains shown on the Zuhause screen besides the acting ones: they only report. */
export const READ_ONLY_DOMAINS: readonly string[] = ['sensor', 'binary_sensor'];
