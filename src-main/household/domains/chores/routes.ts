// The chore chart's REST map: each route is one chore tool through the registry, so the
// gate (an adult sets the chart up, everyone ticks) meets the UI, scripts and the assistant alike.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendAsViewer, type ViewerToolCalls } from '../../../platform/viewer-tool-call';
import type { ChoreToolName } from './tools';

export type ChoreRouteDeps = ViewerToolCalls;

const objectBody = { type: 'object' } as const;

/** Method and path of each chore route, and the tool it calls. */
export const CHORE_ROUTES = {
  'GET /api/chores': 'chores_list',
  'POST /api/chores': 'chores_create',
  'PATCH /api/chores/:id': 'chores_update',
  'DELETE /api/chores/:id': 'chores_delete',
  'POST /api/chores/:id/tick': 'chores_tick',
  'POST /api/chores/ticks/:id/undo': 'chores_untick',
  'POST /api/chores/rewards': 'chores_reward',
} as const satisfies Record<string, ChoreToolName>;

export function registerChoreRoutes(app: FastifyInstance, deps: ChoreRouteDeps): void {
  const send = (req: FastifyRequest, reply: FastifyReply, name: ChoreToolName, args: Record<string, unknown>, created = false) =>
    sendAsViewer(deps, req, reply, name, args, created);
  type Body = { Body: Record<string, unknown> | undefined };
  type IdBody = { Params: { id: string }; Body: Record<string, unknown> | undefined };

  app.get('/api/chores', async (req, reply) => send(req, reply, 'chores_list', {}));
  app.post<Body>('/api/chores', { schema: { body: objectBody } }, async (req, reply) =>
    send(req, reply, 'chores_create', req.body ?? {}, true),
  );
  app.patch<IdBody>('/api/chores/:id', { schema: { body: objectBody } }, async (req, reply) =>
    send(req, reply, 'chores_update', { ...req.body, id: req.params.id }),
  );
  app.delete<IdBody>('/api/chores/:id', async (req, reply) => send(req, reply, 'chores_delete', { id: req.params.id }));
  app.post<IdBody>('/api/chores/:id/tick', async (req, reply) =>
    send(req, reply, 'chores_tick', { ...(req.body ?? {}), id: req.params.id }, true),
  );
  app.post<IdBody>('/api/chores/ticks/:id/undo', async (req, reply) => send(req, reply, 'chores_untick', { tick_id: req.params.id }));
  app.post<Body>('/api/chores/rewards', { schema: { body: objectBody } }, async (req, reply) =>
    send(req, reply, 'chores_reward', req.body ?? {}, true),
  );
}
