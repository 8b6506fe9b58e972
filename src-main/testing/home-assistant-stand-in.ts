import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SelfSignedCert } from './self-signed-cert';

// A stand-in for Home Assistant's WebSocket API on loopback, written from Home Assistant's
// published WebSocket API documentation (developers.home-assistant.io/docs/api/websocket):
// the auth phase (auth_required -> auth -> auth_ok | auth_invalid), commands carrying an
// `id` answered by `{"id", "type": "result", "success", "result" | "error": {code, message}}`,
// `subscribe_events` / `unsubscribe_events` with `{"id", "type": "event", "event"}` pushes,
// `get_states`, `get_services`, `call_service`, `ping` -> `pong`, and the registry commands
// `config/area_registry/list`, `config/device_registry/list`, `config/entity_registry/list`
// (documented with the frontend's registry collections), with `config/entity_registry/get_entries`
// giving the long form of entries (aliases; the list gives the short form without them), and
// service fields grouped in sections (`{collapsed, fields: {...}}`) as `get_services` returns
// them. `freeze` makes it stop answering (a frozen Home Assistant: no pong, no result) while it
// keeps what it was sent, and runs that when it thaws. Loopback only, bounded, and it
// closes by itself after `lifetimeMs`.

export interface StandInState {
  entity_id: string;
  state: string;
  attributes: Record<string, unknown>;
  last_changed: string;
  last_updated: string;
  context: { id: string; parent_id: null; user_id: null };
}

export interface StandInHome {
  readonly areas: { area_id: string; name: string; aliases?: string[] }[];
  readonly devices: { id: string; area_id: string | null; name: string; name_by_user: string | null }[];
  readonly entities: {
    entity_id: string;
    area_id: string | null;
    device_id: string | null;
    name: string | null;
    original_name?: string | null;
    entity_category?: 'config' | 'diagnostic' | null;
    /** Only in the long form (get_entries), as Home Assistant gives them. */
    aliases?: string[];
  }[];
  readonly states: Record<string, { state: string; attributes?: Record<string, unknown> }>;
  /** domain -> service -> field names; `section.field` puts a field in a section. */
  readonly services: Record<string, Record<string, string[]>>;
}

export interface ServiceCallSeen {
  readonly domain: string;
  readonly service: string;
  readonly service_data: Record<string, unknown>;
  readonly target: unknown;
}

export interface HomeAssistantStandIn {
  readonly url: string;
  readonly calls: ServiceCallSeen[];
  /** Every message a client sent (the auth message included). */
  readonly received: unknown[];
  /** How many clients signed in successfully so far. */
  readonly signIns: () => number;
  /** Sets a state and pushes state_changed to subscribers, as a device would. */
  setState(entityId: string, state: string, attributes?: Record<string, unknown>): void;
  /** Renames an area and fires `area_registry_updated`, as editing it in Home Assistant does. */
  renameArea(areaId: string, name: string): void;
  /** The next call of domain.service is answered with this error instead of running. */
  refuseNext(domain: string, service: string, error: { code: string; message: string }): void;
  /** Drops every connection; while `offline`, new connections are closed at once. */
  dropConnections(): void;
  setOffline(offline: boolean): void;
  /** While frozen nothing is answered; on thaw what was sent meanwhile runs, in order. */
  freeze(frozen: boolean): void;
  close(): Promise<void>;
}

const HA_VERSION = '2024.6.0';

