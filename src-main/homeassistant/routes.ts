import type { FastifyInstance } from 'fastify';
import { homeAssistantEntityRiskSchema, type HomeAssistantEntityRiskRequest, type RouteResponse } from '../../src-shared';
import type { HomeAssistantService } from './service';

/**
 * GET /api/home/homeassistant: areas and entities with their live state, or why there are none.
 * PUT /api/home/homeassistant/entities/:id/risk: the household raises or lowers one entity's
 * risk (an unknown entity or class is refused and changes nothing).
 */
export function registerHomeAssistantRoutes(app: FastifyInstance, service: HomeAssistantService): void {
  app.get('/api/home/homeassistant', async (): Promise<RouteResponse<'GET /api/home/homeassistant'>> => service.view());
  app.put<{ Params: { id: string }; Body: HomeAssistantEntityRiskRequest }>(
    '/api/home/homeassistant/entities/:id/risk',
    { schema: { body: homeAssistantEntityRiskSchema } },
    async (req): Promise<RouteResponse<'PUT /api/home/homeassistant/entities/{id}/risk'>> =>
      service.setEntityRisk(req.params.id, req.body.risk),
  );
}
