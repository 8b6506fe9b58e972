import type { FastifyInstance } from 'fastify';
import type { SkillsReloadResponse, SkillsResponse } from '../../src-shared';

export interface SkillsRouteService {
  listing(): SkillsResponse;
  reload(): SkillsReloadResponse;
}

/** GET /api/skills (the registry as skills) and POST /api/skills/reload. */
export function registerSkillsRoutes(app: FastifyInstance, skills: SkillsRouteService): void {
  app.get('/api/skills', async (): Promise<SkillsResponse> => skills.listing());
  app.post('/api/skills/reload', async (): Promise<SkillsReloadResponse> => skills.reload());
}
