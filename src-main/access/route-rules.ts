import type { MemberRole } from '../../src-shared';
import type { Access, Listener, RouteRule } from '../platform/capability';

export { LISTENERS, type Access, type Listener, type RouteRule } from '../platform/capability';

const API: readonly Listener[] = ['loopback', 'lan'];
const member: RouteRule = { access: 'member', listeners: API };
const adult: RouteRule = { access: 'adult', listeners: API };
const admin: RouteRule = { access: 'admin', listeners: API };
const token: RouteRule = { access: 'token', listeners: API };
const pairing: RouteRule = { access: 'public', listeners: ['lan'] };
const mesh: RouteRule = { access: 'token', listeners: ['mesh'] };
/** Admin work done only on the computer JARVIS runs on (the desktop window, the CLI). */
const desktop: RouteRule = { access: 'admin', listeners: ['loopback'] };

/** The household's lists: every role reaches them; the tool gate decides per call and role. */
const HOUSEHOLD_LISTS = ['calendar', 'tasks', 'reminders', 'groceries', 'mealplan', 'kanban', 'recipes'];
/** Reminders are not edited in place and recipes not deleted over HTTP. */
const NOT_OFFERED = new Set(['PATCH /api/reminders/:id', 'DELETE /api/recipes/:id']);
function listRoutes(): Record<string, RouteRule> {
  const out: Record<string, RouteRule> = {};
  for (const list of HOUSEHOLD_LISTS) {
    for (const route of [`GET /api/${list}`, `POST /api/${list}`, `PATCH /api/${list}/:id`, `DELETE /api/${list}/:id`])
      if (!NOT_OFFERED.has(route)) out[route] = member;
  }
  return out;
}

