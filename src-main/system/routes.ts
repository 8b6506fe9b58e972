// The API core's generic routes: the home state for the screens and any registered tool by
// name. Neither belongs to one capability: the state gathers the household's parts with the
// system badge, and /api/tools reaches every provider the registry holds (core, plugin,
// remote, MCP) under the same gate as the assistant.
import type { FastifyInstance } from 'fastify';
import type { ComponentStatus, ToolCallRequest } from '../../src-shared';
import type { HouseholdState } from '../household';
import { viewerOf } from '../platform/viewer';
import { sendAsViewer, type ViewerToolCalls } from '../platform/viewer-tool-call';
import { answerState } from './state-query';

export interface CoreRouteDeps extends ViewerToolCalls {
  readonly state: HouseholdState;
  readonly status: () => Readonly<Record<string, ComponentStatus>>;
}

const toolsBody = {
  type: 'object',
  additionalProperties: false,
  properties: { arguments: { type: 'object' } },
} as const;

export function registerCoreRoutes(app: FastifyInstance, deps: CoreRouteDeps): void {
  // ?domains=tasks,kanban answers only those domains' parts (state-query.ts).
  app.get('/api/state', async (req) => {
    const viewer = viewerOf(req);
    return answerState(req.query, deps.state, {
      system: deps.status(),
      ...(viewer.memberId !== undefined ? { member: viewer.memberId } : {}),
      ...(viewer.role !== undefined ? { role: viewer.role } : {}),
    });
  });

  app.post<{ Params: { name: string }; Body: ToolCallRequest | undefined }>(
    '/api/tools/:name',
    { schema: { body: toolsBody } },
    async (req, reply) => sendAsViewer(deps, req, reply, req.params.name, req.body?.arguments ?? {}),
  );
}
