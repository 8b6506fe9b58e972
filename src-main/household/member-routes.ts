// The household's members over HTTP: everyone may read them; changing them is for the
// desktop (loopback) and for paired devices of an admin member.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  MemberCreateRequest,
  MemberRemoveChoice,
  MemberRemoveResponse,
  MembersResponse,
  MemberUpdateRequest,
  Member,
} from '../../src-shared';
import { MEMBER_LANGUAGES, MEMBER_NAME_MAX, MEMBER_REMOVE_CHOICES, MEMBER_ROLES } from '../../src-shared';
import { Refusal } from '../platform/errors';
import { viewerOf } from '../platform/viewer';
import type { MembersService } from './members';
import { HOUSEHOLD_EDIT_LIMIT_BYTES } from './body-limits';

const memberFields = {
  name: { type: 'string', minLength: 1, maxLength: MEMBER_NAME_MAX * 4 },
  color: { type: 'string', maxLength: 7 },
  initial: { type: 'string', minLength: 1, maxLength: 8 },
  language: { type: 'string', enum: [...MEMBER_LANGUAGES] },
  role: { type: 'string', enum: [...MEMBER_ROLES] },
  is_admin: { type: 'boolean' },
} as const;

const createBody = { type: 'object', additionalProperties: false, required: ['name'], properties: memberFields } as const;
const updateBody = { type: 'object', additionalProperties: false, minProperties: 1, properties: memberFields } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
const removeQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { assigned: { type: 'string', enum: [...MEMBER_REMOVE_CHOICES] } },
} as const;

/** A write by a paired device of a member who is not an admin is refused. */
function requireManager(req: FastifyRequest, members: MembersService): void {
  const viewer = viewerOf(req);
  if (viewer.via === 'loopback') return;
  const member = viewer.memberId !== undefined ? members.get(viewer.memberId) : undefined;
  if (!member?.is_admin) throw new Refusal('forbidden', 'ADMIN_ONLY', 'Nur ein Verwalter des Haushalts kann Mitglieder ändern.');
}

export function registerMemberRoutes(app: FastifyInstance, members: MembersService): void {
  app.get('/api/members', async (): Promise<MembersResponse> => ({ members: members.list() }));

  app.post<{ Body: MemberCreateRequest }>(
    '/api/members',
    { schema: { body: createBody }, bodyLimit: HOUSEHOLD_EDIT_LIMIT_BYTES },
    async (req, reply): Promise<Member> => {
      requireManager(req, members);
      const member = members.create(req.body);
      reply.code(201);
      return member;
    },
  );

  app.patch<{ Params: { id: string }; Body: MemberUpdateRequest }>(
    '/api/members/:id',
    { schema: { params: idParams, body: updateBody }, bodyLimit: HOUSEHOLD_EDIT_LIMIT_BYTES },
    async (req): Promise<Member> => {
      requireManager(req, members);
      return members.update(req.params.id, req.body);
    },
  );

  app.delete<{ Params: { id: string }; Querystring: { assigned?: MemberRemoveChoice } }>(
    '/api/members/:id',
    { schema: { params: idParams, querystring: removeQuery } },
    async (req): Promise<MemberRemoveResponse> => {
      requireManager(req, members);
      return members.remove(req.params.id, req.query.assigned);
    },
  );
}
