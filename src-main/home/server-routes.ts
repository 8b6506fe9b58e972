import type { FastifyInstance } from 'fastify';
import {
  deviceEventName,
  HOME_INTEGRATIONS,
  HOME_SERVER_TOOLS,
  skillToolPrefix,
  STACK_TOOLS,
  type ComposeStackView,
  type HomeDeviceKind,
  type HomeProtectEventsResponse,
  type HomeStacksResponse,
  type ToolResult,
} from '../../src-shared';
import { Refusal } from '../platform/errors';
import type { EventBus } from '../platform/events';
import type { SkillRegistry } from '../platform/registry';
import { newTraceId } from '../platform/trace';
import { problemOf } from './routes';
import { namedDetections } from './camera-events-tool';
import type { ProtectEventFollower } from './protect-events';
import { liveStatusOf } from './live-status';

export interface HomeServerRoutesDeps {
  readonly registry: SkillRegistry;
  readonly clock: () => Date;
  readonly timezone: string;
  /** Undefined while UNIFI_URL or UNIFI_API_KEY is not in JARVIS's own settings. */
  readonly protectEvents?: ProtectEventFollower;
}

const eventsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { hours: { type: 'string', pattern: '^([1-9]|1[0-9]|2[0-4])$', maxLength: 2 } },
} as const;

const snapshotParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', maxLength: 64 } },
} as const;

/** How a failed snapshot reaches an <img>: the skill's code as an HTTP status, never the console's key. */
function snapshotRefusal(result: ToolResult): Refusal {
  const code = result.error?.code ?? 'TOOL_FAILED';
  const message = result.error?.message ?? result.message;
  if (code === 'NOT_FOUND') return new Refusal('not_found', code, message);
  if (code === 'UNKNOWN_TOOL' || code === 'NOT_CONFIGURED') return new Refusal('unavailable', code, message);
  if (code === 'TIMEOUT') return new Refusal('timeout', code, message);
  return new Refusal('bad_gateway', code, message);
}

/**
 * GET /api/home/stacks, the camera snapshot image and the camera events: each a read through
 * the registry (the stack list, the Protect skill's snapshot), so a skill on a runtime worker
 * serves the screen too and the risk policy applies as everywhere. The integrations'
 * overviews are the table-driven routes of ./routes.ts.
 */
export function registerHomeServerRoutes(app: FastifyInstance, deps: HomeServerRoutesDeps): void {
  const read = (tool: string, args: Record<string, unknown> = {}) =>
    deps.registry.call(tool, args, { traceId: newTraceId('http'), now: deps.clock(), timezone: deps.timezone, actor: 'user' });

  app.get<{ Params: { id: string } }>(
    '/api/home/protect/cameras/:id/snapshot',
    { schema: { params: snapshotParams } },
    async (req, reply) => {
      const result = await read(HOME_SERVER_TOOLS.protectSnapshot, { camera: req.params.id });
      if (!result.success) throw snapshotRefusal(result);
      const data = result.data as { content_type: string; image_base64: string };
      return reply.header('cache-control', 'no-store').type(data.content_type).send(Buffer.from(data.image_base64, 'base64'));
    },
  );

  app.get<{ Querystring: { hours?: string } }>('/api/home/protect/events', { schema: { querystring: eventsQuery } }, async (req) => {
    const follower = deps.protectEvents;
    const answer: HomeProtectEventsResponse = follower
      ? {
          state: 'ready',
          ...liveStatusOf(follower.state()),
          events: await namedDetections(follower, deps.registry, Number(req.query.hours ?? 3), {
            traceId: newTraceId('http'),
            now: deps.clock(),
            timezone: deps.timezone,
            actor: 'user',
          }),
        }
      : { state: 'not_configured', code: 'NOT_CONFIGURED', message: "UNIFI_URL and UNIFI_API_KEY are not in JARVIS's own settings." };
    return answer;
  });

  app.get('/api/home/stacks', async (): Promise<HomeStacksResponse> => {
    const result = await read(STACK_TOOLS.list);
    if (result.success) return { state: 'ready', stacks: (result.data as { stacks: ComposeStackView[] }).stacks };
    if (result.error?.code === 'UNKNOWN_TOOL') {
      return {
        state: 'not_configured',
        code: 'NOT_CONFIGURED',
        message: 'No Compose stack is allowed: none is listed under Settings → Home, and no Dockge folder is set.',
      };
    }
    return problemOf(result, STACK_TOOLS.list);
  });
}

/** The rows whose changes the master announces: each `changed_event` row's tool prefix and its kinds' events. */
const ANNOUNCED = HOME_INTEGRATIONS.filter((row) => row.updates === 'changed_event').map((row) => ({
  prefix: skillToolPrefix(row.skill),
  integration: row.id,
  kinds: Object.keys(row.devices) as HomeDeviceKind[],
}));

/**
 * After every successful change of a VM, the network or a stack, whoever made it: the
 * device-kind events of the integration whose tool it was (`home.machine.changed` …), or
 * `home.stacks.changed`.
 */
export function followServerChanges(registry: SkillRegistry, events: EventBus): () => void {
  return registry.onCall(({ tool, result }) => {
    if (!result.success || !result.mutated) return;
    if (tool.name.startsWith('home_stack_')) return events.publish('home.stacks.changed');
    const row = ANNOUNCED.find(({ prefix }) => tool.name.startsWith(prefix));
    // Without `changes` the event says "read this integration's devices again".
    for (const kind of row?.kinds ?? []) events.publish(deviceEventName(kind), { integration: row!.integration });
  });
}
