import type { Capability, Platform } from '../platform/capability';
import type { ProtocolRecorder } from '../protocol';
import { registerApprovalRoutes } from './routes';
import { ApprovalService, type ApprovalMembers, type ApprovalNotifier } from './service';
import { ApprovalStore } from './store';

export interface ApprovalsDeps {
  readonly members: ApprovalMembers;
  readonly notifier: ApprovalNotifier;
  readonly recorder: ProtocolRecorder;
}

export interface ApprovalsCapability extends Capability {
  readonly service: ApprovalService;
}

/** How often waiting requests are looked at for expiry, at most (a list or a review looks too). */
const EXPIRY_PASS_MS = 30_000;

/**
 * A parent's approval: it takes the calls the gate sends to an admin from every path (the
 * registry hands them over), keeps them until an admin allows or refuses, and expires them.
 */
export function createApprovals(ctx: Platform, deps: ApprovalsDeps): ApprovalsCapability {
  const service = new ApprovalService({
    store: new ApprovalStore(ctx.db),
    registry: ctx.registry,
    members: deps.members,
    notifier: deps.notifier,
    recorder: deps.recorder,
    publish: (...args) => ctx.events.publish(...args),
    clock: ctx.clock,
    timezone: ctx.config.timezone,
    ttlMs: ctx.config.approvalTtlMs,
    language: ctx.config.language,
    onAuditError: (operation, err) => ctx.log.error(`approvals: ${operation} failed`, err),
  });
  ctx.registry.setApprovalHolder(service);
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'approvals',
    service,
    routes(app) {
      registerApprovalRoutes(app, service, deps.members);
    },
    start() {
      const every = Math.max(1_000, Math.min(EXPIRY_PASS_MS, ctx.config.approvalTtlMs));
      timer = setInterval(() => service.expireOverdue(), every);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await service.idle();
    },
  };
}
