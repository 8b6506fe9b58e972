import { PROTOCOL_HEADERS, PROTOCOL_VERSION } from '../../src-shared';
import { ProtocolError } from './errors';

export interface MutationContext {
  readonly actorId: string;
  readonly idempotencyKey: string;
  readonly timestamp: string;
  /** Only for WorkSession-scoped mutations. */
  readonly expectedRevision?: number;
  readonly previousEventHash?: string;
}

/**
 * A caller inside the host (the assistant, MCP calls, approvals, the mesh): it acts on the
 * state as it stands inside the transaction, so it sends no revision or event hash, and no
 * answer of it is ever replayed, so it sends no idempotency key and none is stored.
 */
export interface InProcessContext {
  readonly actorId: string;
  readonly inProcess: true;
}

/** Who a service mutation comes from: an HTTP client with its headers, or the host itself. */
export type CallerContext = MutationContext | InProcessContext;

export function inProcess(actorId: string): InProcessContext {
  return { actorId, inProcess: true };
}

export interface ReadContext {
  readonly actorId: string;
}

type HeaderBag = Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function required(headers: HeaderBag, name: string): string {
  const v = header(headers, name)?.trim();
  if (!v) throw new ProtocolError('MISSING_HEADER', `The header ${name} is required.`);
  return v;
}

function checkVersion(headers: HeaderBag): void {
  const version = required(headers, PROTOCOL_HEADERS.version);
  if (version !== PROTOCOL_VERSION)
    throw new ProtocolError(
      'UNSUPPORTED_PROTOCOL_VERSION',
      `Protocol version ${version} is not supported; this host speaks ${PROTOCOL_VERSION}.`,
    );
}

const ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
const HASH = /^[a-f0-9]{64}$/;
// RFC 3339 with a zone; the clock-skew window keeps replays of old requests out.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_SKEW_MS = 5 * 60_000;

export function parseReadHeaders(headers: HeaderBag): ReadContext {
  checkVersion(headers);
  const actorId = required(headers, PROTOCOL_HEADERS.actor);
  if (!ID.test(actorId)) throw new ProtocolError('INVALID_HEADER', `${PROTOCOL_HEADERS.actor} is not a valid id.`);
  return { actorId };
}

/**
 * The mutation header contract of the Jarvis protocol: every mutation carries version, actor,
 * idempotency key and timestamp; WorkSession-scoped ones also the expected revision and
 * the hash of the session's last event.
 */
export function parseMutationHeaders(headers: HeaderBag, options: { sessionScoped: boolean; now: Date }): MutationContext {
  const { actorId } = parseReadHeaders(headers);
  const idempotencyKey = required(headers, PROTOCOL_HEADERS.idempotencyKey);
  if (!KEY.test(idempotencyKey))
    throw new ProtocolError('INVALID_HEADER', `${PROTOCOL_HEADERS.idempotencyKey} must be 8 to 200 characters of A-Z a-z 0-9 _ . : -.`);
  const timestamp = required(headers, PROTOCOL_HEADERS.timestamp);
  const at = Date.parse(timestamp);
  if (!TIMESTAMP.test(timestamp) || Number.isNaN(at))
    throw new ProtocolError('INVALID_HEADER', `${PROTOCOL_HEADERS.timestamp} must be an RFC 3339 time with a zone.`);
  if (Math.abs(at - options.now.getTime()) > MAX_SKEW_MS)
    throw new ProtocolError('INVALID_HEADER', `${PROTOCOL_HEADERS.timestamp} is more than five minutes away from the host's clock.`);
  if (!options.sessionScoped) return { actorId, idempotencyKey, timestamp };
  const revisionText = required(headers, PROTOCOL_HEADERS.expectedRevision);
  if (!/^[0-9]{1,12}$/.test(revisionText))
    throw new ProtocolError('INVALID_HEADER', `${PROTOCOL_HEADERS.expectedRevision} must be a non-negative integer.`);
  const previousEventHash = required(headers, PROTOCOL_HEADERS.previousEventHash);
  if (!HASH.test(previousEventHash))
    throw new ProtocolError('INVALID_HEADER', `${PROTOCOL_HEADERS.previousEventHash} must be a SHA-256 hex digest.`);
  return { actorId, idempotencyKey, timestamp, expectedRevision: Number(revisionText), previousEventHash };
}
