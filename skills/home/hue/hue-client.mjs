// Philips Hue bridge, CLIP API v2: resources under /clip/v2/resource/<type>, the
// application key in the `hue-application-key` header, answers {errors: [...], data: [...]}.
// Every request goes through the pinned certificate (the bridge signs its own).
import { PinError, pinnedRequest } from '../_lib/pinned-https.mjs';
import { SkillError, describeNetworkError, requireSetting } from '../_lib/skill-main.mjs';

const TIMEOUT_MS = 6000;

/** The bridge's settings, or NOT_CONFIGURED naming the missing one. */
export function hueSettings(env) {
  const url = requireSetting(env, 'HUE_BRIDGE_URL', 'Philips Hue').replace(/\/+$/, '');
  const key = requireSetting(env, 'HUE_APPLICATION_KEY', 'Philips Hue');
  const fingerprint = (env.HUE_CERT_FINGERPRINT ?? '').trim();
  if (url.startsWith('https:') && fingerprint === '')
    throw new SkillError('NOT_CONFIGURED', 'Philips Hue is not paired: HUE_CERT_FINGERPRINT is empty (pair with `jarvis home hue pair`).');
  return { url, key, fingerprint: fingerprint || undefined };
}

function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return 'the bridge';
  }
}

/** One CLIP v2 request; resolves the `data` array or throws a SkillError with the bridge's words. */
export async function clip(settings, method, path, body) {
  let res;
  try {
    res = await pinnedRequest(`${settings.url}${path}`, {
      method,
      headers: { 'hue-application-key': settings.key, accept: 'application/json' },
      body,
      fingerprint: settings.fingerprint,
      timeoutMs: TIMEOUT_MS,
    });
  } catch (err) {
    if (err instanceof PinError && err.code === 'BAD_URL') throw new SkillError('NOT_CONFIGURED', `HUE_BRIDGE_URL: ${err.message}`);
    throw describeNetworkError(err, hostOf(settings.url));
  }
  let json;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  const errors = Array.isArray(json?.errors) ? json.errors.map((e) => String(e?.description ?? '')).filter(Boolean) : [];
  if (res.status === 401 || res.status === 403)
    throw new SkillError('UNAUTHORIZED', `The Hue bridge refused the application key (${errors[0] ?? `HTTP ${res.status}`}). Pair again.`);
  if (res.status === 404) throw new SkillError('NOT_FOUND', `The Hue bridge knows no ${path.split('/').slice(-2).join(' ')}.`);
  if (res.status >= 400 || !json) throw new SkillError('BRIDGE_ERROR', `The Hue bridge answered ${res.status}${errors.length ? `: ${errors.join('; ')}` : ''}.`);
  if (errors.length > 0 && !(Array.isArray(json.data) && json.data.length > 0)) throw new SkillError('BRIDGE_ERROR', `The Hue bridge: ${errors.join('; ')}`);
  return Array.isArray(json.data) ? json.data : [];
}

/** Several reads at once; every one has ended before the first failure is reported. */
export async function clipAll(settings, paths) {
  const settled = await Promise.allSettled(paths.map((p) => clip(settings, 'GET', p)));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => r.value);
}

function lightView(l) {
  return {
    id: l.id,
    name: l.metadata?.name ?? l.id,
    on: l.on?.on === true,
    ...(typeof l.dimming?.brightness === 'number' ? { brightness: Math.round(l.dimming.brightness) } : {}),
    ...(typeof l.color_temperature?.mirek === 'number' ? { mirek: l.color_temperature.mirek } : {}),
    ...(l.color?.xy ? { xy: { x: l.color.xy.x, y: l.color.xy.y } } : {}),
    dimmable: l.dimming !== undefined,
    color: l.color !== undefined,
    color_temperature: l.color_temperature !== undefined,
  };
}

/** Rooms and zones with their lights and grouped light, the scenes, every light: the state a screen shows. */
export async function hueOverview(settings) {
  const [lights, rooms, zones, grouped, scenes] = await clipAll(
    settings,
    ['light', 'room', 'zone', 'grouped_light', 'scene'].map((t) => `/clip/v2/resource/${t}`),
  );
  const groupedById = new Map(grouped.map((g) => [g.id, g]));
  const groupOf = (g, kind) => {
    // A room holds devices (a light belongs to its device); a zone holds lights directly.
    const childIds = new Set((g.children ?? []).map((c) => c.rid));
    const members = lights.filter((l) => childIds.has(l.id) || childIds.has(l.owner?.rid));
    const service = (g.services ?? []).find((s) => s.rtype === 'grouped_light');
    const gl = service ? groupedById.get(service.rid) : undefined;
    return {
      id: g.id,
      kind,
      name: g.metadata?.name ?? g.id,
      grouped_light: service?.rid ?? null,
      on: gl ? gl.on?.on === true : members.some((l) => l.on?.on === true),
      ...(typeof gl?.dimming?.brightness === 'number' ? { brightness: Math.round(gl.dimming.brightness) } : {}),
      lights: members.map((l) => l.id),
    };
  };
  return {
    rooms: [...rooms.map((r) => groupOf(r, 'room')), ...zones.map((z) => groupOf(z, 'zone'))],
    lights: lights.map(lightView),
    scenes: scenes.map((s) => ({ id: s.id, name: s.metadata?.name ?? s.id, group: s.group?.rid ?? null, active: s.status?.active ?? 'inactive' })),
  };
}

export function fold(text) {
  return String(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A thing by id or by name (exact, then the only one containing the words); `what` names the kind in the plural ("Lampen"). */
export function pick(items, wanted, what) {
  const byId = items.find((i) => i.id === wanted);
  if (byId) return byId;
  const w = fold(wanted);
  const exact = items.filter((i) => fold(i.name) === w);
  if (exact.length === 1) return exact[0];
  const partial = exact.length > 1 ? exact : items.filter((i) => fold(i.name).includes(w) || (w.includes(fold(i.name)) && fold(i.name).length > 2));
  if (partial.length === 1) return partial[0];
  if (partial.length > 1) throw new SkillError('AMBIGUOUS', `„${wanted}“ passt auf mehrere ${what}: ${partial.map((p) => p.name).join(', ')}.`);
  const known = items.map((i) => i.name).join(', ');
  throw new SkillError('NOT_FOUND', `„${wanted}“ kenne ich nicht${known ? ` (${what}: ${known})` : ''}.`);
}

/** The CLIP v2 body for a change of light state (light and grouped_light take the same fields). */
export function lightBody(input) {
  const body = {};
  if (typeof input.on === 'boolean') body.on = { on: input.on };
  if (typeof input.brightness === 'number') {
    body.dimming = { brightness: input.brightness };
    // "Auf 30 Prozent" on a light that is off means: on, at 30 %.
    if (input.on === undefined && input.brightness > 0) body.on = { on: true };
  }
  if (typeof input.mirek === 'number') body.color_temperature = { mirek: input.mirek };
  if (input.xy) body.color = { xy: { x: input.xy.x, y: input.xy.y } };
  if (Object.keys(body).length === 0) throw new SkillError('INVALID_ARGUMENTS', 'Say what to change: on, brightness, mirek or xy.');
  return body;
}

export function describeChange(name, input) {
  const parts = [];
  if (input.on === true) parts.push('an');
  if (input.on === false) parts.push('aus');
  if (typeof input.brightness === 'number') parts.push(`${input.brightness} %`);
  if (typeof input.mirek === 'number') parts.push(`Farbtemperatur ${input.mirek} mirek`);
  if (input.xy) parts.push('neue Farbe');
  return `${name}: ${parts.join(', ')}.`;
}
