import type { FastifyInstance } from 'fastify';
import type { DockerServiceAction, DockerSkillServicesResponse, RouteResponse } from '../../src-shared';
import { DockerRefusal, type DockerSkillController } from './skill-services';
import { Refusal } from '../platform/errors';

export interface DockerRoutesDeps {
  /** Undefined while the controller is off. */
  readonly controller: DockerSkillController | undefined;
  readonly offReason: string;
  readonly onResult: (ok: boolean, detail: string) => void;
}

const params = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'action'],
  properties: { id: { type: 'string', maxLength: 128 }, action: { enum: ['start', 'stop', 'restart'] } },
} as const;

/** GET /api/docker/skill-services and POST …/{full-id}/start|stop|restart. */
export function registerDockerRoutes(app: FastifyInstance, deps: DockerRoutesDeps): void {
  app.get('/api/docker/skill-services', async (): Promise<DockerSkillServicesResponse> => {
    const controller = deps.controller;
    if (!controller) return { enabled: false, reason: deps.offReason, services: [] };
    try {
      const services = await controller.list();
      deps.onResult(true, `${services.length} skill container(s)`);
      return { enabled: true, services };
    } catch (err) {
      if (err instanceof DockerRefusal) {
        deps.onResult(false, err.message);
        return { enabled: true, reason: err.message, services: [] };
      }
      throw err;
    }
  });

  app.post<{ Params: { id: string; action: DockerServiceAction } }>(
    '/api/docker/skill-services/:id/:action',
    { schema: { params } },
    async (req) => {
      const controller = deps.controller;
      if (!controller) throw new Refusal('conflict', 'DOCKER_CONTROLLER_OFF', deps.offReason);
      const answer: RouteResponse<'POST /api/docker/skill-services/{id}/{action}'> = {
        service: await controller.mutate(req.params.id, req.params.action),
      };
      return answer;
    },
  );
}
