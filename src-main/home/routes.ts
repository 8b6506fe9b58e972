import type { FastifyInstance } from 'fastify';
import {
  HOME_CONTROL_TOOLS,
  type HomeHueResponse,
  type HomeMachinesResponse,
  type HomeSectionProblem,
  type HueOverview,
  type LiveStatus,
  type HomeMachine,
  type ToolResult,
} from '../../src-shared';
import type { SkillRegistry } from '../platform/registry';
import { newTraceId } from '../platform/trace';

export interface HomeRoutesDeps {
  readonly registry: SkillRegistry;
  readonly clock: () => Date;
  readonly timezone: string;
  readonly hueLive: () => LiveStatus;
}

/** A skill's failure as the screen shows it: missing settings are steps to take, anything else an error. */
export function problemOf(result: ToolResult | undefined, tool: string): HomeSectionProblem {
  if (!result)
    return { state: 'unavailable', code: 'UNKNOWN_TOOL', message: `${tool} is not loaded (process skills off and no worker serves it).` };
  const code = result.error?.code ?? 'TOOL_FAILED';
  if (code === 'UNKNOWN_TOOL') return { state: 'unavailable', code, message: result.error?.message ?? result.message };
  if (code === 'NOT_CONFIGURED') return { state: 'not_configured', code, message: result.error?.message ?? result.message };
  return { state: 'error', code, message: result.error?.message ?? result.message };
}

/** GET /api/home/<integration>: one read per integration, through the registry and its risk policy. */
export function registerHomeRoutes(app: FastifyInstance, deps: HomeRoutesDeps): void {
  const read = (tool: string) =>
    deps.registry.call(tool, {}, { traceId: newTraceId('http'), now: deps.clock(), timezone: deps.timezone, actor: 'user' });

  app.get('/api/home/hue', async (): Promise<HomeHueResponse> => {
    const result = await read(HOME_CONTROL_TOOLS.hueOverview);
    if (result.success) return { state: 'ready', hue: result.data as HueOverview, ...deps.hueLive() };
    return { ...problemOf(result, HOME_CONTROL_TOOLS.hueOverview), ...deps.hueLive() };
  });

  app.get('/api/home/machines', async (): Promise<HomeMachinesResponse> => {
    const result = await read(HOME_CONTROL_TOOLS.machines);
    if (result.success) return { state: 'ready', machines: (result.data as { machines: HomeMachine[] }).machines };
    return problemOf(result, HOME_CONTROL_TOOLS.machines);
  });
}
