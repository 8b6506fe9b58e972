// CalDAV (RFC 4791) on the LAN listener: discovery, PROPFIND, REPORT (calendar-query,
// calendar-multiget, sync-collection of RFC 6578), GET/PUT/DELETE with ETags. The routes
// parse and answer; reads go to the CaldavService, writes become the household's tool
// calls through the registry, as the UI's do.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CALDAV_ROOT, CALDAV_WELL_KNOWN, type Member } from '../../src-shared';
import type { SkillRegistry } from '../platform/registry';
import { newTraceId } from '../platform/trace';
import { viewerOf } from '../platform/viewer';
import type { Collection } from './calendars';
import { ObjectNotFound, PreconditionFailed, type CaldavService } from './service';
import type { ObjectRow } from './service';
import { ObjectRefusal, ToolRefusal, type ToolCaller } from './writes';
import {
  child,
  childrenNamed,
  davError,
  escapeXml,
  multistatus,
  NS,
  parseXml,
  tag,
  XmlError,
  type DavResponse,
  type XmlElement,
} from './xml';

/** Largest calendar object accepted: a year of a busy series with its changes is far below this. */
export const MAX_OBJECT_BYTES = 256 * 1024;
const METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCALENDAR', 'MKCOL', 'MOVE', 'COPY'] as const;
const ALL_METHODS = ['GET', 'PUT', 'DELETE', 'OPTIONS', ...METHODS];
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';
/** Resource names clients make are UUIDs and the like; nothing that walks out of its folder. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@+=~-]{0,199}$/;

export interface CaldavRouteDeps {
  readonly service: CaldavService;
  readonly registry: SkillRegistry;
  readonly clock: () => Date;
  readonly timezone: string;
}

type Target =
  | { readonly type: 'root' }
  | { readonly type: 'principal' }
  | { readonly type: 'home' }
  | { readonly type: 'collection'; readonly collection: Collection }
  | { readonly type: 'object'; readonly collection: Collection; readonly name: string };

class DavFailure extends Error {
  constructor(
    readonly status: number,
    readonly body?: string,
    message = '',
  ) {
    super(message);
  }
}

const PRINCIPAL = `${CALDAV_ROOT}/principals/me/`;
const HOME = `${CALDAV_ROOT}/calendars/`;
const collectionHref = (c: Collection) => `${HOME}${encodeURIComponent(c.id)}/`;
const objectHref = (c: Collection, name: string) => `${collectionHref(c)}${encodeURIComponent(name)}`;

function refuse(status: number, ns: string, condition: string, message: string): never {
  throw new DavFailure(status, davError(ns, condition, message), message);
}

function segmentsOf(url: string): string[] {
  const path = url.split('?')[0] ?? '';
  const out: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    let s: string;
    try {
      s = decodeURIComponent(raw);
    } catch {
      refuse(400, NS.jarvis, 'invalid-path', 'Der Pfad ist nicht lesbar kodiert.');
    }
    if (s === '.' || s === '..' || /[/\\\0]/.test(s))
      refuse(400, NS.jarvis, 'invalid-path', 'Der Pfad darf nicht aus seinem Ordner heraus zeigen.');
    out.push(s);
  }
  return out;
}

function targetOf(service: CaldavService, viewer: Member, url: string): Target {
  const s = segmentsOf(url);
  if (s[0] !== 'dav') throw new DavFailure(404);
  if (s.length === 1) return { type: 'root' };
  if (s[1] === 'principals' && s.length === 3 && s[2] === 'me') return { type: 'principal' };
  if (s[1] !== 'calendars') throw new DavFailure(404);
  if (s.length === 2) return { type: 'home' };
  const collection = service.collection(viewer, s[2]!);
  if (!collection) throw new DavFailure(404);
  if (s.length === 3) return { type: 'collection', collection };
  const name = s[3]!;
  if (s.length > 4 || !NAME.test(name))
    refuse(400, NS.jarvis, 'invalid-name', 'Der Name des Kalenderobjekts ist nicht erlaubt (Buchstaben, Ziffern, . _ - @ + = ~).');
  return { type: 'object', collection, name };
}

const key = (ns: string, name: string) => `${ns}|${name}`;
const prop = (ns: string, name: string, inner: string) => {
  const t = tag(ns, name);
  return inner === '' ? t.empty : `${t.open}${inner}${t.close}`;
};
const href = (h: string) => `<d:href>${escapeXml(h)}</d:href>`;

const PRIVILEGES =
  '<d:privilege><d:read/></d:privilege><d:privilege><d:write/></d:privilege><d:privilege><d:write-content/></d:privilege><d:privilege><d:bind/></d:privilege><d:privilege><d:unbind/></d:privilege><d:privilege><d:read-current-user-privilege-set/></d:privilege>';
const REPORTS = ['c:calendar-multiget', 'c:calendar-query', 'd:sync-collection']
  .map((r) => `<d:supported-report><d:report><${r}/></d:report></d:supported-report>`)
  .join('');

type Props = Map<string, string>;

function baseProps(viewer: Member): Props {
  return new Map([
    [key(NS.dav, 'current-user-principal'), prop(NS.dav, 'current-user-principal', href(PRINCIPAL))],
    [key(NS.dav, 'principal-collection-set'), prop(NS.dav, 'principal-collection-set', href(`${CALDAV_ROOT}/principals/`))],
    [key(NS.dav, 'owner'), prop(NS.dav, 'owner', href(PRINCIPAL))],
    [key(NS.dav, 'current-user-privilege-set'), prop(NS.dav, 'current-user-privilege-set', PRIVILEGES)],
    [key(NS.caldav, 'calendar-home-set'), prop(NS.caldav, 'calendar-home-set', href(HOME))],
    [key(NS.dav, 'displayname'), prop(NS.dav, 'displayname', escapeXml(viewer.name))],
  ]);
}

function propsOf(service: CaldavService, viewer: Member, t: Target, row?: ObjectRow): Props {
  const p = baseProps(viewer);
  const set = (ns: string, name: string, inner: string) => p.set(key(ns, name), prop(ns, name, inner));
  switch (t.type) {
    case 'root':
    case 'home':
      set(NS.dav, 'resourcetype', '<d:collection/>');
      break;
    case 'principal':
      set(NS.dav, 'resourcetype', '<d:collection/><d:principal/>');
      set(NS.dav, 'principal-URL', href(PRINCIPAL));
      break;
    case 'collection': {
      const c = t.collection;
      const token = service.syncToken(c.id);
      set(NS.dav, 'resourcetype', '<d:collection/><c:calendar/>');
      set(NS.dav, 'displayname', escapeXml(c.displayName));
      set(NS.apple, 'calendar-color', `${c.color.toUpperCase()}FF`);
      set(NS.caldav, 'supported-calendar-component-set', `<c:comp name="${c.kind === 'event' ? 'VEVENT' : 'VTODO'}"/>`);
      set(NS.caldav, 'supported-calendar-data', '<c:calendar-data content-type="text/calendar" version="2.0"/>');
      set(NS.caldav, 'max-resource-size', String(MAX_OBJECT_BYTES));
      set(NS.cs, 'getctag', escapeXml(token));
      set(NS.dav, 'sync-token', escapeXml(token));
      set(NS.dav, 'supported-report-set', REPORTS);
      break;
    }
    case 'object': {
      const r = row ?? service.object(t.collection.id, t.name);
      if (!r) break;
      set(NS.dav, 'resourcetype', '');
      set(NS.dav, 'getetag', escapeXml(r.etag));
      set(NS.dav, 'getcontenttype', `text/calendar; charset=utf-8; component=${r.kind === 'event' ? 'vevent' : 'vtodo'}`);
      break;
    }
  }
  return p;
}

interface Wanted {
  readonly all: boolean;
  readonly names: readonly { ns: string; name: string }[];
}

function wantedOf(el: XmlElement | undefined): Wanted {
  if (!el || child(el, NS.dav, 'allprop')) return { all: true, names: [] };
  if (child(el, NS.dav, 'propname')) return { all: true, names: [] };
  const p = child(el, NS.dav, 'prop');
  return { all: false, names: (p?.children ?? []).map((c) => ({ ns: c.ns, name: c.name })) };
}

function answer(hrefText: string, props: Props, wanted: Wanted, extra: Props = new Map()): DavResponse {
  if (wanted.all) return { href: hrefText, propstats: [{ status: 200, props: [...props.values()] }] };
  const found: string[] = [];
  const missing: string[] = [];
  for (const w of wanted.names) {
    const v = extra.get(key(w.ns, w.name)) ?? props.get(key(w.ns, w.name));
    if (v !== undefined) found.push(v);
    else missing.push(tag(w.ns, w.name).empty);
  }
  return {
    href: hrefText,
    propstats: [
      { status: 200, props: found },
      { status: 404, props: missing },
    ],
  };
}

function hrefOf(t: Target): string {
  switch (t.type) {
    case 'root':
      return `${CALDAV_ROOT}/`;
    case 'principal':
      return PRINCIPAL;
    case 'home':
      return HOME;
    case 'collection':
      return collectionHref(t.collection);
    case 'object':
      return objectHref(t.collection, t.name);
  }
}

function parseBody(body: unknown): XmlElement | undefined {
  try {
    return parseXml(typeof body === 'string' ? body : '');
  } catch (err) {
    if (err instanceof XmlError) refuse(400, NS.jarvis, 'invalid-xml', `Der Inhalt ist kein gültiges XML: ${err.message}`);
    throw err;
  }
}

function depthOf(req: FastifyRequest, fallback: '0' | '1' | 'infinity'): '0' | '1' | 'infinity' {
  const d = String(req.headers.depth ?? fallback)
    .trim()
    .toLowerCase();
  if (d === '0' || d === '1' || d === 'infinity') return d;
  refuse(400, NS.jarvis, 'invalid-depth', 'Depth muss 0, 1 oder infinity sein.');
}

function propfind(service: CaldavService, viewer: Member, t: Target, req: FastifyRequest): string {
  // RFC 4918 9.1: without a Depth header PROPFIND means infinity, which this server refuses.
  if (depthOf(req, 'infinity') === 'infinity')
    refuse(403, NS.dav, 'propfind-finite-depth', 'PROPFIND mit Depth: infinity wird nicht beantwortet; bitte Depth 0 oder 1.');
  const depth = depthOf(req, 'infinity');
  const wanted = wantedOf(parseBody(req.body));
  if (t.type === 'object' && !service.object(t.collection.id, t.name)) throw new DavFailure(404);
  const out: DavResponse[] = [answer(hrefOf(t), propsOf(service, viewer, t), wanted)];
  if (depth === '1') {
    if (t.type === 'root') out.push(answer(PRINCIPAL, propsOf(service, viewer, { type: 'principal' }), wanted));
    if (t.type === 'home') {
      for (const c of service.collectionsFor(viewer)) {
        const ct: Target = { type: 'collection', collection: c };
        out.push(answer(hrefOf(ct), propsOf(service, viewer, ct), wanted));
      }
    }
    if (t.type === 'collection') {
      for (const r of service.objects(t.collection.id)) {
        const ot: Target = { type: 'object', collection: t.collection, name: r.name };
        out.push(answer(hrefOf(ot), propsOf(service, viewer, ot, r), wanted));
      }
    }
  }
  return multistatus(out);
}

/** "20260301T000000Z" (the only form RFC 4791 allows in a time-range). */
function utcOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) refuse(400, NS.caldav, 'valid-filter', `Die Zeitangabe „${text.slice(0, 40)}“ hat nicht die Form JJJJMMTTTHHMMSSZ.`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

function report(service: CaldavService, viewer: Member, t: Target, req: FastifyRequest): string {
  const root = parseBody(req.body);
  if (!root) refuse(400, NS.jarvis, 'invalid-xml', 'REPORT braucht einen Inhalt.');
  if (t.type !== 'collection') refuse(403, NS.dav, 'supported-report', 'Berichte gibt es nur für einen Kalender.');
  const c = t.collection;
  const wanted = wantedOf(root);
  const objectAnswer = (r: ObjectRow): DavResponse => {
    const ot: Target = { type: 'object', collection: c, name: r.name };
    const extra: Props = new Map();
    if (!wanted.all && wanted.names.some((w) => w.ns === NS.caldav && w.name === 'calendar-data')) {
      extra.set(key(NS.caldav, 'calendar-data'), prop(NS.caldav, 'calendar-data', escapeXml(service.body(c.id, r.name) ?? '')));
    }
    return answer(objectHref(c, r.name), propsOf(service, viewer, ot, r), wanted, extra);
  };

  if (root.ns === NS.caldav && root.name === 'calendar-multiget') {
    const base = collectionHref(c);
    const out: DavResponse[] = [];
    for (const h of childrenNamed(root, NS.dav, 'href').slice(0, 5_000)) {
      const path = h.text.trim().replace(/^https?:\/\/[^/]+/i, '');
      let name: string | undefined;
      try {
        name = path.startsWith(base) ? decodeURIComponent(path.slice(base.length)) : undefined;
      } catch {
        name = undefined;
      }
      const r = name !== undefined && NAME.test(name) ? service.object(c.id, name) : undefined;
      out.push(r ? objectAnswer(r) : { href: h.text.trim(), status: 404 });
    }
    return multistatus(out);
  }

  if (root.ns === NS.caldav && root.name === 'calendar-query') {
    const vcal = child(child(root, NS.caldav, 'filter'), NS.caldav, 'comp-filter');
    const comp = child(vcal, NS.caldav, 'comp-filter');
    const compName = (comp?.attrs.name ?? '').toUpperCase();
    let rows = service.objects(c.id);
    if (compName && compName !== (c.kind === 'event' ? 'VEVENT' : 'VTODO')) rows = [];
    const range = child(comp, NS.caldav, 'time-range');
    if (range && c.kind === 'event') {
      const from = utcOf(range.attrs.start) ?? -8.64e15;
      const to = utcOf(range.attrs.end) ?? 8.64e15;
      if (from >= to) refuse(400, NS.caldav, 'valid-filter', 'Der Zeitraum endet vor seinem Beginn.');
      const ids = service.eventIdsBetween(Math.max(from, -8.64e15), Math.min(to, 8.64e15));
      rows = rows.filter((r) => ids.has(r.itemId));
    }
    return multistatus(rows.map(objectAnswer));
  }

  if (root.ns === NS.dav && root.name === 'sync-collection') {
    const level = child(root, NS.dav, 'sync-level')?.text.trim() ?? '1';
    if (level !== '1') refuse(403, NS.dav, 'supported-sync-level', 'Nur sync-level 1 wird unterstützt.');
    const token = child(root, NS.dav, 'sync-token')?.text.trim() ?? '';
    const changes = service.changesSince(c.id, token);
    if (!changes) refuse(403, NS.dav, 'valid-sync-token', 'Dieser Sync-Token ist unbekannt; bitte neu abgleichen.');
    return multistatus(
      changes.rows.map((r) => (r.deleted ? { href: objectHref(c, r.name), status: 404 } : objectAnswer(r))),
      changes.token,
    );
  }
  refuse(403, NS.dav, 'supported-report', 'Diesen Bericht kennt der Server nicht.');
}

function proppatch(t: Target, req: FastifyRequest): string {
  const root = parseBody(req.body);
  const names: string[] = [];
  for (const action of root?.children ?? []) {
    for (const p of child(action, NS.dav, 'prop')?.children ?? []) names.push(tag(p.ns, p.name).empty);
  }
  return multistatus([{ href: hrefOf(t), propstats: [{ status: 403, props: names }] }]);
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

export function registerCaldavRoutes(app: FastifyInstance, deps: CaldavRouteDeps): void {
  for (const m of METHODS) if (!app.supportedMethods.includes(m)) app.addHttpMethod(m, { hasBody: true });
  const { service } = deps;

  const caller =
    (viewer: Member): ToolCaller =>
    (name, args) =>
      deps.registry.call(name, args, {
        traceId: newTraceId('caldav'),
        now: deps.clock(),
        timezone: deps.timezone,
        actor: 'user',
        member: viewer.id,
      });

  const xml = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('content-type', 'application/xml; charset=utf-8').send(body);

  async function handle(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.header('dav', '1, 3, calendar-access').header('cache-control', 'no-store');
    const viewer = service.member(viewerOf(req).memberId);
    if (!viewer) return xml(reply, 403, davError(NS.jarvis, 'no-member', 'Dieses Gerät gehört zu keinem Mitglied des Haushalts.'));
    try {
      const t = targetOf(service, viewer, req.url);
      switch (req.method) {
        case 'OPTIONS':
          return reply.code(200).header('allow', ALLOW).send();
        case 'PROPFIND':
          return xml(reply, 207, propfind(service, viewer, t, req));
        case 'REPORT':
          return xml(reply, 207, report(service, viewer, t, req));
        case 'PROPPATCH':
          return xml(reply, 207, proppatch(t, req));
        case 'GET': {
          if (t.type !== 'object') return reply.code(405).header('allow', 'OPTIONS, PROPFIND, REPORT').send();
          const row = service.object(t.collection.id, t.name);
          const body = row && service.body(t.collection.id, t.name);
          if (!row || body === undefined) throw new DavFailure(404);
          return reply.code(200).header('content-type', 'text/calendar; charset=utf-8').header('etag', row.etag).send(body);
        }
        case 'PUT': {
          if (t.type !== 'object') refuse(405, NS.dav, 'resource-must-be-null', 'Kalenderobjekte werden in einen Kalender gelegt.');
          if (typeof req.body !== 'string' || req.body.length === 0)
            refuse(400, NS.caldav, 'valid-calendar-data', 'Der Inhalt fehlt: ein Kalenderobjekt (text/calendar) wird erwartet.');
          const result = await service.put(
            t.collection,
            t.name,
            req.body,
            { ifMatch: header(req, 'if-match'), ifNoneMatch: header(req, 'if-none-match') },
            caller(viewer),
          );
          if (result.etag) reply.header('etag', result.etag);
          return reply.code(result.created ? 201 : 204).send();
        }
        case 'DELETE': {
          if (t.type !== 'object') refuse(403, NS.jarvis, 'not-deletable', 'Kalender werden in JARVIS verwaltet, nicht hier gelöscht.');
          await service.delete(t.collection, t.name, { ifMatch: header(req, 'if-match') }, caller(viewer));
          return reply.code(204).send();
        }
        default:
          refuse(403, NS.jarvis, 'not-supported', 'Kalender werden in JARVIS angelegt und verschoben, nicht über CalDAV.');
      }
    } catch (err) {
      if (err instanceof DavFailure) return err.body ? xml(reply, err.status, err.body) : reply.code(err.status).send();
      if (err instanceof PreconditionFailed)
        return xml(reply, 412, davError(NS.jarvis, 'etag-mismatch', 'Das Kalenderobjekt wurde inzwischen geändert; bitte neu abgleichen.'));
      if (err instanceof ObjectNotFound) return reply.code(404).send();
      if (err instanceof ObjectRefusal) return xml(reply, 403, davError(NS.caldav, err.condition, err.message));
      if (err instanceof ToolRefusal) {
        const status = err.result.error?.code === 'NOT_FOUND' ? 404 : 403;
        return xml(reply, status, davError(NS.caldav, 'valid-calendar-object-resource', err.result.message ?? 'Abgelehnt.'));
      }
      throw err;
    }
  }

  app.register(async (scope) => {
    // Bodies are calendar text or XML, whatever Content-Type a client sends (some send none).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_OBJECT_BYTES }, (_req, body, done) => done(null, body));
    const methods = ALL_METHODS as ('GET' | 'PUT')[];
    scope.route({
      method: methods,
      url: CALDAV_WELL_KNOWN,
      handler: async (_req, reply) => reply.code(301).header('location', `${CALDAV_ROOT}/`).send(),
    });
    scope.route({ method: methods, url: CALDAV_ROOT, handler: handle });
    scope.route({ method: methods, url: `${CALDAV_ROOT}/*`, handler: handle });
  });
}
