// A phone that queued an entry while offline sends it again when the connection returns,
// and may send it twice when an answer was lost on the way. A write that carries an
// `Idempotency-Key` therefore has one effect however often it arrives: the first answer
// is remembered and repeated.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdempotencyKeys } from '../database';
import { keepableAnswer } from '../secret-answers';
import { viewerOf } from '../viewer';
import { errorBody } from './errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[A-Za-z0-9._:-]{1,128}$/;
/** Answers larger than this are not kept (no write route answers with so much). */
const MAX_KEPT_BYTES = 256 * 1024;

/** Set on a repeated answer, so a client can tell it wrote nothing this time. */
export const REPLAY_HEADER = 'idempotent-replay';

interface Pending {
  readonly scope: string;
  readonly key: string;
  readonly requestSha256: string;
  readonly done: Promise<void>;
  finish(): void;
  body?: string;
}

const PENDING = new WeakMap<FastifyRequest, Pending>();

function requestSha256(req: FastifyRequest): string {
  const body = req.body === undefined ? '' : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  return createHash('sha256').update(`${req.method} ${req.url}\n${body}`).digest('hex');
}

/** The device a request came from: one device's keys never answer another's requests. */
function scopeOf(req: FastifyRequest): string {
  const viewer = viewerOf(req);
  return viewer.deviceId ? `device:${viewer.deviceId}` : viewer.via;
}

export function honourIdempotencyKeys(app: FastifyInstance, keys: IdempotencyKeys): void {
  /** Requests with a key still running: the same key again waits for the first answer. */
  const running = new Map<string, Pending>();

  app.addHook('preHandler', async (req, reply) => {
    if (!WRITES.has(req.method) || reply.sent) return;
    const raw = req.headers['idempotency-key'];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw.join(',') : raw;
    if (!KEY.test(key)) {
      return reply
        .code(400)
        .send(errorBody('INVALID_IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 1 to 128 letters, digits or . _ : -'));
    }
    const scope = scopeOf(req);
    const sha = requestSha256(req);
    const slot = `${scope}\n${key}`;
    await running.get(slot)?.done;
    const seen = keys.get(scope, key);
    if (seen) {
      if (seen.requestSha256 !== sha)
        return reply.code(422).send(errorBody('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.'));
      return reply.code(seen.status).header(REPLAY_HEADER, 'true').type(seen.contentType).send(seen.body);
    }
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const pending: Pending = { scope, key, requestSha256: sha, done, finish };
    running.set(slot, pending);
    PENDING.set(req, pending);
    // A route that takes the response over (a stream) never reaches onResponse.
    reply.raw.once('close', () => release(req));
  });

  app.addHook('onSend', async (req, _reply, payload) => {
    const pending = PENDING.get(req);
    if (pending && (typeof payload === 'string' || Buffer.isBuffer(payload))) pending.body = payload.toString();
    return payload;
  });

  const release = (req: FastifyRequest) => {
    const pending = PENDING.get(req);
    if (!pending) return;
    PENDING.delete(req);
    running.delete(`${pending.scope}\n${pending.key}`);
    pending.finish();
  };

  app.addHook('onResponse', async (req, reply) => {
    const pending = PENDING.get(req);
    if (!pending) return;
    try {
      // A server error may not have happened at all: the next attempt runs again.
      const body = pending.body === undefined ? undefined : keepableAnswer(req, pending.body);
      if (body !== undefined && reply.statusCode < 500 && body.length <= MAX_KEPT_BYTES) {
        const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        keys.remember(pending.scope, pending.key, {
          requestSha256: pending.requestSha256,
          status: reply.statusCode,
          contentType,
          body,
        });
      }
    } finally {
      release(req);
    }
  });
}
