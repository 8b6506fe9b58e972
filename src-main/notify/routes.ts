// The notification API: push subscriptions of this device, each member's channels and
// quiet hours, and the two buttons of a reminder notification ("Erledigt", "Später").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  NotifySettings,
  NotifySettingsResponse,
  NotifySettingsUpdate,
  PushSubscriptionRequest,
  PushSubscriptionResponse,
  PushUnsubscribeRequest,
  VapidKeyResponse,
} from '../../src-shared';
import { PHONE_SNOOZE_MINUTES, SNOOZE_MAX_MINUTES, type NotifySnoozeRequest } from '../../src-shared';
import { Refusal, statusOfToolResult } from '../platform/errors';
import type { SkillRegistry } from '../platform/registry';
import { newTraceId } from '../platform/trace';
import { viewerOf } from '../platform/viewer';
import type { MemberDirectory } from './members';
import type { Asker, NotifyService } from './service';

export interface NotifyRouteDeps {
  readonly service: NotifyService;
  readonly members: MemberDirectory;
  readonly registry: SkillRegistry;
  readonly vapidPublicKey: () => string;
  readonly ntfyConfigured: boolean;
  readonly clock: () => Date;
  readonly timezone: string;
}

const BASE64URL = '^[A-Za-z0-9_-]+={0,2}$';

const subscriptionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint', 'keys'],
  properties: {
    endpoint: { type: 'string', minLength: 1, maxLength: 2048 },
    expirationTime: { type: ['number', 'null'] },
    keys: {
      type: 'object',
      additionalProperties: false,
      required: ['p256dh', 'auth'],
      properties: {
        p256dh: { type: 'string', pattern: BASE64URL, minLength: 80, maxLength: 100 },
        auth: { type: 'string', pattern: BASE64URL, minLength: 16, maxLength: 32 },
      },
    },
  },
} as const;

const unsubscribeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint'],
  properties: { endpoint: { type: 'string', minLength: 1, maxLength: 2048 } },
} as const;

const quietTime = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;
const settingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    push: { type: 'boolean' },
    ntfy: { type: 'boolean' },
    quiet_hours: {
      anyOf: [
        { type: 'null' },
        { type: 'object', additionalProperties: false, required: ['start', 'end'], properties: { start: quietTime, end: quietTime } },
      ],
    },
  },
} as const;

const snoozeBody = {
  type: 'object',
  additionalProperties: false,
  properties: { minutes: { type: 'integer', minimum: 1, maximum: SNOOZE_MAX_MINUTES } },
} as const;

export function registerNotifyRoutes(app: FastifyInstance, deps: NotifyRouteDeps): void {
  /** The member a request acts for: a paired device's member, else the desktop's. */
  const askerOf = (req: FastifyRequest): Asker => {
    const viewer = viewerOf(req);
    return {
      memberId: viewer.memberId ?? deps.members.desktopMember().id,
      deviceId: viewer.deviceId ?? null,
      desktop: viewer.via === 'loopback',
    };
  };

  // The button was pressed on the member's own device: the call acts for that member.
  const call = (req: FastifyRequest, name: string, args: Record<string, unknown>) =>
    deps.registry.call(name, args, {
      traceId: newTraceId('http'),
      now: deps.clock(),
      timezone: deps.timezone,
      actor: 'user',
      member: askerOf(req).memberId,
    });

  app.get('/api/push/vapid-key', async (): Promise<VapidKeyResponse> => ({ public_key: deps.vapidPublicKey() }));

  app.post<{ Body: PushSubscriptionRequest }>('/api/push/subscription', { schema: { body: subscriptionBody } }, async (req, reply) => {
    const asker = askerOf(req);
    deps.service.subscribe(asker, req.body);
    const answer: PushSubscriptionResponse = { member_id: asker.memberId, device_id: asker.deviceId };
    return reply.code(201).send(answer);
  });

  app.delete<{ Body: PushUnsubscribeRequest }>('/api/push/subscription', { schema: { body: unsubscribeBody } }, async (req, reply) => {
    deps.service.unsubscribe(askerOf(req), req.body.endpoint);
    return reply.code(204).send();
  });

  app.get('/api/notify/settings', async (req): Promise<NotifySettingsResponse> => {
    const asker = askerOf(req);
    const members = deps.members.list().filter((m) => deps.service.mayChange(asker, m.id));
    return {
      members: members.map((m) => ({ ...deps.service.settingsOf(m.id), name: m.name })),
      ntfy_configured: deps.ntfyConfigured,
    };
  });

  app.put<{ Params: { member: string }; Body: NotifySettingsUpdate }>(
    '/api/notify/settings/:member',
    { schema: { body: settingsBody } },
    async (req): Promise<NotifySettings> => {
      const member = deps.members.get(req.params.member);
      if (!member) throw new Refusal('not_found', 'MEMBER_NOT_FOUND', `No household member ${req.params.member}.`);
      return deps.service.update(askerOf(req), member.id, req.body);
    },
  );

  // The notification's buttons: the service worker posts here with the device's own credentials.
  app.post<{ Params: { id: string } }>('/api/notify/reminders/:id/done', async (req, reply) => {
    const result = await call(req, 'reminders_delete', { id: req.params.id });
    return reply.code(statusOfToolResult(result)).send(result);
  });

  // The same reminder moves later: its text, person and event stay as they were.
  app.post<{ Params: { id: string }; Body: NotifySnoozeRequest | undefined }>(
    '/api/notify/reminders/:id/snooze',
    { schema: { body: snoozeBody } },
    async (req, reply) => {
      const minutes = req.body?.minutes ?? PHONE_SNOOZE_MINUTES.snooze_short;
      const result = await call(req, 'reminders_snooze', { id: req.params.id, minutes });
      return reply.code(statusOfToolResult(result)).send(result);
    },
  );
}
