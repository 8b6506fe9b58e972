import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { selfSignedCert, type SelfSignedCert } from './self-signed-cert';

// A stand-in Philips Hue bridge, written from Philips' published CLIP API v2 documentation
// (developers.meethue.com: "CLIP API v2" getting started, the resource reference for light,
// room, zone, grouped_light, scene and device, and "Event stream"), and the v1 pairing call
// it still uses (POST /api {devicetype, generateclientkey}):
//  - HTTPS only, with a self-signed certificate made here (like the bridge's own);
//  - every /clip/v2 and /eventstream request needs the `hue-application-key` header, else
//    403 {"errors":[{"description":"unauthorized user"}],"data":[]};
//  - GET /clip/v2/resource/<type>[/<id>] -> {"errors":[],"data":[…]};
//  - PUT /clip/v2/resource/<type>/<id> -> {"errors":[],"data":[{"rid","rtype"}]}; an unknown id
//    404 with an error description; a value out of range 400;
//  - GET /eventstream/clip/v2 (text/event-stream): `id: <seconds>:<n>` and `data: [{creationtime,
//    id, type: "update", data: [changed resource fragments with id, id_v1, owner, type]}]`;
//  - POST /api -> [{"error":{"type":101,"address":"","description":"link button not pressed"}}]
//    until the link button was pressed, then [{"success":{"username","clientkey"}}].
// Loopback only; it stops itself after `lifetimeMs` if a test forgets to.

type Json = Record<string, any>;

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  /** performance.now() when the request's body had arrived (benchmarks compare it). */
  readonly at: number;
}

export interface HueBridgeStandIn {
  readonly url: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly cert: SelfSignedCert;
  readonly requests: ReceivedRequest[];
  /** Resources by type, as the bridge holds them (tests read and change them). */
  readonly resources: Record<string, Json[]>;
  /** The next POST /api succeeds. */
  pressLinkButton(): void;
  /** A switch pressed on the wall: the light changes and the event stream reports it. */
  pressWallSwitch(lightId: string, on: boolean): void;
  /** How many event streams are open now. */
  streams(): number;
  /** Called for every request as soon as its body has arrived. */
  onRequest?: (r: ReceivedRequest) => void;
  /** Delays every answer (timeouts). */
  delayMs: number;
  close(): Promise<void>;
}

export const HUE_IDS = {
  sofa: 'a1f6b3d0-0000-4000-8000-000000000001',
  floor: 'a1f6b3d0-0000-4000-8000-000000000002',
  table: 'a1f6b3d0-0000-4000-8000-000000000003',
  livingRoom: 'b2e6b3d0-0000-4000-8000-000000000001',
  kitchen: 'b2e6b3d0-0000-4000-8000-000000000002',
  groundFloor: 'c3e6b3d0-0000-4000-8000-000000000001',
  livingGroup: 'd4e6b3d0-0000-4000-8000-000000000001',
  kitchenGroup: 'd4e6b3d0-0000-4000-8000-000000000002',
  floorGroup: 'd4e6b3d0-0000-4000-8000-000000000003',
  dinner: 'e5e6b3d0-0000-4000-8000-000000000001',
  relax: 'e5e6b3d0-0000-4000-8000-000000000002',
} as const;

function device(n: number): string {
  return `f0e6b3d0-0000-4000-8000-00000000000${n}`;
}