export async function startHomeAssistantStandIn(
  home: StandInHome,
  /** `cert`: served over https with that self-signed certificate (wss). */
  options: { token: string; lifetimeMs?: number; host?: string; cert?: SelfSignedCert },
): Promise<HomeAssistantStandIn> {
  const host = options.host ?? '127.0.0.1';
  const tlsServer = options.cert ? createServer({ cert: options.cert.cert, key: options.cert.key }) : undefined;
  if (tlsServer) await new Promise<void>((resolve) => tlsServer.listen(0, host, () => resolve()));
  const server = tlsServer
    ? new WebSocketServer({ server: tlsServer, path: '/api/websocket', maxPayload: 1024 * 1024 })
    : new WebSocketServer({ host, port: 0, path: '/api/websocket', maxPayload: 1024 * 1024 });
  if (!tlsServer) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = ((tlsServer ?? server).address() as AddressInfo).port;
  const states = new Map<string, StandInState>();
  let clock = Date.parse('2026-12-01T10:00:00Z');
  const stamp = () => new Date((clock += 1000)).toISOString();
  const makeState = (entityId: string, state: string, attributes: Record<string, unknown> = {}): StandInState => {
    const at = stamp();
    return {
      entity_id: entityId,
      state,
      attributes,
      last_changed: at,
      last_updated: at,
      context: { id: `ctx${clock}`, parent_id: null, user_id: null },
    };
  };
  for (const [id, s] of Object.entries(home.states)) states.set(id, makeState(id, s.state, s.attributes));

  const calls: ServiceCallSeen[] = [];
  const received: unknown[] = [];
  const refusals = new Map<string, { code: string; message: string }>();
  const subscribers = new Map<WebSocket, Map<number, string | undefined>>();
  let offline = false;
  let frozen = false;
  const heldWhileFrozen: Array<() => void> = [];
  let signIns = 0;

  const send = (ws: WebSocket, message: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const result = (ws: WebSocket, id: number, value: unknown) => send(ws, { id, type: 'result', success: true, result: value });
  const error = (ws: WebSocket, id: number, code: string, message: string) =>
    send(ws, { id, type: 'result', success: false, error: { code, message } });

  const fire = (eventType: string, data: unknown) => {
    for (const [ws, subs] of subscribers) {
      for (const [id, wanted] of subs) {
        if (wanted === undefined || wanted === eventType) {
          send(ws, { id, type: 'event', event: { event_type: eventType, data, origin: 'LOCAL', time_fired: stamp(), context: {} } });
        }
      }
    }
  };
  const setState = (entityId: string, state: string, attributes?: Record<string, unknown>) => {
    const old = states.get(entityId);
    const next = makeState(entityId, state, attributes ?? old?.attributes ?? {});
    states.set(entityId, next);
    fire('state_changed', { entity_id: entityId, old_state: old ?? null, new_state: next });
  };

  // What a service does to the stand-in's devices, as Home Assistant's integrations would.
  const effect = (domain: string, service: string, entityId: string) => {
    const current = states.get(entityId)?.state;
    const next: Record<string, string | undefined> = {
      turn_on: 'on',
      turn_off: 'off',
      toggle: current === 'on' ? 'off' : 'on',
      open_cover: 'open',
      close_cover: 'closed',
      lock: 'locked',
      unlock: 'unlocked',
      media_play: 'playing',
      media_pause: 'paused',
    };
    const state = domain === 'scene' || domain === 'script' ? undefined : next[service];
    if (state) setState(entityId, state);
  };

  const onCommand = (ws: WebSocket, msg: Record<string, unknown>) => {
    const id = msg.id;
    if (typeof id !== 'number') return;
    switch (msg.type) {
      case 'supported_features':
        return result(ws, id, null);
      case 'ping':
        return send(ws, { id, type: 'pong' });
      case 'get_states':
        return result(ws, id, [...states.values()]);
      case 'get_services': {
        const out: Record<string, Record<string, unknown>> = {};
        for (const [domain, services] of Object.entries(home.services)) {
          out[domain] = Object.fromEntries(
            Object.entries(services).map(([name, fields]) => {
              const described: Record<string, unknown> = {};
              for (const f of fields) {
                const [section, inner] = f.includes('.') ? (f.split('.', 2) as [string, string]) : [undefined, f];
                if (!section) described[inner] = { selector: {} };
                else {
                  const group = (described[section] ??= { collapsed: true, fields: {} }) as { fields: Record<string, unknown> };
                  group.fields[inner] = { selector: {} };
                }
              }
              return [name, { name, description: '', fields: described }];
            }),
          );
        }
        return result(ws, id, out);
      }
      case 'config/area_registry/list':
        return result(
          ws,
          id,
          home.areas.map((a) => ({ aliases: [], floor_id: null, icon: null, picture: null, ...a })),
        );
      case 'config/device_registry/list':
        return result(ws, id, home.devices);
      case 'config/entity_registry/list':
        return result(
          ws,
          id,
          home.entities.map(({ aliases: _long, ...e }) => ({
            disabled_by: null,
            hidden_by: null,
            entity_category: null,
            platform: 'demo',
            ...e,
          })),
        );
      case 'config/entity_registry/get_entries': {
        const wanted = Array.isArray(msg.entity_ids) ? msg.entity_ids : [];
        const byId = new Map(home.entities.map((e) => [e.entity_id, e]));
        return result(
          ws,
          id,
          Object.fromEntries(
            wanted.map((eid) => {
              const e = byId.get(String(eid));
              return [
                String(eid),
                e ? { disabled_by: null, hidden_by: null, entity_category: null, platform: 'demo', aliases: [], ...e } : null,
              ];
            }),
          ),
        );
      }
      case 'subscribe_events': {
        const subs = subscribers.get(ws) ?? new Map<number, string | undefined>();
        subs.set(id, typeof msg.event_type === 'string' ? msg.event_type : undefined);
        subscribers.set(ws, subs);
        return result(ws, id, null);
      }
      case 'unsubscribe_events': {
        const subs = subscribers.get(ws);
        if (!subs || typeof msg.subscription !== 'number' || !subs.delete(msg.subscription)) {
          return error(ws, id, 'not_found', 'Subscription not found.');
        }
        return result(ws, id, null);
      }
      case 'call_service': {
        const domain = String(msg.domain);
        const service = String(msg.service);
        if (!home.services[domain]?.[service]) return error(ws, id, 'not_found', `Service ${domain}.${service} not found.`);
        const refusal = refusals.get(`${domain}.${service}`);
        if (refusal) {
          refusals.delete(`${domain}.${service}`);
          return error(ws, id, refusal.code, refusal.message);
        }
        const serviceData = (msg.service_data ?? {}) as Record<string, unknown>;
        calls.push({ domain, service, service_data: serviceData, target: msg.target });
        const target = msg.target as { entity_id?: string | string[] } | undefined;
        const ids = target?.entity_id === undefined ? [] : Array.isArray(target.entity_id) ? target.entity_id : [target.entity_id];
        for (const entityId of ids) effect(domain, service, entityId);
        return result(ws, id, { context: { id: `ctx${clock}`, parent_id: null, user_id: null } });
      }
      default:
        return error(ws, id, 'unknown_command', 'Unknown command.');
    }
  };

  server.on('connection', (ws) => {
    if (offline) {
      ws.terminate();
      return;
    }
    let authed = false;
    send(ws, { type: 'auth_required', ha_version: HA_VERSION });
    ws.on('message', (raw) => {
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(String(raw)) as Record<string, unknown>;
      } catch {
        ws.close(1003);
        return;
      }
      received.push(msg);
      if (!authed) {
        if (msg.type === 'auth' && msg.access_token === options.token) {
          authed = true;
          signIns++;
          send(ws, { type: 'auth_ok', ha_version: HA_VERSION });
        } else {
          send(ws, { type: 'auth_invalid', message: 'Invalid access token or password' });
          ws.close();
        }
        return;
      }
      if (frozen) heldWhileFrozen.push(() => onCommand(ws, msg));
      else onCommand(ws, msg);
    });
    ws.on('close', () => subscribers.delete(ws));
  });

  const lifetime = setTimeout(() => void close(), options.lifetimeMs ?? 60_000);
  lifetime.unref();
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      clearTimeout(lifetime);
      for (const ws of server.clients) ws.terminate();
      server.close(() => (tlsServer ? tlsServer.close(() => resolve()) : resolve()));
    });
    return closing;
  };

  return {
    url: `${tlsServer ? 'https' : 'http'}://${host}:${port}`,
    calls,
    received,
    signIns: () => signIns,
    setState,
    refuseNext: (domain, service, err) => refusals.set(`${domain}.${service}`, err),
    renameArea(areaId, name) {
      const area = home.areas.find((a) => a.area_id === areaId);
      if (!area) throw new Error(`no area ${areaId}`);
      area.name = name;
      fire('area_registry_updated', { action: 'update', area_id: areaId });
    },
    dropConnections() {
      for (const ws of server.clients) ws.terminate();
      subscribers.clear();
    },
    setOffline(value) {
      offline = value;
    },
    freeze(value) {
      frozen = value;
      if (!value) for (const run of heldWhileFrozen.splice(0)) run();
    },
    close,
  };
}

