import type { FastifyInstance } from 'fastify';
import {
  MCP_SERVER_NAME_PATTERN,
  mcpActiveUpdateSchema,
  mcpServerAddSchema,
  mcpServerUpdateSchema,
  type McpActiveUpdate,
  type McpServerAdd,
  type McpServerUpdate,
  type RouteResponse,
} from '../../src-shared';
import type { McpServerSettings } from './server-settings';

const nameParams = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', pattern: MCP_SERVER_NAME_PATTERN } },
} as const;
const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

/**
 * The MCP servers in Settings (admins; the route table says so): list, add, test, change,
 * turn on and off, remove. No answer carries an env or header value: those are named only.
 */
export function registerMcpSettingsRoutes(app: FastifyInstance, settings: McpServerSettings): void {
  app.get('/api/settings/mcp', async (): Promise<RouteResponse<'GET /api/settings/mcp'>> => settings.list());
  app.post<{ Body: McpServerAdd }>('/api/settings/mcp', { schema: { body: mcpServerAddSchema } }, async (req, reply) => {
    const added: RouteResponse<'POST /api/settings/mcp'> = await settings.add(req.body);
    return reply.code(201).send(added);
  });
  app.post<{ Body: McpServerUpdate }>(
    '/api/settings/mcp/test',
    { schema: { body: mcpServerUpdateSchema } },
    async (req): Promise<RouteResponse<'POST /api/settings/mcp/test'>> => settings.test(req.body),
  );
  app.post<{ Params: { name: string } }>(
    '/api/settings/mcp/:name/test',
    { schema: { params: nameParams, body: emptyBody } },
    async (req): Promise<RouteResponse<'POST /api/settings/mcp/{name}/test'>> => settings.testNamed(req.params.name),
  );
  app.put<{ Params: { name: string }; Body: McpServerUpdate }>(
    '/api/settings/mcp/:name',
    { schema: { params: nameParams, body: mcpServerUpdateSchema } },
    async (req): Promise<RouteResponse<'PUT /api/settings/mcp/{name}'>> => settings.update(req.params.name, req.body),
  );
  app.put<{ Params: { name: string }; Body: McpActiveUpdate }>(
    '/api/settings/mcp/:name/active',
    { schema: { params: nameParams, body: mcpActiveUpdateSchema } },
    async (req): Promise<RouteResponse<'PUT /api/settings/mcp/{name}/active'>> => settings.setActive(req.params.name, req.body.active),
  );
  app.delete<{ Params: { name: string } }>('/api/settings/mcp/:name', { schema: { params: nameParams } }, async (req, reply) => {
    await settings.remove(req.params.name);
    return reply.code(204).send();
  });
}