function initialResources(): Record<string, Json[]> {
  const light = (id: string, n: number, name: string, extra: Json = {}) => ({
    id,
    id_v1: `/lights/${n}`,
    type: 'light',
    owner: { rid: device(n), rtype: 'device' },
    metadata: { name, archetype: 'sultan_bulb' },
    on: { on: false },
    dimming: { brightness: 50, min_dim_level: 0.2 },
    ...extra,
  });
  return {
    light: [
      light(HUE_IDS.sofa, 1, 'Sofa', {
        color_temperature: { mirek: 366, mirek_valid: true, mirek_schema: { mirek_minimum: 153, mirek_maximum: 500 } },
        color: { xy: { x: 0.4573, y: 0.41 }, gamut_type: 'C' },
      }),
      light(HUE_IDS.floor, 2, 'Stehlampe'),
      light(HUE_IDS.table, 3, 'Esstisch'),
    ],
    device: [1, 2, 3].map((n) => ({ id: device(n), type: 'device', metadata: { name: `Lampe ${n}` }, services: [] })),
    room: [
      {
        id: HUE_IDS.livingRoom,
        type: 'room',
        metadata: { name: 'Wohnzimmer', archetype: 'living_room' },
        children: [
          { rid: device(1), rtype: 'device' },
          { rid: device(2), rtype: 'device' },
        ],
        services: [{ rid: HUE_IDS.livingGroup, rtype: 'grouped_light' }],
      },
      {
        id: HUE_IDS.kitchen,
        type: 'room',
        metadata: { name: 'Küche', archetype: 'kitchen' },
        children: [{ rid: device(3), rtype: 'device' }],
        services: [{ rid: HUE_IDS.kitchenGroup, rtype: 'grouped_light' }],
      },
    ],
    zone: [
      {
        id: HUE_IDS.groundFloor,
        type: 'zone',
        metadata: { name: 'Erdgeschoss', archetype: 'home' },
        children: [
          { rid: HUE_IDS.sofa, rtype: 'light' },
          { rid: HUE_IDS.table, rtype: 'light' },
        ],
        services: [{ rid: HUE_IDS.floorGroup, rtype: 'grouped_light' }],
      },
    ],
    grouped_light: [
      {
        id: HUE_IDS.livingGroup,
        type: 'grouped_light',
        owner: { rid: HUE_IDS.livingRoom, rtype: 'room' },
        on: { on: false },
        dimming: { brightness: 50 },
      },
      {
        id: HUE_IDS.kitchenGroup,
        type: 'grouped_light',
        owner: { rid: HUE_IDS.kitchen, rtype: 'room' },
        on: { on: false },
        dimming: { brightness: 50 },
      },
      {
        id: HUE_IDS.floorGroup,
        type: 'grouped_light',
        owner: { rid: HUE_IDS.groundFloor, rtype: 'zone' },
        on: { on: false },
        dimming: { brightness: 50 },
      },
    ],
    scene: [
      {
        id: HUE_IDS.dinner,
        type: 'scene',
        metadata: { name: 'Abendessen' },
        group: { rid: HUE_IDS.kitchen, rtype: 'room' },
        actions: [{ target: { rid: HUE_IDS.table, rtype: 'light' }, action: { on: { on: true }, dimming: { brightness: 80 } } }],
        status: { active: 'inactive' },
      },
      {
        id: HUE_IDS.relax,
        type: 'scene',
        metadata: { name: 'Entspannen' },
        group: { rid: HUE_IDS.livingRoom, rtype: 'room' },
        actions: [
          { target: { rid: HUE_IDS.sofa, rtype: 'light' }, action: { on: { on: true }, dimming: { brightness: 40 } } },
          { target: { rid: HUE_IDS.floor, rtype: 'light' }, action: { on: { on: true }, dimming: { brightness: 30 } } },
        ],
        status: { active: 'inactive' },
      },
    ],
  };
}

const STATE_FIELDS = ['on', 'dimming', 'color_temperature', 'color'] as const;

/** A CLIP v2 light-state body: only known fields, values in the documented ranges. */
function stateError(body: Json): string | undefined {
  for (const key of Object.keys(body)) if (!(STATE_FIELDS as readonly string[]).includes(key)) return `invalid property: ${key}`;
  if (body.on !== undefined && typeof body.on?.on !== 'boolean') return 'on.on must be a boolean';
  const b = body.dimming?.brightness;
  if (body.dimming !== undefined && (typeof b !== 'number' || b < 0 || b > 100)) return 'dimming.brightness must be between 0 and 100';
  const m = body.color_temperature?.mirek;
  if (body.color_temperature !== undefined && (!Number.isInteger(m) || m < 153 || m > 500))
    return 'color_temperature.mirek must be between 153 and 500';
  const xy = body.color?.xy;
  if (body.color !== undefined && (typeof xy?.x !== 'number' || typeof xy?.y !== 'number')) return 'color.xy must hold x and y';
  return undefined;
}