/** A small home: two rooms with lights and covers, a kitchen switch, a front-door lock, a sensor. */
export const SAMPLE_HOME: StandInHome = {
  areas: [
    { area_id: 'wohnzimmer', name: 'Wohnzimmer' },
    { area_id: 'buero', name: 'Büro' },
    { area_id: 'kitchen', name: 'Kitchen' },
    { area_id: 'flur', name: 'Flur' },
  ],
  devices: [
    { id: 'dev_decke', area_id: 'wohnzimmer', name: 'Hue Decke', name_by_user: null },
    { id: 'dev_rollo', area_id: 'buero', name: 'Shelly 2PM', name_by_user: null },
  ],
  entities: [
    { entity_id: 'light.wohnzimmer_decke', area_id: null, device_id: 'dev_decke', name: 'Deckenlampe' },
    { entity_id: 'light.stehlampe', area_id: 'wohnzimmer', device_id: null, name: 'Stehlampe' },
    { entity_id: 'light.kitchen', area_id: 'kitchen', device_id: null, name: null, original_name: 'Kitchen Light' },
    { entity_id: 'cover.buero_links', area_id: null, device_id: 'dev_rollo', name: 'Rollladen links' },
    { entity_id: 'cover.buero_rechts', area_id: 'buero', device_id: null, name: 'Rollladen rechts' },
    { entity_id: 'switch.kaffeemaschine', area_id: 'kitchen', device_id: null, name: 'Kaffeemaschine' },
    { entity_id: 'lock.haustuer', area_id: 'flur', device_id: null, name: 'Haustür' },
    { entity_id: 'script.gute_nacht', area_id: null, device_id: null, name: 'Gute Nacht' },
    { entity_id: 'sensor.buero_temperatur', area_id: 'buero', device_id: null, name: 'Temperatur' },
  ],
  states: {
    'light.wohnzimmer_decke': { state: 'off', attributes: { friendly_name: 'Wohnzimmer Decke' } },
    'light.stehlampe': { state: 'off' },
    'light.kitchen': { state: 'on', attributes: { friendly_name: 'Kitchen Light' } },
    'cover.buero_links': { state: 'open' },
    'cover.buero_rechts': { state: 'open' },
    'switch.kaffeemaschine': { state: 'off' },
    'lock.haustuer': { state: 'locked' },
    'script.gute_nacht': { state: 'off' },
    'sensor.buero_temperatur': { state: '21.5', attributes: { unit_of_measurement: '°C' } },
  },
  services: {
    light: { turn_on: ['brightness_pct', 'color_name', 'transition'], turn_off: ['transition'], toggle: [] },
    switch: { turn_on: [], turn_off: [], toggle: [] },
    cover: { open_cover: [], close_cover: [], stop_cover: [], set_cover_position: ['position'] },
    lock: { lock: ['code'], unlock: ['code'], open: ['code'] },
    script: { turn_on: ['variables'], turn_off: [] },
  },
};
