import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApprovalListResponse, ApprovalReviewResponse } from '../../src-shared';
import { viewerOf } from '../platform/viewer';
import type { ApprovalMembers, ApprovalService } from './service';

/**
 * The requests waiting for an admin. Everyone lists (an admin all, anyone else their own);
 * only admins allow or refuse (the route table says so, the service checks the role again).
 * The phone's notification buttons post here with the device's own credentials.
 */
export function registerApprovalRoutes(app: FastifyInstance, service: ApprovalService, members: ApprovalMembers): void {
  const memberOf = (req: FastifyRequest): string => viewerOf(req).memberId ?? members.desktopMember().id;

  app.get('/api/approvals', async (req): Promise<ApprovalListResponse> => {
    // A program on this computer without the desktop's secret acts as an adult, not as the desktop's admin.
    const fixed = viewerOf(req).role;
    if (fixed !== undefined && fixed !== 'admin') return { approvals: [], may_review: false };
    return service.list(memberOf(req));
  });

  app.post<{ Params: { id: string } }>('/api/approvals/:id/allow', async (req): Promise<ApprovalReviewResponse> =>
    service.allow(req.params.id, memberOf(req)),
  );

  app.post<{ Params: { id: string } }>('/api/approvals/:id/refuse', async (req): Promise<ApprovalReviewResponse> =>
    service.refuse(req.params.id, memberOf(req)),
  );
}
