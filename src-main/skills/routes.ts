import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  SkillLearningDecisionRequest,
  SkillLearningRecord,
  SkillLearningResponse,
  SkillOverlayRemoved,
  SkillSourcesResponse,
  SkillSourcesSyncRequest,
  SkillSourcesSyncStarted,
  SkillsReloadResponse,
  SkillsResponse,
} from '../../src-shared';
import { Refusal } from '../platform/errors';
import { viewerOf } from '../platform/viewer';

export interface SkillsRouteService {
  listing(): SkillsResponse;
  reload(): SkillsReloadResponse;
  sources(): SkillSourcesResponse;
  syncSources(source?: string): SkillSourcesSyncStarted;
  /** Throws a Refusal (not_found) when the skill has no overlay. */
  removeOverlay(id: string, by?: string): SkillOverlayRemoved;
  learning(): SkillLearningResponse;
  decideLearning(id: string, decision: 'accept' | 'reject', by: string): SkillLearningRecord;
  undoLearning(id: string, by: string): SkillLearningRecord;
}

/** Who decided, as the record keeps it: the member, or the desktop on the computer JARVIS runs on. */
function decider(req: FastifyRequest): string {
  return viewerOf(req).memberId ?? 'desktop';
}

const decisionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: { decision: { enum: ['accept', 'reject'] } },
} as const;
const learningParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^lrn_[0-9a-f]{16}$' } },
} as const;

/** What skills the house installs and how they are described is changed on the computer JARVIS runs on. */
function loopbackOnly(req: FastifyRequest): void {
  if (viewerOf(req).via !== 'loopback')
    throw new Refusal('forbidden', 'LOOPBACK_ONLY', 'Skill sources and improvements are managed on the computer JARVIS runs on.');
}

const syncBody = {
  type: 'object',
  additionalProperties: false,
  properties: { source: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

/**
 * GET /api/skills (the registry as skills), POST /api/skills/reload, the skill sources
 * (GET /api/skills/sources, POST /api/skills/sources/sync), DELETE /api/skills/{id}/overlay and
 * the skills' LearningRecords (GET /api/skills/learning, an admin's decision and undo).
 */
export function registerSkillsRoutes(app: FastifyInstance, skills: SkillsRouteService): void {
  app.get('/api/skills', async (): Promise<SkillsResponse> => skills.listing());
  app.post('/api/skills/reload', async (): Promise<SkillsReloadResponse> => skills.reload());
  app.get('/api/skills/sources', async (): Promise<SkillSourcesResponse> => skills.sources());
  app.post<{ Body: SkillSourcesSyncRequest | undefined }>(
    '/api/skills/sources/sync',
    { schema: { body: syncBody } },
    async (req, reply): Promise<SkillSourcesSyncStarted> => {
      loopbackOnly(req);
      const started = skills.syncSources(req.body?.source);
      reply.code(202);
      return started;
    },
  );
  app.delete<{ Params: { id: string } }>(
    '/api/skills/:id/overlay',
    { schema: { params: idParams } },
    async (req): Promise<SkillOverlayRemoved> => {
      loopbackOnly(req);
      return skills.removeOverlay(req.params.id, decider(req));
    },
  );
  app.get('/api/skills/learning', async (): Promise<SkillLearningResponse> => skills.learning());
  app.post<{ Params: { id: string }; Body: SkillLearningDecisionRequest }>(
    '/api/skills/learning/:id/decision',
    { schema: { params: learningParams, body: decisionBody } },
    async (req): Promise<SkillLearningRecord> => skills.decideLearning(req.params.id, req.body.decision, decider(req)),
  );
  app.post<{ Params: { id: string } }>(
    '/api/skills/learning/:id/undo',
    { schema: { params: learningParams } },
    async (req): Promise<SkillLearningRecord> => skills.undoLearning(req.params.id, decider(req)),
  );
}
