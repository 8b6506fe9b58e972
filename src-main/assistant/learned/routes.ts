import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  LearnedAcceptResponse,
  LearnedForgetResponse,
  LearnedListResponse,
  LearnedRestoreResponse,
  Member,
} from '../../../src-shared';
import { viewerOf } from '../../platform/viewer';
import type { LearnedRecords, LearnedViewer } from './consent';

export interface LearnedMembers {
  get(id: string): Member | undefined;
  desktopMember(): Member;
}

const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^(lrd|lrn)_[0-9a-f]{16}$' } },
} as const;

/** The Gelernt card: everyone lists and decides their own; the route table lets every member in, the records' rules do the rest. */
export function registerLearnedRoutes(app: FastifyInstance, learned: LearnedRecords, members: LearnedMembers): void {
  const viewer = (req: FastifyRequest): LearnedViewer => {
    const v = viewerOf(req);
    const member = v.memberId ? members.get(v.memberId) : members.desktopMember();
    const memberId = member?.id ?? v.memberId ?? members.desktopMember().id;
    // A program on this computer without the desktop's secret is no admin.
    const admin = member?.role === 'admin' && (v.role === undefined || v.role === 'admin');
    return { memberId, admin, onDesktop: v.via === 'loopback' && v.role === undefined };
  };

  app.get('/api/learned', async (req): Promise<LearnedListResponse> => learned.list(viewer(req)));

  app.post<{ Params: { id: string } }>(
    '/api/learned/:id/accept',
    { schema: { params: idParams } },
    async (req): Promise<LearnedAcceptResponse> => ({ record: learned.accept(req.params.id, viewer(req)) }),
  );

  app.delete<{ Params: { id: string } }>(
    '/api/learned/:id',
    { schema: { params: idParams } },
    async (req): Promise<LearnedForgetResponse> => {
      const undoable = learned.forget(req.params.id, viewer(req));
      return { forgotten: req.params.id, undoable };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/learned/:id/restore',
    { schema: { params: idParams } },
    async (req): Promise<LearnedRestoreResponse> => ({ record: learned.restore(req.params.id, viewer(req)) }),
  );
}
