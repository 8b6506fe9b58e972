// Private feed addresses over the API (made, listed, revoked) and the feeds themselves.
// A feed is open without a login on both listeners: its secret is the key.
import type { FastifyInstance } from 'fastify';
import type { CalendarFeedCreated, CalendarFeedsResponse, Member } from '../../src-shared';
import { CALENDAR_FEED_PREFIX } from '../../src-shared';
import { Refusal } from '../platform/errors';
import { askerOf } from './asker';
import type { FeedService } from './feeds';

export function registerFeedRoutes(
  app: FastifyInstance,
  deps: { feeds: FeedService; member: (id: string | undefined) => Member | undefined },
): void {
  const { feeds } = deps;
  const asker = askerOf(deps.member);

  app.get('/api/calendar/feeds', async (req): Promise<CalendarFeedsResponse> => ({ feeds: feeds.list(asker(req)) }));
  app.post<{ Body: { member_id: string | null } }>(
    '/api/calendar/feeds',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['member_id'],
          properties: { member_id: { anyOf: [{ type: 'string', minLength: 1, maxLength: 100 }, { type: 'null' }] } },
        },
      },
    },
    async (req, reply): Promise<CalendarFeedCreated> => {
      const made = feeds.create(asker(req), req.body.member_id);
      void reply.code(201).header('cache-control', 'no-store');
      return made;
    },
  );
  app.delete<{ Params: { id: string } }>(
    '/api/calendar/feeds/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^feed_[a-f0-9]{12}$' } } } } },
    async (req, reply) => {
      feeds.revoke(asker(req), req.params.id);
      return reply.code(204).send();
    },
  );
  app.get<{ Params: { file: string } }>(`${CALENDAR_FEED_PREFIX}:file`, async (req, reply) => {
    const secret = req.params.file.replace(/\.ics$/, '');
    const text = feeds.render(secret);
    if (text === undefined) throw new Refusal('not_found', 'FEED_NOT_FOUND', 'Diese Feed-Adresse gibt es nicht (mehr).');
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(text);
  });
}
