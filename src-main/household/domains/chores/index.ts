// The chore chart as one household domain: its store (component `chores`), its tools in the
// registry, its REST map, its part of the home state and its words.
import type { ChoreChart, Member, ToolResult } from '../../../../src-shared';
import { toolFailure, toolSuccess } from '../../../../src-shared';
import type { Db } from '../../../platform/database';
import type { Publish } from '../../../platform/events';
import type { RegisteredTool, ToolContext, ToolProvider } from '../../../platform/registry';
import { ChoresStore } from './store';
import { CHORE_HANDLERS, CHORE_TOOL_NAMES, CHORE_TOOL_SPECS, ChoreError, chartOf, isChoreToolName, type ChoreEnv } from './tools';
import { CHORE_WORDS, type ChoreLang } from './words';

export { CHORES_COMPONENT, CHORES_MIGRATIONS } from './store';
export { CHORE_ROUTES, registerChoreRoutes } from './routes';
export { CHORE_TOOL_NAMES, CHORE_TOOL_SPECS, type ChoreToolName } from './tools';
export { parseChoreSentence, type ChoreSentence } from './sentences';
export { matchChoreDone, parseChoreDone, type ChoreDoneSentence } from './done-sentences';
export { CHORE_WORDS, type ChoreLang } from './words';

export interface ChoresDomainOptions {
  readonly db: Db;
  readonly timezone: string;
  readonly clock: () => Date;
  readonly language: ChoreLang;
  /** The household's members now, in their order. */
  readonly members: () => readonly Member[];
  readonly publish?: Publish;
  readonly trace?: (traceId: string, stage: string, data: unknown) => void;
}

export interface ChoresDomain {
  readonly provider: ToolProvider;
  /** The chart for GET /api/state. */
  chart(): ChoreChart;
}

export function createChoresDomain(options: ChoresDomainOptions): ChoresDomain {
  const store = new ChoresStore(options.db);
  const publish = options.publish ?? (() => {});
  const trace = options.trace ?? (() => {});
  const env = (now: Date, asker?: string): ChoreEnv => ({
    store,
    members: options.members(),
    now,
    timezone: options.timezone,
    words: CHORE_WORDS[options.language],
    ...(asker !== undefined ? { asker } : {}),
  });
  const tools: readonly RegisteredTool[] = CHORE_TOOL_NAMES.map((name) => {
    const spec = CHORE_TOOL_SPECS[name];
    return {
      name,
      description: spec.description,
      input_schema: spec.input_schema,
      provider: 'core',
      mutates: spec.risk !== 'read',
      requires_confirmation: spec.risk === 'disruptive',
      risk: spec.risk,
      ...(spec.roles ? { roles: spec.roles } : {}),
      source: 'core',
    };
  });
  const provider: ToolProvider = {
    kind: 'core',
    list: () => tools,
    async call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
      if (!isChoreToolName(name)) return toolFailure('UNKNOWN_TOOL', CHORE_WORDS[options.language].choreNotFound());
      let outcome;
      try {
        outcome = store.transaction(() => CHORE_HANDLERS[name](args, env(ctx.now, ctx.member)));
      } catch (err) {
        if (err instanceof ChoreError) {
          trace(ctx.traceId, 'tool_rejected', { tool: name, code: err.code });
          return toolFailure(err.code, err.message, err.path);
        }
        throw err;
      }
      if (outcome.change) {
        trace(ctx.traceId, 'committed', { tool: name, domains: ['chores'] });
        publish('chores.changed', outcome.change);
        publish('state.changed', { domains: ['chores'] });
      }
      return toolSuccess(outcome.data, outcome.message, outcome.change !== undefined);
    },
  };
  return { provider, chart: () => chartOf(env(options.clock())) };
}
