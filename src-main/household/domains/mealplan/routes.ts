// The meal plan's REST map.
import type { FastifyInstance } from 'fastify';
import { date, defined, num, type DomainRest, type Query } from '../rest';

export function registerMealplanRoutes(app: FastifyInstance, rest: DomainRest): void {
  app.get<{ Querystring: Query }>('/api/mealplan', async (req, reply) =>
    rest.sendList(
      req,
      reply,
      'mealplan_list',
      defined({ from: date(req.query.from), days: num(req.query.days), meal: req.query.meal }),
      'meals',
    ),
  );
  rest.crud('/api/mealplan', { create: 'mealplan_create', update: 'mealplan_update', remove: 'mealplan_delete' });
}
