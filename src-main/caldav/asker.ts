import type { FastifyRequest } from 'fastify';
import type { Member } from '../../src-shared';
import { Refusal } from '../platform/errors';
import { viewerOf } from '../platform/viewer';

/**
 * Whose calendar connections and feeds a request may manage: undefined for the desktop and
 * admins (every one), else the member of the paired device (their own and the family's).
 * A device that belongs to no member is refused.
 */
export function askerOf(member: (id: string | undefined) => Member | undefined): (req: FastifyRequest) => Member | undefined {
  return (req) => {
    const v = viewerOf(req);
    if (v.via === 'loopback') return undefined;
    const m = member(v.memberId);
    if (!m) throw new Refusal('forbidden', 'NO_MEMBER', 'Dieses Gerät gehört zu keinem Mitglied des Haushalts.');
    return m.is_admin ? undefined : m;
  };
}
