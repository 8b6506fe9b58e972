import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MemberRole } from '../../src-shared';
import { errorBody } from '../platform/errors';
import { viewerOf } from '../platform/viewer';
import type { MemberDirectory } from './members';
import { roleMayAsk, ruleOf, type Listener, type RouteRule } from './route-rules';

const REFUSED_ROLE: Readonly<Record<'adult' | 'admin', { code: string; message: string }>> = {
  admin: { code: 'ADMIN_ONLY', message: 'Only an admin of the household may do this.' },
  adult: { code: 'ADULTS_ONLY', message: 'Only an adult of the household may do this.' },
};

/** The role a request acts with: its member's, read now; the desktop's when it names none. */
export function roleOfRequest(req: FastifyRequest, members: MemberDirectory): MemberRole {
  const viewer = viewerOf(req);
  if (viewer.role) return viewer.role;
  if (viewer.memberId === undefined) return members.desktopMember().role;
  return members.get(viewer.memberId)?.role ?? 'guest';
}

/**
 * Enforces the route table on one listener, after the listener has said who asks and
 * before any handler runs. Unknown paths (the UI's files, 404s) have no route to look up.
 */
export function addRouteGuard(
  app: FastifyInstance,
  listener: Listener,
  members: MemberDirectory,
  extraRules: () => Readonly<Record<string, RouteRule>> = () => ({}),
): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent) return;
    const url = req.routeOptions.url;
    if (url === undefined) return;
    const rule = ruleOf(req.method, url, extraRules());
    if (!rule) {
      await reply.code(403).send(errorBody('ROUTE_WITHOUT_RULE', 'This route has no access rule and is refused.'));
      return;
    }
    if (!rule.listeners.includes(listener)) {
      await reply
        .code(403)
        .send(
          errorBody(
            rule.listeners.includes('loopback') ? 'LOOPBACK_ONLY' : 'NOT_ON_THIS_LISTENER',
            rule.listeners.includes('loopback') ? 'This is done on the computer JARVIS runs on.' : 'This address does not offer that.',
          ),
        );
      return;
    }
    if (rule.access === 'public' || rule.access === 'token' || rule.access === 'member') return;
    if (roleMayAsk(rule, roleOfRequest(req, members))) return;
    const refused = REFUSED_ROLE[rule.access];
    await reply.code(403).send(errorBody(refused.code, refused.message));
  });
}
