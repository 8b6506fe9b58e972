// The shopping list's REST map.
import type { FastifyInstance } from 'fastify';
import { bool, defined, type DomainRest, type Query } from '../rest';

export function registerGroceryRoutes(app: FastifyInstance, rest: DomainRest): void {
  app.get<{ Querystring: Query }>('/api/groceries', async (req, reply) =>
    rest.sendList(req, reply, 'groceries_list', defined({ include_checked: bool(req.query.include_checked) }), 'items'),
  );
  app.post<{ Body: Record<string, unknown> | undefined }>('/api/groceries/sync', async (req, reply) =>
    rest.send(req, reply, 'groceries_sync_mealplan', req.body ?? {}),
  );
  rest.crud('/api/groceries', { create: 'groceries_add', update: 'groceries_update', remove: 'groceries_remove' });
}
