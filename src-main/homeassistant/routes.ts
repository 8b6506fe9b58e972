import type { FastifyInstance } from 'fastify';
import type { RouteResponse } from '../../src-shared';
import type { HomeAssistantService } from './service';

/** GET /api/home/homeassistant: areas and entities with their live state, or why there are none. */
export function registerHomeAssistantRoutes(app: FastifyInstance, service: HomeAssistantService): void {
  app.get('/api/home/homeassistant', async (): Promise<RouteResponse<'GET /api/home/homeassistant'>> => service.view());
}
