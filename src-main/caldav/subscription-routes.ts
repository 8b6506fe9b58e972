// Calendar subscriptions over the API: list, subscribe, change (name, colour, evening
// reminders), refresh now, unsubscribe, and the subscribed occurrences of a window for the
// calendar screen's layers. Changing them needs the desktop or an admin's device.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  CalendarSubscription,
  CalendarSubscriptionCreateRequest,
  CalendarSubscriptionsResponse,
  CalendarSubscriptionUpdateRequest,
  SubscriptionEventsResponse,
} from '../../src-shared';
import { Refusal } from '../platform/errors';
import { viewerOf } from '../platform/viewer';
import type { SubscriptionService } from './subscriptions';

const color = { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } as const;
const name = { type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' } as const;
const refresh = { type: 'integer', minimum: 15, maximum: 10_080 } as const;
const evening = {
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['match', 'time'],
      properties: {
        match: { type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' },
        time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
      },
    },
    { type: 'null' },
  ],
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^sub_[a-f0-9]{16}$' } } } as const;
const DAY_MS = 86_400_000;

export function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: { subscriptions: SubscriptionService; isAdmin: (memberId: string | undefined) => boolean },
): void {
  const { subscriptions } = deps;
  const mayChange = (req: FastifyRequest) => {
    const v = viewerOf(req);
    if (v.via === 'loopback' || deps.isAdmin(v.memberId)) return;
    throw new Refusal('forbidden', 'ADMIN_ONLY', 'Kalender-Abos ändert der Computer, auf dem JARVIS läuft, oder ein Gerät eines Admins.');
  };

  app.get('/api/calendar/subscriptions', async (): Promise<CalendarSubscriptionsResponse> => ({ subscriptions: subscriptions.list() }));

  app.post<{ Body: CalendarSubscriptionCreateRequest }>(
    '/api/calendar/subscriptions',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['url', 'name'],
          properties: { url: { type: 'string', minLength: 1, maxLength: 2000 }, name, color, refresh_minutes: refresh },
        },
      },
    },
    async (req, reply): Promise<CalendarSubscription> => {
      mayChange(req);
      const made = await subscriptions.add(req.body);
      void reply.code(201);
      return made;
    },
  );

  app.patch<{ Params: { id: string }; Body: CalendarSubscriptionUpdateRequest }>(
    '/api/calendar/subscriptions/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { name, color, refresh_minutes: refresh, evening_reminders: evening },
        },
      },
    },
    async (req): Promise<CalendarSubscription> => {
      mayChange(req);
      return subscriptions.update(req.params.id, req.body);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/calendar/subscriptions/:id/refresh',
    { schema: { params: idParams } },
    async (req): Promise<CalendarSubscription> => {
      mayChange(req);
      return subscriptions.refresh(req.params.id);
    },
  );

  app.delete<{ Params: { id: string } }>('/api/calendar/subscriptions/:id', { schema: { params: idParams } }, async (req, reply) => {
    mayChange(req);
    subscriptions.remove(req.params.id);
    return reply.code(204).send();
  });

  app.get<{ Querystring: { from?: string; days?: string } }>(
    '/api/calendar/subscriptions/events',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { from: { type: 'string', format: 'date' }, days: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' } },
        },
      },
    },
    async (req): Promise<SubscriptionEventsResponse> => {
      const days = Math.min(Number(req.query.days ?? 31), 366);
      const from = req.query.from ? Date.parse(`${req.query.from}T00:00:00Z`) - DAY_MS : Date.now() - DAY_MS;
      return { events: subscriptions.eventsBetween(from, from + (days + 2) * DAY_MS) };
    },
  );
}
