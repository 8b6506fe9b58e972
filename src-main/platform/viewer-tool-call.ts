// A tool called over HTTP: the generic POST /api/tools/{name} and each REST route that maps
// onto one tool call the registry the same way, so the gate, the schema check and the trace
// meet every HTTP caller alike.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ToolResult } from '../../src-shared';
import { statusOfToolResult } from './errors';
import type { SkillRegistry } from './registry';
import { newTraceId } from './trace';
import { viewerOf } from './viewer';

export interface ViewerToolCalls {
  readonly registry: SkillRegistry;
  readonly clock: () => Date;
  readonly timezone: string;
}

/** One call as the viewer: the tools learn who asks ("mine" and "me" are the viewer's member). */
export function callAsViewer(deps: ViewerToolCalls, req: FastifyRequest, name: string, args: unknown): Promise<ToolResult> {
  const member = viewerOf(req).memberId;
  return deps.registry.call(name, args, {
    traceId: newTraceId('http'),
    now: deps.clock(),
    timezone: deps.timezone,
    actor: 'user',
    ...(member !== undefined ? { member } : {}),
  });
}

/** One call as the viewer, answered with its result envelope and the status the result says (201 for a create). */
export async function sendAsViewer(
  deps: ViewerToolCalls,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  args: unknown,
  created = false,
): Promise<FastifyReply> {
  const result = await callAsViewer(deps, req, name, args);
  return reply.code(statusOfToolResult(result, created)).send(result);
}
