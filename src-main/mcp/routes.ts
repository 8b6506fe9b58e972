import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  mcpQuestionAnswerSchema,
  mcpTokenCreateSchema,
  type McpQuestionAnswer,
  type McpTokenCreateRequest,
  type RouteResponse,
} from '../../src-shared';
import { Refusal } from '../platform/errors';
import { answerCarriesSecrets } from '../platform/secret-answers';
import { viewerOf } from '../platform/viewer';
import { QuestionRefusal, type McpQuestions, type QuestionViewer } from './client/questions';
import type { McpPost } from './server/direct-answer';
import type { McpCaller } from './server/mcp-tool-calls';
import type { McpTokens } from './tokens';

export interface McpRouteDeps {
  readonly tokens: McpTokens;
  /** The SDK server for one caller (the SDK is loaded on the first request). */
  readonly serverFor: (caller: McpCaller) => Promise<Server>;
  /** The answer to a plain request of the usual methods without the SDK's server, or undefined: the SDK answers. */
  readonly answerDirectly: (caller: McpCaller, post: McpPost) => Promise<string | undefined>;
  readonly onError: (err: unknown) => void;
  readonly questions: McpQuestions;
  readonly memberExists: (id: string) => boolean;
}

/** An Origin is accepted only when it names the address the request was sent to (a page of another site never is). */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (!host) return false;
  try {
    const url = new URL(origin);
    return url.origin !== 'null' && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

function jsonRpcError(reply: FastifyReply, status: number, message: string, code = -32000, id: unknown = null): FastifyReply {
  return reply.code(status).send({ jsonrpc: '2.0', error: { code, message }, id });
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Methods whose `params.arguments` is a map of names to values. */
const ARGUMENT_METHODS = new Set(['tools/call', 'prompts/get']);

/**
 * A request whose params do not have the shape its method needs, with a short reason (the
 * SDK would answer -32603 with its whole validation dump). Only the first such message counts.
 */
export function invalidParams(body: unknown): { id: unknown; message: string } | undefined {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isObject(message) || typeof message.method !== 'string' || message.id === undefined) continue;
    const { params, id } = message;
    if (params !== undefined && !isObject(params)) return { id, message: 'params must be an object' };
    if (ARGUMENT_METHODS.has(message.method) && isObject(params) && params.arguments !== undefined && !isObject(params.arguments))
      return { id, message: 'arguments must be an object of names and values' };
  }
  return undefined;
}

/**
 * `/mcp`: JARVIS as an MCP server over streamable HTTP, stateless (each POST is answered on
 * its own with JSON). A household token is required on every request; a browser page of
 * another origin is refused. Registered as an API route, so every listener that serves the
 * API (loopback, and the LAN listener for paired devices) serves it.
 */
async function handleMcp(deps: McpRouteDeps, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!originAllowed(single(req.headers.origin), single(req.headers.host))) {
    await reply.code(403).send({ error: { code: 'CROSS_ORIGIN', message: 'MCP requests from a web page of another origin are refused.' } });
    return;
  }
  const caller = deps.tokens.authenticate(single(req.headers.authorization));
  if (!caller) {
    await reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="jarvis-mcp"')
      .send({
        error: {
          code: 'MCP_TOKEN_REQUIRED',
          message: 'A valid MCP token is required (Authorization: Bearer …); create one in Wissen & System.',
        },
      });
    return;
  }
  if (req.method !== 'POST') {
    await jsonRpcError(reply.header('allow', 'POST'), 405, 'This endpoint is stateless: send JSON-RPC requests with POST.');
    return;
  }
  const bad = invalidParams(req.body);
  if (bad) {
    await jsonRpcError(reply, 200, `Invalid params: ${bad.message}`, -32602, bad.id);
    return;
  }
  const direct = await deps.answerDirectly(caller, {
    accept: single(req.headers.accept),
    contentType: single(req.headers['content-type']),
    protocolVersion: single(req.headers['mcp-protocol-version']),
    body: req.body,
  });
  if (direct !== undefined) {
    await reply.code(200).type('application/json').send(direct);
    return;
  }
  const [server, { StreamableHTTPServerTransport }] = await Promise.all([
    deps.serverFor(caller),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  reply.hijack();
  const res = reply.raw;
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req.raw, res, req.body);
  } catch (err) {
    deps.onError(err);
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
    } else res.end();
  }
}

function loopbackOnly(req: FastifyRequest): void {
  if (viewerOf(req).via !== 'loopback')
    throw new Refusal('forbidden', 'LOOPBACK_ONLY', 'MCP tokens are managed on the computer JARVIS runs on.');
}

const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export function registerMcpRoutes(app: FastifyInstance, deps: McpRouteDeps): void {
  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: '/mcp',
    handler: (req, reply) => handleMcp(deps, req, reply),
    // A body that is not JSON is a JSON-RPC parse error to an MCP client, not the API's error shape.
    errorHandler: (err: Error & { code?: string; statusCode?: number }, _req, reply) => {
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError)
        return jsonRpcError(reply, 400, 'Parse error: the body is not JSON', -32700);
      throw err;
    },
  });

  app.get('/api/mcp/tokens', async (req): Promise<RouteResponse<'GET /api/mcp/tokens'>> => {
    loopbackOnly(req);
    return { tokens: deps.tokens.list() };
  });
  app.post<{ Body: McpTokenCreateRequest }>('/api/mcp/tokens', { schema: { body: mcpTokenCreateSchema } }, async (req, reply) => {
    loopbackOnly(req);
    const { name, member } = req.body;
    if (member !== undefined && !deps.memberExists(member))
      throw new Refusal('invalid', 'UNKNOWN_MEMBER', 'This member is not part of the household; choose one from the list.');
    answerCarriesSecrets(req, ['token']);
    const created: RouteResponse<'POST /api/mcp/tokens'> = deps.tokens.create(name, member);
    return reply.code(201).send(created);
  });
  app.delete<{ Params: { id: string } }>('/api/mcp/tokens/:id', { schema: { params: idParams } }, async (req, reply) => {
    loopbackOnly(req);
    deps.tokens.revoke(req.params.id);
    return reply.code(204).send();
  });

  const viewer = (req: FastifyRequest): QuestionViewer => {
    const v = viewerOf(req);
    return { desktop: v.via === 'loopback' && !v.memberId && !v.role, ...(v.memberId ? { member: v.memberId } : {}) };
  };
  app.get('/api/mcp/questions', async (req): Promise<RouteResponse<'GET /api/mcp/questions'>> => ({
    questions: deps.questions.list(viewer(req)),
  }));
  app.post<{ Params: { id: string }; Body: McpQuestionAnswer }>(
    '/api/mcp/questions/:id',
    { schema: { params: idParams, body: mcpQuestionAnswerSchema } },
    async (req): Promise<RouteResponse<'POST /api/mcp/questions/{id}'>> => {
      try {
        deps.questions.answer(req.params.id, req.body, viewer(req));
      } catch (err) {
        if (!(err instanceof QuestionRefusal)) throw err;
        throw new Refusal(err.code === 'NOT_FOUND' ? 'not_found' : 'invalid', err.code, err.message);
      }
      return { ok: true };
    },
  );
}