export async function startHueBridge(
  options: { key?: string; cert?: SelfSignedCert; lifetimeMs?: number } = {},
): Promise<HueBridgeStandIn> {
  const cert = options.cert ?? selfSignedCert('Philips hue');
  const key = options.key ?? 'stand-in-application-key-0123456789abcdef';
  const resources = initialResources();
  const requests: ReceivedRequest[] = [];
  const streams = new Set<ServerResponse>();
  let linkPressed = false;
  let eventCounter = 0;

  const find = (type: string, id: string) => resources[type]?.find((r) => r.id === id);

  const emit = (fragments: Json[]) => {
    if (fragments.length === 0) return;
    const seconds = Math.floor(Date.now() / 1000);
    const event = [{ creationtime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), id: randomUUID(), type: 'update', data: fragments }];
    for (const res of streams) res.write(`id: ${seconds}:${eventCounter++}\ndata: ${JSON.stringify(event)}\n\n`);
  };

  const fragmentOf = (r: Json, changed: Json): Json => ({
    id: r.id,
    ...(r.id_v1 ? { id_v1: r.id_v1 } : {}),
    ...(r.owner ? { owner: r.owner } : {}),
    type: r.type,
    ...changed,
  });

  const applyToLight = (light: Json, body: Json): Json => {
    const changed: Json = {};
    for (const f of STATE_FIELDS) {
      if (body[f] === undefined || light[f] === undefined) continue;
      light[f] = { ...light[f], ...body[f] };
      changed[f] = body[f];
    }
    return fragmentOf(light, changed);
  };

  const lightsOfGroup = (group: Json): Json[] => {
    const owner = find(group.owner.rtype, group.owner.rid);
    const ids = new Set((owner?.children ?? []).map((c: Json) => c.rid));
    return resources.light!.filter((l) => ids.has(l.id) || ids.has(l.owner.rid));
  };

  const syncGroups = (): Json[] => {
    const out: Json[] = [];
    for (const g of resources.grouped_light!) {
      const on = lightsOfGroup(g).some((l) => l.on.on);
      if (g.on.on !== on) {
        g.on.on = on;
        out.push(fragmentOf(g, { on: { on } }));
      }
    }
    return out;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    const go = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text);
    };
    if (bridge.delayMs > 0) setTimeout(go, bridge.delayMs).unref();
    else go();
  };
  const clipError = (res: ServerResponse, status: number, description: string) =>
    send(res, status, { errors: [{ description }], data: [] });

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'https://bridge');
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
      if (raw) return clipError(res, 400, 'body contains invalid JSON');
    }
    const record: ReceivedRequest = { method: req.method ?? 'GET', path: url.pathname, body, at: performance.now() };
    requests.push(record);
    bridge.onRequest?.(record);

    if (req.method === 'POST' && url.pathname === '/api') {
      const devicetype = (body as Json | undefined)?.devicetype;
      if (typeof devicetype !== 'string')
        return send(res, 200, [{ error: { type: 2, address: '/', description: 'body contains invalid json' } }]);
      if (!linkPressed) return send(res, 200, [{ error: { type: 101, address: '', description: 'link button not pressed' } }]);
      return send(res, 200, [{ success: { username: key, clientkey: '0123456789ABCDEF0123456789ABCDEF' } }]);
    }
    if (req.headers['hue-application-key'] !== key) return clipError(res, 403, 'unauthorized user');

    if (req.method === 'GET' && url.pathname === '/eventstream/clip/v2') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write(': hi\n\n');
      streams.add(res);
      res.on('close', () => streams.delete(res));
      return;
    }
    const m = /^\/clip\/v2\/resource\/([a-z_]+)(?:\/([0-9a-f-]+))?$/.exec(url.pathname);
    if (!m || !resources[m[1]!]) return clipError(res, 404, `resource not found: ${url.pathname}`);
    const [, type, id] = m as unknown as [string, string, string | undefined];
    if (req.method === 'GET') {
      if (!id) return send(res, 200, { errors: [], data: resources[type] });
      const one = find(type, id);
      return one ? send(res, 200, { errors: [], data: [one] }) : clipError(res, 404, 'Not Found');
    }
    if (req.method !== 'PUT' || !id) return clipError(res, 405, 'method not allowed');
    const target = find(type, id);
    if (!target) return clipError(res, 404, 'Not Found');
    if (typeof body !== 'object' || body === null) return clipError(res, 400, 'body contains invalid JSON');
    const b = body as Json;
    if (type === 'light' || type === 'grouped_light') {
      const problem = stateError(b);
      if (problem) return clipError(res, 400, problem);
      const fragments: Json[] = [];
      if (type === 'light') fragments.push(applyToLight(target, b));
      else {
        for (const f of STATE_FIELDS) if (b[f] !== undefined && target[f] !== undefined) target[f] = { ...target[f], ...b[f] };
        fragments.push(fragmentOf(target, b));
        for (const l of lightsOfGroup(target)) fragments.push(applyToLight(l, b));
      }
      fragments.push(...syncGroups().filter((g) => g.id !== target.id));
      send(res, 200, { errors: [], data: [{ rid: id, rtype: type }] });
      emit(fragments);
      return;
    }
    if (type === 'scene') {
      if (b.recall?.action !== 'active' && b.recall?.action !== 'static' && b.recall?.action !== 'dynamic_palette')
        return clipError(res, 400, 'recall.action must be active, static or dynamic_palette');
      const fragments: Json[] = [];
      for (const a of target.actions as Json[]) {
        const light = find('light', a.target.rid);
        if (light) fragments.push(applyToLight(light, a.action));
      }
      for (const s of resources.scene!) if (s.group.rid === target.group.rid && s !== target) s.status.active = 'inactive';
      target.status.active = 'static';
      fragments.push(fragmentOf(target, { status: { active: 'static' } }), ...syncGroups());
      send(res, 200, { errors: [], data: [{ rid: id, rtype: type }] });
      emit(fragments);
      return;
    }
    return clipError(res, 405, `${type} cannot be changed here`);
  };

  const server: Server = createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      raw += c;
      if (raw.length > 64_000) req.destroy();
    });
    req.on('end', () => handle(req, res, raw));
  });
  server.maxConnections = 64;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const close = () =>
    new Promise<void>((resolve) => {
      clearTimeout(lifetime);
      for (const s of streams) s.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const lifetime = setTimeout(() => void close(), options.lifetimeMs ?? 120_000);
  lifetime.unref();

  const bridge: HueBridgeStandIn = {
    url: `https://127.0.0.1:${port}`,
    key,
    fingerprint: cert.fingerprint,
    cert,
    requests,
    resources,
    delayMs: 0,
    pressLinkButton: () => {
      linkPressed = true;
    },
    pressWallSwitch(lightId, on) {
      const light = find('light', lightId);
      if (!light) throw new Error(`no light ${lightId}`);
      emit([applyToLight(light, { on: { on } }), ...syncGroups()]);
    },
    streams: () => streams.size,
    close,
  };
  return bridge;
}
