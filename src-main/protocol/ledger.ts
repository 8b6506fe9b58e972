import {
  canonicalJson,
  FORBIDDEN_EXPORT_FIELDS,
  type Actor,
  type Authority,
  type EventRecordChange,
  type JarvisEvent,
  type ProtocolSchemaName,
  type RecordType,
  type Takeover,
  type WorkSession,
  PROTOCOL_SCHEMAS,
} from '../../src-shared';
import { check, compileSchema } from '../platform/validation';
import type { ProtocolStore } from './store';
import { eventHash, sha256Hex } from './chain';
import { ProtocolError } from './errors';
import type { CallerContext } from './headers';
import { newRecordId } from './record-ids';
import type { Signer } from './signing-key';

/** An accepted mutation, as the service's change listeners see it. */
export interface ProtocolChange {
  /** The service operation (`decideSkill`, `decideMemory`, `sealSession`, …). */
  readonly op: string;
  readonly actorId: string;
  /** The ids named by the path (`sessionId`, `proposalId`, …). */
  readonly ids: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface ProtocolAnswer<T = unknown> {
  readonly status: number;
  readonly body: T;
  /** True when an idempotency key replayed an earlier answer (nothing was written). */
  readonly replayed: boolean;
}

/** A request body as it arrives, before its schema is checked. */
export type Body = Record<string, unknown>;

/** A session record an event created or changed, as it now stands. */
export function change(type: RecordType, id: string, body: object): EventRecordChange {
  return { type, id, body };
}

function findForbiddenField(value: unknown, depth = 0): string | undefined {
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value as Body)) {
    if ((FORBIDDEN_EXPORT_FIELDS as readonly string[]).includes(k.toLowerCase())) return k;
    const nested = findForbiddenField(v, depth + 1);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The core every protocol operation runs on: one transaction per mutation (validation,
 * idempotency, the caller's headers, mirrors inside it, listeners after it), identities and
 * authority, and the hash-linked events of a session. The sections (`bootstrap`, `sessions`,
 * `proposals`, `export`) are functions over it; `ProtocolService` is their facade.
 */
export class ProtocolLedger {
  private readonly listeners = new Set<(change: ProtocolChange) => void>();
  private readonly mirrors = new Set<(change: ProtocolChange) => void>();

  constructor(
    readonly store: ProtocolStore,
    readonly clock: () => Date,
    /** Signs every sealed manifest; its public key and fingerprint travel with the manifest. */
    readonly signer: Signer,
  ) {}

  now(): string {
    return this.clock().toISOString();
  }

  requireActor(actorId: string): Actor {
    const actor = this.store.get<Actor>('Actor', actorId);
    if (!actor) throw new ProtocolError('UNKNOWN_ACTOR', `Actor ${actorId} is not registered.`);
    return actor;
  }

  requireAuthority(actorId: string, ...anyOf: Authority[]): Actor {
    return this.requireAuthorityOf(this.requireActor(actorId), ...anyOf);
  }

  /** The same check on an Actor already read. */
  requireAuthorityOf(actor: Actor, ...anyOf: Authority[]): Actor {
    if (!anyOf.some((a) => actor.authority.includes(a)))
      throw new ProtocolError('ACTOR_NOT_AUTHORIZED', `${actor.actor_id} lacks ${anyOf.join(' or ')}.`);
    return actor;
  }

  writeSession(session: WorkSession): WorkSession {
    this.store.update('WorkSession', session.work_session_id, session);
    return session;
  }

  /**
   * Appends the next event of a session. `changes` are the session records this event
   * created or changed, as they now stand: they travel in the payload, so the records can
   * be rebuilt from the events (and a reader can tell when a snapshot disagrees).
   */
  appendEvent(
    session: WorkSession,
    type: string,
    actorId: string,
    recordType: RecordType,
    recordId: string,
    payload: Record<string, unknown>,
    changes: EventRecordChange[] = [],
    at: string = this.now(),
    /** False when the caller appends more events to the session and writes it once after them. */
    write = true,
  ): WorkSession {
    const base: Omit<JarvisEvent, 'hash'> = {
      event_id: newRecordId('evt'),
      work_session_id: session.work_session_id,
      revision: session.revision + 1,
      type,
      actor_id: actorId,
      record_type: recordType,
      record_id: recordId,
      payload: { ...payload, records: changes },
      previous_event_hash: session.last_event_hash,
      created_at: at,
    };
    const event: JarvisEvent = { ...base, hash: eventHash(base) };
    this.store.appendEvent(event);
    const after: WorkSession = { ...session, revision: event.revision, last_event_hash: event.hash, updated_at: event.created_at };
    return write ? this.writeSession(after) : after;
  }

  /**
   * A new session record and the event that made it, in one step: the record is written
   * (one of that type and id already there is refused, by the key, without reading it
   * first) and the event appended with the record first among its changes, unless
   * `event.changes` names them. Returns the session after the event.
   */
  insertAndAppend(
    session: WorkSession,
    record: { readonly type: RecordType; readonly id: string; readonly body: object; readonly at: string },
    event: {
      readonly type: string;
      readonly actorId: string;
      readonly payload: Record<string, unknown>;
      readonly alsoChanged?: readonly EventRecordChange[];
      readonly changes?: EventRecordChange[];
      readonly at?: string;
      /** See `appendEvent`. */
      readonly write?: boolean;
    },
  ): WorkSession {
    if (!this.store.insertNew(record.type, record.id, session.work_session_id, record.body, record.at))
      throw new ProtocolError('DUPLICATE_RECORD', `${record.type} ${record.id} exists.`);
    const changes = event.changes ?? [change(record.type, record.id, record.body), ...(event.alsoChanged ?? [])];
    return this.appendEvent(session, event.type, event.actorId, record.type, record.id, event.payload, changes, event.at, event.write);
  }

  /** Checks a body as a mutation does before it runs (also for a record an in-process operation makes inside its run). */
  validateBody(schema: ProtocolSchemaName | undefined, body: Body): void {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new ProtocolError('INVALID_RECORD', 'The body must be a JSON object.');
    const forbidden = findForbiddenField(body);
    if (forbidden)
      throw new ProtocolError('FORBIDDEN_EXPORT_FIELD', `The field "${forbidden}" may not be stored: protocol records are exported.`);
    if (!schema) return;
    const verdict = check(compileSchema(PROTOCOL_SCHEMAS[schema]), body);
    if (!verdict.ok) throw new ProtocolError('INVALID_RECORD', `${schema}: ${verdict.error.message}`);
  }

  /**
   * One mutation in one transaction: the body checked first, an HTTP client's idempotency key
   * replayed or stored, the mirrors inside, the listeners after the commit. A run that did
   * what several operations do returns their `changes`: the mirrors and listeners see each
   * as that operation's own (none when it changed nothing).
   */
  mutate(
    ctx: CallerContext,
    op: string,
    schema: ProtocolSchemaName | undefined,
    body: Body,
    pathIds: Record<string, string>,
    run: () => { status: number; body: unknown; changes?: readonly ProtocolChange[] },
  ): ProtocolAnswer {
    // Only an HTTP client's key is remembered: the host's own calls are never sent twice.
    const key = 'inProcess' in ctx ? undefined : ctx.idempotencyKey;
    const requestSha256 = key === undefined ? '' : sha256Hex(canonicalJson({ op, pathIds, body }));
    if (key !== undefined) {
      const previous = this.store.storedResponse(ctx.actorId, key, this.clock());
      if (previous) {
        if (previous.requestSha256 !== requestSha256) {
          throw new ProtocolError('IDEMPOTENCY_KEY_REUSED', `The idempotency key ${key} was used for a different request.`);
        }
        return { status: previous.status, body: previous.body, replayed: true };
      }
    }
    this.validateBody(schema, body);
    const { answer, changes } = this.store.transaction(() => {
      const { changes, ...answer } = run();
      if (key !== undefined)
        this.store.storeResponse(ctx.actorId, key, { requestSha256, status: answer.status, body: answer.body }, this.clock());
      // A host record that mirrors this one changes in the same transaction, or neither does.
      const accepted = changes ?? [{ op, actorId: ctx.actorId, ids: pathIds, body: answer.body }];
      for (const change of accepted) for (const mirror of [...this.mirrors]) mirror(change);
      return { answer: { ...answer, replayed: false }, changes: accepted };
    });
    for (const change of changes) {
      for (const listener of [...this.listeners]) {
        try {
          listener(change);
        } catch {
          // A listener (UI push, skill re-admission) must not turn an accepted write into an error.
        }
      }
    }
    return answer;
  }

  /** One transaction around several mutations (see `ProtocolService.atomically`). */
  atomically<T>(fn: () => T, options: { readonly durable?: boolean } = {}): T {
    return this.store.transaction(fn, options);
  }

  /** A mirror runs inside the transaction of every accepted mutation; one that throws rejects it. */
  onChangeWithin(mirror: (change: ProtocolChange) => void): () => void {
    this.mirrors.add(mirror);
    return () => this.mirrors.delete(mirror);
  }

  /** A listener runs after every accepted mutation, outside its transaction. */
  onChange(listener: (change: ProtocolChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A mutation of one WorkSession: the path names it, the body may not name another, and an
   * HTTP caller's revision and previous event hash must match the session as it stands.
   */
  sessionMutation(
    ctx: CallerContext,
    sessionId: string,
    op: string,
    schema: ProtocolSchemaName | undefined,
    body: Body,
    run: (session: WorkSession) => { status: number; body: unknown },
  ): ProtocolAnswer {
    if (body.work_session_id !== undefined && body.work_session_id !== sessionId) {
      throw new ProtocolError(
        'PATH_BODY_MISMATCH',
        `The body names WorkSession ${String(body.work_session_id)} but the path names ${sessionId}.`,
      );
    }
    const { work_session_id: _ignored, ...rest } = body;
    return this.mutate(ctx, op, schema, rest, { sessionId }, () => {
      const headers = 'inProcess' in ctx ? undefined : ctx;
      if (headers && (headers.expectedRevision === undefined || headers.previousEventHash === undefined)) {
        throw new ProtocolError('MISSING_HEADER', 'WorkSession mutations need the expected revision and the previous event hash.');
      }
      const session = this.store.get<WorkSession>('WorkSession', sessionId);
      if (!session) throw new ProtocolError('NOT_FOUND', `WorkSession ${sessionId} does not exist.`);
      if (session.sealed) throw new ProtocolError('SEALED_WORK_SESSION', `WorkSession ${sessionId} is sealed and cannot change.`);
      // The host acts on the session as it stands in this transaction: nothing to be stale against.
      if (!headers) return run(session);
      const expectedRevision = headers.expectedRevision!;
      const takeovers = this.store.listForSession<Takeover>(sessionId, 'Takeover');
      const lastTakeover = takeovers[takeovers.length - 1];
      if (lastTakeover && ctx.actorId !== lastTakeover.actor_id && expectedRevision < lastTakeover.at_revision) {
        throw new ProtocolError(
          'STALE_TAKEOVER_CONTINUATION',
          `A household member took over at revision ${lastTakeover.at_revision}; continue from the current state.`,
        );
      }
      if (expectedRevision !== session.revision) {
        throw new ProtocolError(
          'REVISION_CONFLICT',
          `WorkSession ${sessionId} is at revision ${session.revision}, not ${expectedRevision}.`,
        );
      }
      if (headers.previousEventHash !== session.last_event_hash) {
        throw new ProtocolError('PREVIOUS_EVENT_HASH_MISMATCH', `The last event of ${sessionId} has another hash.`);
      }
      return run(session);
    });
  }
}
