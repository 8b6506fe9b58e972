// The reminders' REST map.
import type { FastifyInstance } from 'fastify';
import { bool, defined, type DomainRest, type Query } from '../rest';

export function registerReminderRoutes(app: FastifyInstance, rest: DomainRest): void {
  app.get<{ Querystring: Query }>('/api/reminders', async (req, reply) =>
    rest.sendList(
      req,
      reply,
      'reminders_list',
      defined({ include_fired: bool(req.query.include_fired), assignee: req.query.assignee }),
      'reminders',
    ),
  );
  rest.crud('/api/reminders', { create: 'reminders_create', remove: 'reminders_delete' });
}
