// The task list's REST map.
import type { FastifyInstance } from 'fastify';
import { defined, type DomainRest, type Query } from '../rest';

export function registerTaskRoutes(app: FastifyInstance, rest: DomainRest): void {
  app.get<{ Querystring: Query }>('/api/tasks', async (req, reply) =>
    rest.sendList(
      req,
      reply,
      'tasks_list',
      defined({ status: req.query.status, query: req.query.q, assignee: req.query.assignee }),
      'tasks',
    ),
  );
  rest.crud('/api/tasks', { create: 'tasks_create', update: 'tasks_update', remove: 'tasks_delete' });
}
