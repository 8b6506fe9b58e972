// The protocol module itself, not the src-shared index: the index would pull the household
// schemas into the initial bundle (their spread enums count as side effects).
import { PROTOCOL_HEADERS, PROTOCOL_VERSION, type WorkSession } from '../../src-shared/protocol';
import { ApiError, apiFetch } from './api';

/** The UI speaks for the household: its decisions are a household member's (spec/004). */
export const HOUSEHOLD_ACTOR = 'act_household';

function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return `ui-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ui-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const readHeaders = (): Record<string, string> => ({ [PROTOCOL_HEADERS.version]: PROTOCOL_VERSION, [PROTOCOL_HEADERS.actor]: HOUSEHOLD_ACTOR });

/** GET /api/protocol/…: reads name the protocol version and the reading actor. */
export function protocolRead<T>(path: string): Promise<T> {
  return apiFetch<T>(path, { headers: readHeaders() });
}

/**
 * POST /api/protocol/…: a fresh idempotency key per decision, the request time, and for a
 * WorkSession mutation the revision and last event hash the decision builds on.
 */
export function protocolMutation<T>(path: string, body: unknown, at?: Pick<WorkSession, 'revision' | 'last_event_hash'>): Promise<T> {
  const headers: Record<string, string> = {
    ...readHeaders(),
    [PROTOCOL_HEADERS.idempotencyKey]: idempotencyKey(),
    [PROTOCOL_HEADERS.timestamp]: new Date().toISOString(),
  };
  if (at) {
    headers[PROTOCOL_HEADERS.expectedRevision] = String(at.revision);
    headers[PROTOCOL_HEADERS.previousEventHash] = at.last_event_hash;
  }
  return apiFetch<T>(path, { method: 'POST', body, headers });
}

/**
 * A decision inside a WorkSession: read the session's head, then write on it. The assistant
 * may append to the same session in between; one retry on the fresh head covers that.
 */
export async function sessionMutation<T>(sessionId: string, path: string, body: unknown): Promise<T> {
  const head = async () => (await protocolRead<{ session: WorkSession }>(`/api/protocol/sessions/${encodeURIComponent(sessionId)}`)).session;
  try {
    return await protocolMutation<T>(path, body, await head());
  } catch (e) {
    if (!(e instanceof ApiError) || (e.code !== 'REVISION_CONFLICT' && e.code !== 'PREVIOUS_EVENT_HASH_MISMATCH')) throw e;
    return protocolMutation<T>(path, body, await head());
  }
}
