// The recipe book's REST map, and its recipes file import and export.
import type { FastifyInstance } from 'fastify';
import { defined, num, objectBody, type DomainRest, type Query } from '../rest';

export function registerRecipeRoutes(app: FastifyInstance, rest: DomainRest): void {
  app.get<{ Querystring: Query }>('/api/recipes', async (req, reply) =>
    req.query.q !== undefined
      ? rest.send(req, reply, 'recipes_search', defined({ query: req.query.q, limit: num(req.query.limit) }))
      : rest.sendList(req, reply, 'recipes_list', defined({ tag: req.query.tag }), 'recipes'),
  );
  app.get('/api/recipes/export', async (_req, reply) =>
    reply.header('content-disposition', 'attachment; filename="jarvis-recipes.json"').send(rest.files.exportRecipes()),
  );
  app.post<{ Body: unknown }>('/api/recipes/import', { schema: { body: objectBody } }, async (req) => {
    return rest.files.importRecipes(req.body);
  });
  app.get<{ Params: { id: string } }>('/api/recipes/:id', async (req, reply) =>
    rest.send(req, reply, 'recipes_get', { id: req.params.id }),
  );
  rest.crud('/api/recipes', { create: 'recipes_create', update: 'recipes_update' });
}
