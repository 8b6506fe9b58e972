// The Kanban board's REST map.
import type { FastifyInstance } from 'fastify';
import { defined, type DomainRest, type Query } from '../rest';

export function registerKanbanRoutes(app: FastifyInstance, rest: DomainRest): void {
  app.get<{ Querystring: Query }>('/api/kanban', async (req, reply) =>
    rest.sendList(req, reply, 'kanban_list', defined({ column: req.query.column, assignee: req.query.assignee }), 'cards'),
  );
  rest.crud('/api/kanban', { create: 'kanban_create', update: 'kanban_move', remove: 'kanban_delete' });
}