/**
 * THE table of every HTTP route and who may ask on which listener, enforced on the server
 * before any handler runs. A route that is registered but missing here is refused (and the
 * route matrix test fails), so a new route cannot go out without a rule.
 */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  ...listRoutes(),
  // The chore chart: everyone reads it and ticks; setting it up, taking ticks back and rewards are the adults'.
  'GET /api/chores': member,
  'POST /api/chores': adult,
  'PATCH /api/chores/:id': adult,
  'DELETE /api/chores/:id': adult,
  'POST /api/chores/:id/tick': member,
  'POST /api/chores/ticks/:id/undo': adult,
  'POST /api/chores/rewards': adult,
  'GET /api/health': member,
  'GET /api/state': member,
  'GET /api/events': member,
  'POST /api/tools/:name': member,
  'POST /api/agent/chat': member,
  'POST /api/agent/chat/stream': member,
  'POST /api/agent/clear': member,
  'GET /api/agent/tools': member,
  'GET /api/calendar/export.ics': member,
  'POST /api/calendar/import': adult,
  'POST /api/groceries/sync': member,
  'POST /api/kanban/organize': member,
  'GET /api/recipes/:id': member,
  'GET /api/recipes/export': member,
  'POST /api/recipes/import': adult,
  // A parent's approval: everyone sees their own requests, only admins allow or refuse.
  'GET /api/approvals': member,
  'POST /api/approvals/:id/allow': admin,
  'POST /api/approvals/:id/refuse': admin,
  'GET /api/members': member,
  'POST /api/members': admin,
  'PATCH /api/members/:id': admin,
  'DELETE /api/members/:id': admin,
  'GET /api/notify/settings': member,
  'PUT /api/notify/settings/:member': member,
  'POST /api/notify/reminders/:id/done': member,
  'POST /api/notify/reminders/:id/snooze': member,
  'GET /api/push/vapid-key': member,
  'POST /api/push/subscription': member,
  'DELETE /api/push/subscription': member,
  'GET /api/voice/status': member,
  'POST /api/voice/command': member,
  'POST /api/voice/speak': member,
  'POST /api/voice/transcribe': member,
  'GET /api/home/homeassistant': member,
  'GET /api/home/hue': member,
  'GET /api/home/machines': member,
  'GET /api/home/proxmox': adult,
  'GET /api/home/stacks': adult,
  'GET /api/home/unifi': adult,
  'GET /api/home/protect': adult,
  'GET /api/home/protect/events': adult,
  'GET /api/home/protect/cameras/:id/snapshot': adult,
  'GET /api/rag/documents': adult,
  'POST /api/rag/documents': adult,
  'GET /api/rag/documents/:id': adult,
  'DELETE /api/rag/documents/:id': adult,
  'GET /api/rag/search': adult,
  // Settings, configuration, exports, devices, skills, integrations: admins.
  'GET /api/config': admin,
  'GET /api/debug/export': admin,
  'POST /api/debug/clear': admin,
  'GET /api/policy/risk': admin,
  'PUT /api/home/homeassistant/entities/:id/risk': admin,
  'PUT /api/policy/risk': admin,
  'GET /api/devices': admin,
  'DELETE /api/devices/:id': admin,
  'POST /api/pairing': desktop,
  'GET /api/mcp/tokens': desktop,
  'POST /api/mcp/tokens': desktop,
  'DELETE /api/mcp/tokens/:id': desktop,
  // A server's question during a call: every member sees the questions of their own calls.
  'GET /api/mcp/questions': member,
  'POST /api/mcp/questions/:id': member,
  'GET /api/skills': admin,
  'POST /api/skills/reload': admin,
  'DELETE /api/skills/:id/overlay': desktop,
  // What the assistant learnt: every member reaches it; each record is private to its member and the admins.
  'GET /api/learned': member,
  'POST /api/learned/:id/accept': member,
  'DELETE /api/learned/:id': member,
  'POST /api/learned/:id/restore': member,
  'GET /api/skills/learning': admin,
  'POST /api/skills/learning/:id/decision': admin,
  'POST /api/skills/learning/:id/undo': admin,
  'GET /api/skills/sources': admin,
  'POST /api/skills/sources/sync': desktop,
  'GET /api/mesh/workers': admin,
  'POST /api/mesh/workers/:id/reload': admin,
  'GET /api/docker/skill-services': admin,
  'POST /api/docker/skill-services/:id/:action': admin,
  ...Object.fromEntries(
    [
      'POST /api/protocol/actors',
      'GET /api/protocol/export',
      'GET /api/protocol/learning',
      'POST /api/protocol/manifests',
      'POST /api/protocol/manifests/:id/seal',
      'GET /api/protocol/memory-proposals',
      'POST /api/protocol/outcomes',
      'POST /api/protocol/policies',
      'GET /api/protocol/sessions',
      'POST /api/protocol/sessions',
      'GET /api/protocol/sessions/:id',
      'POST /api/protocol/sessions/:id/contributions',
      'POST /api/protocol/sessions/:id/decisions',
      'POST /api/protocol/sessions/:id/learning',
      'POST /api/protocol/sessions/:id/learning/:lid/decision',
      'POST /api/protocol/sessions/:id/memory-proposals',
      'POST /api/protocol/sessions/:id/memory-proposals/:pid/decision',
      'POST /api/protocol/sessions/:id/requests',
      'POST /api/protocol/sessions/:id/requests/:rid/reviews',
      'POST /api/protocol/sessions/:id/requests/:rid/takeovers',
      'POST /api/protocol/sessions/:id/seal',
      'POST /api/protocol/sessions/:id/status',
      'GET /api/protocol/skill-proposals',
      'POST /api/protocol/skill-proposals',
      'POST /api/protocol/skill-proposals/:id/decision',
      'GET /api/protocol/verify',
      'POST /api/protocol/workers',
    ].map((r) => [r, admin]),
  ),
  // Settings and connections: admins, from the desktop or from their paired phone (the LAN
  // listener is TLS with the device's own credential, and the role is checked here, on the
  // server). Secrets are typed in and never come back out on either listener, so they need
  // no stricter rule; what stays on the desktop is what mints a new device or MCP client
  // (pairing codes, MCP tokens) and what changes the skills' code.
  ...Object.fromEntries(
    [
      'GET /api/settings',
      'PATCH /api/settings',
      'PUT /api/settings/secrets/:name',
      'DELETE /api/settings/secrets/:name',
      'PUT /api/settings/setup/:step',
      'POST /api/settings/mesh-token',
      'GET /api/settings/models',
      'POST /api/settings/connections/certificate',
      'POST /api/settings/connections/hue/certificate',
      'POST /api/settings/connections/hue',
      'POST /api/settings/connections/homeassistant',
      'POST /api/settings/connections/ntfy',
      'POST /api/settings/connections/unifi',
      'POST /api/settings/connections/proxmox',
      'GET /api/settings/backups',
      'POST /api/settings/backups',
      'POST /api/settings/backups/restore',
      'POST /api/settings/voice/setup',
    ].map((r) => [r, admin]),
  ),
  'POST /api/devices/:id/app-password': admin,
  'DELETE /api/devices/:id/app-password': admin,
  // Calendars from elsewhere: everyone sees them, adults connect and change them.
  'GET /api/calendar/accounts': member,
  'POST /api/calendar/accounts/discover': adult,
  'POST /api/calendar/accounts': adult,
  'POST /api/calendar/accounts/:id/sync': adult,
  'DELETE /api/calendar/accounts/:id': adult,
  'GET /api/calendar/feeds': member,
  'POST /api/calendar/feeds': member,
  'DELETE /api/calendar/feeds/:id': member,
  'GET /api/calendar/subscriptions': member,
  'GET /api/calendar/subscriptions/events': member,
  'POST /api/calendar/subscriptions': adult,
  'PATCH /api/calendar/subscriptions/:id': adult,
  'POST /api/calendar/subscriptions/:id/refresh': adult,
  'DELETE /api/calendar/subscriptions/:id': adult,
  // A private feed: the secret in its address is the credential (calendar apps only subscribe).
  'GET /feeds/:file': { access: 'public', listeners: API },
  // CalDAV for the phones' own calendars: the device's app password (Basic auth over TLS).
  ...Object.fromEntries(
    ['COPY', 'DELETE', 'GET', 'MKCALENDAR', 'MKCOL', 'MOVE', 'OPTIONS', 'PROPFIND', 'PROPPATCH', 'PUT', 'REPORT'].flatMap((m) =>
      ['/.well-known/caldav', '/dav', '/dav/*'].map((path) => [
        `${m} ${path}`,
        { access: 'token', listeners: ['lan'] } satisfies RouteRule,
      ]),
    ),
  ),
  'GET /mcp': token,
  'POST /mcp': token,
  'DELETE /mcp': token,
  // A browser on this machine signs in with the one-time link `serve` prints.
  'GET /local-session': { access: 'public', listeners: ['loopback'] },
  // Paired devices only: the pairing page and its two calls.
  'GET /pair': pairing,
  'GET /pair/pair.js': pairing,
  'GET /pair/pair.css': pairing,
  'GET /pair/ca.crt': pairing,
  'POST /api/pairing/check': pairing,
  'POST /api/pairing/confirm': pairing,
  // The mesh listener: workers with their own tokens.
  'POST /api/mesh/enroll': mesh,
  'PUT /api/mesh/workers/:id/skills': mesh,
  'POST /api/mesh/workers/:id/heartbeat': mesh,
  'DELETE /api/mesh/workers/:id': mesh,
};

const ROLES_OF: Readonly<Record<Access, readonly MemberRole[]>> = {
  public: ['admin', 'adult', 'child', 'guest'],
  member: ['admin', 'adult', 'child', 'guest'],
  token: ['admin', 'adult', 'child', 'guest'],
  adult: ['admin', 'adult'],
  admin: ['admin'],
};

/** The rule of a route: the table's, else one an extra capability declared for its own route. */
export function ruleOf(method: string, url: string, extra: Readonly<Record<string, RouteRule>> = {}): RouteRule | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return ROUTE_RULES[key] ?? (Object.hasOwn(extra, key) ? extra[key] : undefined);
}

/** Whether a role may ask for a route with this rule. */
export function roleMayAsk(rule: RouteRule, role: MemberRole): boolean {
  return ROLES_OF[rule.access].includes(role);
}
