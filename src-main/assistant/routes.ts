import type { FastifyInstance } from 'fastify';
import type { ChatRequest, ChatStreamErrorEvent, ChatStreamEvent, RouteResponse } from '../../src-shared';
import type { AssistantService } from './service';
import { newTraceId } from '../platform/trace';
import { viewerOf } from '../platform/viewer';
import type { ChatInput } from './assistant';

function chatInput(body: ChatRequest, member: string | undefined): ChatInput {
  return {
    message: body.message,
    ...(member !== undefined ? { member } : {}),
    ...(body.module ? { module: body.module } : {}),
    ...(body.language ? { language: body.language } : {}),
    traceId: newTraceId('http'),
  };
}

export const CHAT_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: {
    message: { type: 'string', minLength: 1, maxLength: 4000, pattern: '\\S' },
    module: { type: 'string', minLength: 1, maxLength: 60 },
    language: { type: 'string', enum: ['de', 'en'] },
  },
} as const;

/** POST /api/agent/chat, /chat/stream (SSE), /clear; GET /api/agent/tools. */
export function registerAgentRoutes(app: FastifyInstance, assistant: AssistantService): void {
  app.post<{ Body: ChatRequest }>(
    '/api/agent/chat',
    { schema: { body: CHAT_BODY } },
    async (req): Promise<RouteResponse<'POST /api/agent/chat'>> => {
      return assistant.chat(chatInput(req.body, viewerOf(req).memberId));
    },
  );

  app.post<{ Body: ChatRequest }>('/api/agent/chat/stream', { schema: { body: CHAT_BODY } }, async (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    const send = (event: ChatStreamEvent | ChatStreamErrorEvent) => {
      if (!res.writableEnded) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    };
    try {
      await assistant.chat(chatInput(req.body, viewerOf(req).memberId), send);
    } catch (err) {
      send({ type: 'error', data: { error: { code: 'INTERNAL', message: err instanceof Error ? err.message : String(err) } } });
    } finally {
      res.end();
    }
  });

  app.post('/api/agent/clear', async (): Promise<RouteResponse<'POST /api/agent/clear'>> => {
    assistant.clear();
    return { ok: true };
  });

  app.get('/api/agent/tools', async () => ({ tools: assistant.tools() }));
}
