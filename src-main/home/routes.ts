import type { FastifyInstance } from 'fastify';
import { HOME_INTEGRATIONS, type ApiRoutes, type HomeIntegration, type HomeSectionProblem, type ToolResult } from '../../src-shared';
import type { SkillRegistry } from '../platform/registry';
import { newTraceId } from '../platform/trace';

export interface HomeRoutesDeps {
  readonly registry: SkillRegistry;
  readonly clock: () => Date;
  readonly timezone: string;
}

/** How one integration's overview reaches the screen: its skill's data, or what went wrong. */
export interface OverviewPresenter<R> {
  readonly ready: (data: unknown) => R;
  /** What the screen gets beside the problem (default: the problem alone). */
  readonly problem?: (problem: HomeSectionProblem) => R;
}

/** One presenter per row of HOME_INTEGRATIONS, typed by the row's route: a new row without one does not compile. */
export type OverviewPresenters = {
  readonly [I in HomeIntegration as I['id']]: OverviewPresenter<ApiRoutes[I['route']]['response']>;
};

/** A skill's failure as the screen shows it: missing settings are steps to take, anything else an error. */
export function problemOf(result: ToolResult | undefined, tool: string): HomeSectionProblem {
  if (!result)
    return { state: 'unavailable', code: 'UNKNOWN_TOOL', message: `${tool} is not loaded (process skills off and no worker serves it).` };
  const code = result.error?.code ?? 'TOOL_FAILED';
  if (code === 'UNKNOWN_TOOL') return { state: 'unavailable', code, message: result.error?.message ?? result.message };
  if (code === 'NOT_CONFIGURED') return { state: 'not_configured', code, message: result.error?.message ?? result.message };
  return { state: 'error', code, message: result.error?.message ?? result.message };
}

/**
 * GET /api/home/<integration> for every row of HOME_INTEGRATIONS: one read of the row's
 * overview tool through the registry and its risk policy (so a skill on a runtime worker
 * serves the screen too), shown by the row's presenter.
 */
export function registerOverviewRoutes(app: FastifyInstance, deps: HomeRoutesDeps, presenters: OverviewPresenters): void {
  for (const row of HOME_INTEGRATIONS) {
    const present = presenters[row.id] as OverviewPresenter<unknown>;
    app.get(row.route.slice('GET '.length), async () => {
      const result = await deps.registry.call(
        row.overviewTool,
        {},
        {
          traceId: newTraceId('http'),
          now: deps.clock(),
          timezone: deps.timezone,
          actor: 'user',
        },
      );
      if (result.success) return present.ready(result.data);
      const problem = problemOf(result, row.overviewTool);
      return present.problem ? present.problem(problem) : problem;
    });
  }
}
