// The household's lists over REST: each list's map from its DOMAINS row. Routes only parse
// and map: every write is a registry tool call (schema-checked), so the UI, scripts and the
// assistant share one write path. GET /api/state and POST /api/tools/{name} are the API
// core's (src-main/system/).
import type { FastifyInstance } from 'fastify';
import type { HouseholdService } from './service';
import { DOMAIN_ROWS } from './domains';
import { domainRest, type DomainRouteDeps } from './domains/rest';

export function registerHouseholdRoutes(app: FastifyInstance, deps: DomainRouteDeps, household: HouseholdService): void {
  const rest = domainRest(app, deps, {
    exportIcs: () => household.exportIcs(),
    importIcs: (text) => household.importIcs(text),
    exportRecipes: () => household.exportRecipes(),
    importRecipes: (file) => household.importRecipes(file),
  });
  for (const [, domain] of DOMAIN_ROWS) domain.routes(app, rest);
}
