// The household API: GET /api/state, POST /api/tools/{name}, and each list's REST map
// from its DOMAINS row. Routes only parse and map: every write is a registry tool call
// (schema-checked), so the UI, scripts and the assistant share one write path.
import type { FastifyInstance } from 'fastify';
import type { ComponentStatus, HomeState, ToolCallRequest } from '../../src-shared';
import type { HouseholdService } from './service';
import type { SkillRegistry } from '../platform/registry';
import { viewerOf } from '../platform/viewer';
import { DOMAIN_ROWS, type OwnStateParts } from './domains';
import { domainRest } from './domains/rest';
import { answerState } from './state-query';

export interface HouseholdRouteDeps {
  readonly registry: SkillRegistry;
  readonly household: HouseholdService;
  readonly clock: () => Date;
  readonly timezone: string;
  readonly status: () => Readonly<Record<string, ComponentStatus>>;
  /** The state parts of the lists with a component of their own (the chore chart). */
  readonly own?: OwnStateParts;
}

const toolsBody = {
  type: 'object',
  additionalProperties: false,
  properties: { arguments: { type: 'object' } },
} as const;

export function registerHouseholdRoutes(app: FastifyInstance, deps: HouseholdRouteDeps): void {
  const household = deps.household;
  const rest = domainRest(app, deps, {
    exportIcs: () => household.exportIcs(),
    importIcs: (text) => household.importIcs(text),
    exportRecipes: () => household.exportRecipes(),
    importRecipes: (file) => household.importRecipes(file),
  });

  // ?domains=tasks,kanban answers only those domains' parts (state-query.ts).
  app.get('/api/state', async (req) =>
    answerState(req.query, (named): HomeState => {
      const own = Object.fromEntries(Object.entries(deps.own ?? {}).filter(([domain]) => named(domain)));
      return household.state(deps.status(), viewerOf(req).memberId, viewerOf(req).role, own);
    }),
  );

  app.post<{ Params: { name: string }; Body: ToolCallRequest | undefined }>(
    '/api/tools/:name',
    { schema: { body: toolsBody } },
    async (req, reply) => rest.send(req, reply, req.params.name, req.body?.arguments ?? {}),
  );

  for (const [, domain] of DOMAIN_ROWS) domain.routes(app, rest);
}
