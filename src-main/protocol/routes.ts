import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LearningRecord, MemoryProposal, RouteResponse, SkillProposal, SkillProposalsResponse } from '../../src-shared';
import { errorBody } from '../platform/errors';
import { pageOf, pageRequest } from '../platform/paging';
import { ProtocolError } from './errors';
import { parseMutationHeaders, parseReadHeaders, type MutationContext, type ReadContext } from './headers';
import type { ProtocolAnswer, ProtocolService } from './service';

type Params = Record<string, string>;
type Body = Record<string, unknown>;

/**
 * The `/api/protocol/…` surface for local clients and workers. Routes only parse headers
 * and hand over to the service; every rule lives there.
 */
export function registerProtocolRoutes(app: FastifyInstance, protocol: ProtocolService, clock: () => Date): void {
  const send = (reply: FastifyReply, run: () => ProtocolAnswer) => {
    const answer = run();
    if (answer.replayed) void reply.header('jarvis-idempotent-replay', 'true');
    return reply.code(answer.status).send(answer.body);
  };

  const mutation =
    (sessionScoped: boolean, handler: (ctx: MutationContext, params: Params, body: Body) => ProtocolAnswer) =>
    async (req: FastifyRequest, reply: FastifyReply) =>
      send(reply, () => {
        const ctx = parseMutationHeaders(req.headers, { sessionScoped, now: clock() });
        const body = (req.body ?? {}) as Body;
        if (typeof body !== 'object' || Array.isArray(body)) throw new ProtocolError('INVALID_RECORD', 'The body must be a JSON object.');
        return handler(ctx, req.params as Params, body);
      });

  const read =
    (handler: (params: Params, query: Record<string, string>, ctx: ReadContext) => unknown) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const ctx = parseReadHeaders(req.headers);
      // The audit log is answered only to actors the protocol knows.
      protocol.requireReader(ctx.actorId);
      const result = handler(req.params as Params, req.query as Record<string, string>, ctx);
      if (result === undefined) return reply.code(404).send(errorBody('NOT_FOUND', 'No such protocol record.'));
      return reply.send(result);
    };

  // Non-WorkSession mutations: version, actor, idempotency key, timestamp.
  app.post(
    '/api/protocol/workers',
    mutation(false, (c, _p, b) => protocol.registerWorker(c, b)),
  );
  app.post(
    '/api/protocol/actors',
    mutation(false, (c, _p, b) => protocol.registerActor(c, b)),
  );
  app.post(
    '/api/protocol/policies',
    mutation(false, (c, _p, b) => protocol.definePolicy(c, b)),
  );
  app.post(
    '/api/protocol/sessions',
    mutation(false, (c, _p, b) => protocol.createSession(c, b)),
  );
  app.post(
    '/api/protocol/outcomes',
    mutation(false, (c, _p, b) => protocol.submitOutcome(c, b)),
  );
  app.post(
    '/api/protocol/skill-proposals',
    mutation(false, (c, _p, b) => protocol.proposeSkill(c, b)),
  );
  app.post(
    '/api/protocol/skill-proposals/:id/decision',
    mutation(false, (c, p, b) => protocol.decideSkill(c, p.id!, b)),
  );
  app.post(
    '/api/protocol/manifests',
    mutation(false, (c, _p, b) => protocol.createManifest(c, b)),
  );
  app.post(
    '/api/protocol/manifests/:id/seal',
    mutation(false, (c, p) => protocol.sealManifest(c, p.id!)),
  );

  // WorkSession-scoped mutations: the full header set, each one a hash-linked event.
  app.post(
    '/api/protocol/sessions/:id/decisions',
    mutation(true, (c, p, b) => protocol.recordDecision(c, p.id!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/requests',
    mutation(true, (c, p, b) => protocol.openRequest(c, p.id!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/requests/:rid/reviews',
    mutation(true, (c, p, b) => protocol.review(c, p.id!, p.rid!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/requests/:rid/takeovers',
    mutation(true, (c, p, b) => protocol.takeover(c, p.id!, p.rid!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/contributions',
    mutation(true, (c, p, b) => protocol.contribute(c, p.id!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/learning',
    mutation(true, (c, p, b) => protocol.recordLearning(c, p.id!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/learning/:lid/decision',
    mutation(true, (c, p, b) => protocol.decideLearning(c, p.id!, p.lid!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/memory-proposals',
    mutation(true, (c, p, b) => protocol.proposeMemory(c, p.id!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/memory-proposals/:pid/decision',
    mutation(true, (c, p, b) => protocol.decideMemory(c, p.id!, p.pid!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/status',
    mutation(true, (c, p, b) => protocol.setSessionStatus(c, p.id!, b)),
  );
  app.post(
    '/api/protocol/sessions/:id/seal',
    mutation(true, (c, p) => protocol.sealSession(c, p.id!)),
  );

  // Reads: version and actor headers.
  app.get(
    '/api/protocol/sessions',
    read((_p, q): RouteResponse<'GET /api/protocol/sessions'> => {
      const page = pageRequest(q, { limit: 50, max: 500 });
      const { items, ...rest } = pageOf(protocol.sessions(), page);
      return { sessions: items, ...rest };
    }),
  );
  app.get(
    '/api/protocol/sessions/:id',
    read((p): RouteResponse<'GET /api/protocol/sessions/{id}'> | undefined => protocol.session(p.id!)),
  );
  app.get(
    '/api/protocol/skill-proposals',
    read((): SkillProposalsResponse => ({ proposals: protocol.list<SkillProposal>('SkillProposal') })),
  );
  app.get(
    '/api/protocol/memory-proposals',
    read((): RouteResponse<'GET /api/protocol/memory-proposals'> => ({ proposals: protocol.list<MemoryProposal>('MemoryProposal') })),
  );
  app.get(
    '/api/protocol/learning',
    read((): RouteResponse<'GET /api/protocol/learning'> => ({ records: protocol.list<LearningRecord>('LearningRecord') })),
  );
  app.get(
    '/api/protocol/verify',
    read(() => protocol.verify()),
  );
  // Sealed and signed like EXPORT DEBUG, so `jarvis protocol verify` checks it the same way.
  app.get(
    '/api/protocol/export',
    read((_p, _q, ctx) => protocol.sealExport({ ...protocol.exportAll() }, `protocol export for ${ctx.actorId}`)),
  );
}
