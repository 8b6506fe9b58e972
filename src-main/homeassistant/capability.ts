import { dirname, join } from 'node:path';
import type { ComponentStatus, HomeAssistantChangedEvent } from '../../src-shared';
import { EntityRiskOverrides } from './entity-risk';
import { outcomeSentence } from './outcome';
import type { Capability, Platform } from '../platform/capability';
import { HomeAssistantLink } from './link';
import { registerHomeAssistantRoutes } from './routes';
import { HomeAssistantService } from './service';
import { HomeAssistantToolProvider } from './tools';

export interface HomeAssistantCapability extends Capability {
  readonly service: HomeAssistantService;
  /** The address or token changed: the old connection closes and a new one opens. */
  reconnect(): void;
}

export interface HomeAssistantOptions {
  /** Pause before retrying a first connection that failed (tests shorten it). */
  readonly firstRetryMs?: number;
}

/** Sensors report every few seconds: the UI hears about changes at most this often. */
const CHANGE_EVENT_EVERY_MS = 300;

/**
 * The household's Home Assistant over its WebSocket API: live areas, devices and states
 * for the Zuhause screen, and tools for the assistant. Off while HOMEASSISTANT_URL or
 * HOMEASSISTANT_TOKEN is unset.
 */
export function createHomeAssistant(platform: Platform, options: HomeAssistantOptions = {}): HomeAssistantCapability {
  const { config, events, log, status } = platform;
  let pending: NodeJS.Timeout | undefined;
  const announce = () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      const data: HomeAssistantChangedEvent = { connection: link?.connectionState ?? 'not_configured' };
      events.publish('homeassistant.changed', data);
    }, CHANGE_EVENT_EVERY_MS);
    pending.unref();
  };
  // Read from the live config each time: the household may connect Home Assistant in the app.
  const makeLink = () => {
    const url = config.homeAssistantUrl;
    const token = config.homeAssistantToken;
    return url && token
      ? new HomeAssistantLink({
          url,
          token,
          now: platform.clock,
          ...(config.homeAssistantCertFingerprint ? { fingerprint: config.homeAssistantCertFingerprint } : {}),
          connectTimeoutMs: config.homeRequestTimeoutMs,
          ...(options.firstRetryMs !== undefined ? { firstRetryMs: options.firstRetryMs } : {}),
          onChange: announce,
          // A call that timed out: what the states say once Home Assistant is back, told to the household.
          onOutcome: (outcome) => {
            const names = (id: string) => link?.current().states.get(id)?.attributes?.friendly_name;
            events.publish('homeassistant.outcome', {
              message: outcomeSentence(outcome, (id) => (typeof names(id) === 'string' ? String(names(id)) : id)),
            });
          },
          onProblem: (message) => log.warn(`home assistant: ${message}`),
        })
      : undefined;
  };
  let link = makeLink();
  let started = false;
  const entityRisk = new EntityRiskOverrides(join(dirname(config.dataFile), 'homeassistant-entity-risk.json'));
  const service = new HomeAssistantService(
    link,
    config.homeAssistantUrl,
    // The same gate a tap meets, for this entity: its own risk, the household's policy.
    (name, entityId) => {
      const tool = platform.registry.get(name);
      return tool !== undefined && platform.registry.decide(tool, { target: entityId }, { actor: 'user' }).outcome === 'refuse';
    },
    entityRisk,
  );
  const provider = new HomeAssistantToolProvider(service, () => `${link?.connectionState}:${link?.current().synced_at ?? ''}`);
  platform.registry.addProvider(provider);
  status.set('homeassistant', () => statusOf(service, config.homeAssistantUrl, config.homeAssistantToken));

  return {
    name: 'homeassistant',
    service,
    routes: (app) => registerHomeAssistantRoutes(app, service),
    start() {
      started = true;
      link?.start();
    },
    reconnect() {
      link?.stop();
      link = makeLink();
      service.useLink(link, config.homeAssistantUrl);
      if (started) link?.start();
      announce();
    },
    stop() {
      started = false;
      if (pending) clearTimeout(pending);
      pending = undefined;
      link?.stop();
    },
  };
}

function statusOf(service: HomeAssistantService, url: string | undefined, token: string | undefined): ComponentStatus {
  if (!url || !token) {
    return { state: 'off', detail: 'HOMEASSISTANT_URL and HOMEASSISTANT_TOKEN are not both set.', code: 'homeassistant.off' };
  }
  const view = service.view();
  const entities = view.areas.reduce((n, a) => n + a.entities.length, 0) + view.unassigned.length;
  switch (view.connection) {
    case 'connected':
      return {
        state: 'ok',
        detail: `connected to ${url}: ${view.areas.length} areas, ${entities} entities`,
        code: 'homeassistant.connected',
        params: { areas: view.areas.length, entities },
      };
    case 'auth_failed':
      return { state: 'error', detail: view.detail ?? 'the access token was refused', code: 'homeassistant.authFailed' };
    case 'unreachable':
    case 'reconnecting':
      return { state: 'degraded', detail: view.detail ?? `cannot reach ${url}`, code: 'homeassistant.unreachable' };
    default:
      return { state: 'degraded', detail: `connecting to ${url}`, code: 'homeassistant.connecting' };
  }
}
