import type { FastifyRequest } from 'fastify';
import type { MemberRole } from '../../src-shared';

/**
 * Who is asking over HTTP. The loopback listener is the desktop (its member is the
 * household's desktop member); a LAN request is a paired device acting for its member.
 * The LAN listener's authentication sets it before any route runs; routes read it.
 */
export interface Viewer {
  readonly via: 'loopback' | 'lan';
  /** The paired device, for LAN requests. */
  readonly deviceId?: string;
  /** The household member the request acts for; absent = the desktop member. */
  readonly memberId?: string;
  /**
   * A role fixed by the listener, not by a member: a local process on loopback that showed
   * neither the launch secret nor the browser session acts as an adult, never as an admin.
   */
  readonly role?: MemberRole;
}

const LOOPBACK: Viewer = Object.freeze({ via: 'loopback' });
const VIEWERS = new WeakMap<FastifyRequest, Viewer>();

export function setViewer(req: FastifyRequest, viewer: Viewer): void {
  VIEWERS.set(req, Object.freeze({ ...viewer }));
}

export function viewerOf(req: FastifyRequest): Viewer {
  return VIEWERS.get(req) ?? LOOPBACK;
}
