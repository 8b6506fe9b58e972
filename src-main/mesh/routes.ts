import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enrollRequestSchema, skillsPutSchema, type RouteResponse, type SkillsPutRequest } from '../../src-shared';
import { bearerToken } from './access-tokens';
import { MeshRefusal, SKILLS_PUT_LIMITS, type MeshService } from './service';
import { check, compileSchema } from '../platform/validation';

const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/** Enroll and heartbeat carry a manifest and a few counters; past this a body is refused (413) unread. */
export const MESH_SMALL_BODY_LIMIT_BYTES = 16 * 1024;

function tokenOf(req: FastifyRequest): string | undefined {
  return bearerToken(req.headers.authorization);
}

/**
 * The mesh listener (JARVIS_MESH_ADDR, may face the LAN): enrollment and the worker's own
 * routes, nothing else. Every route but enroll needs the worker's access token.
 */
export function registerMeshWorkerRoutes(app: FastifyInstance, mesh: MeshService): void {
  app.post('/api/mesh/enroll', { bodyLimit: MESH_SMALL_BODY_LIMIT_BYTES }, async (req, reply) => {
    // The token is checked before the shape, so a stranger learns nothing about the format.
    const body = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new MeshRefusal('invalid', 'INVALID_REQUEST', 'The body must be a JSON object.');
    const token = (body as { enrollment_token?: unknown }).enrollment_token;
    if (typeof token !== 'string') throw new MeshRefusal('unauthorized', 'ENROLLMENT_REFUSED', 'The enrollment token is missing or wrong.');
    mesh.assertEnrollmentToken(token);
    const shape = check(compileSchema(enrollRequestSchema), body);
    if (!shape.ok) throw new MeshRefusal('invalid', 'INVALID_REQUEST', shape.error.message, shape.error.path);
    return reply.code(201).send(mesh.enroll(body));
  });

  app.put<{ Params: { id: string }; Body: SkillsPutRequest }>(
    '/api/mesh/workers/:id/skills',
    { schema: { params: idParams }, bodyLimit: SKILLS_PUT_LIMITS.maxBytes },
    async (req) => {
      const worker = mesh.authenticate(req.params.id, tokenOf(req));
      const shape = check(compileSchema(skillsPutSchema), req.body);
      if (!shape.ok) throw new MeshRefusal('invalid', 'INVALID_REQUEST', shape.error.message, shape.error.path);
      return mesh.putSkills(worker, req.body.skills);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/mesh/workers/:id/heartbeat',
    { schema: { params: idParams }, bodyLimit: MESH_SMALL_BODY_LIMIT_BYTES },
    async (req) => mesh.heartbeat(mesh.authenticate(req.params.id, tokenOf(req))),
  );

  app.delete<{ Params: { id: string } }>('/api/mesh/workers/:id', { schema: { params: idParams } }, async (req, reply) => {
    mesh.deregister(mesh.authenticate(req.params.id, tokenOf(req)));
    return reply.code(204).send();
  });
}

/** The loopback API: what the UI shows about workers and the reload button. */
export function registerMeshApiRoutes(app: FastifyInstance, mesh: MeshService): void {
  app.get('/api/mesh/workers', async (): Promise<RouteResponse<'GET /api/mesh/workers'>> => mesh.view());

  app.post<{ Params: { id: string } }>(
    '/api/mesh/workers/:id/reload',
    { schema: { params: idParams } },
    async (req): Promise<RouteResponse<'POST /api/mesh/workers/{id}/reload'>> => {
      return mesh.reload(req.params.id);
    },
  );
}
