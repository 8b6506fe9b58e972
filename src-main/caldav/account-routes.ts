// Connecting a CalDAV account the family already has: find its calendars from the server
// address, connect one to a member's calendar (or the family's), sync now, disconnect
// keeping or removing the copied events. The desktop and admins manage every connection;
// a member's device only its own member's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Member } from '../../src-shared';
import { Refusal } from '../platform/errors';
import { askerOf } from './asker';
import type { AccountSync } from './account-sync';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const login = { server_url: text(2000), username: text(200), password: text(500) } as const;

function httpUrl(value: string, path: string): string {
  try {
    const u = new URL(value);
    if (u.protocol === 'https:' || u.protocol === 'http:') return u.toString();
  } catch {
    // fall through to the refusal
  }
  throw new Refusal('invalid', 'INVALID_URL', 'Bitte die Adresse des Kalender-Servers mit https:// angeben.', path);
}

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountSync; member: (id: string | undefined) => Member | undefined },
): void {
  const { accounts } = deps;
  const asker = askerOf(deps.member);
  const mine = (req: FastifyRequest, id: string) => {
    const viewer = asker(req);
    if (!accounts.list(viewer).some((a) => a.id === id))
      throw new Refusal('not_found', 'ACCOUNT_NOT_FOUND', 'Diese Kalender-Verbindung gibt es nicht (mehr).');
  };
  const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^acct_[a-f0-9]{16}$' } } } as const;

  app.get('/api/calendar/accounts', async (req) => ({ accounts: accounts.list(asker(req)) }));

  app.post<{ Body: { server_url: string; username: string; password: string } }>(
    '/api/calendar/accounts/discover',
    {
      schema: {
        body: { type: 'object', additionalProperties: false, required: ['server_url', 'username', 'password'], properties: login },
      },
    },
    async (req) => {
      asker(req);
      return { calendars: await accounts.discover(httpUrl(req.body.server_url, '/server_url'), req.body.username, req.body.password) };
    },
  );

  app.post<{ Body: { server_url: string; username: string; password: string; calendar_url: string; member_id: string | null } }>(
    '/api/calendar/accounts',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['server_url', 'username', 'password', 'calendar_url', 'member_id'],
          properties: { ...login, calendar_url: text(2000), member_id: { anyOf: [text(100), { type: 'null' }] } },
        },
      },
    },
    async (req, reply) => {
      const viewer = asker(req);
      if (viewer && req.body.member_id !== viewer.id)
        throw new Refusal('forbidden', 'OWN_CALENDAR_ONLY', 'Von diesem Gerät lässt sich nur der eigene Kalender verbinden.', '/member_id');
      if (req.body.member_id !== null && !deps.member(req.body.member_id))
        throw new Refusal('invalid', 'UNKNOWN_MEMBER', 'Diese Person gehört nicht zum Haushalt.', '/member_id');
      const made = await accounts.connect({
        serverUrl: httpUrl(req.body.server_url, '/server_url'),
        username: req.body.username,
        password: req.body.password,
        calendarUrl: req.body.calendar_url,
        memberId: req.body.member_id,
      });
      void reply.code(201);
      return made;
    },
  );

  app.post<{ Params: { id: string } }>('/api/calendar/accounts/:id/sync', { schema: { params: idParams } }, async (req) => {
    mine(req, req.params.id);
    return accounts.sync(req.params.id);
  });

  app.delete<{ Params: { id: string }; Querystring: { keep_events?: string } }>(
    '/api/calendar/accounts/:id',
    {
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['keep_events'],
          properties: { keep_events: { enum: ['true', 'false'] } },
        },
      },
    },
    async (req, reply) => {
      mine(req, req.params.id);
      await accounts.disconnect(req.params.id, req.query.keep_events === 'true');
      return reply.code(204).send();
    },
  );
}
