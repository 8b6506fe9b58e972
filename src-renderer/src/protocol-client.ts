// The protocol module itself, not the src-shared index: the index would pull the household
// schemas into the initial bundle (their spread enums count as side effects).
import {
  PROTOCOL_HEADERS,
  PROTOCOL_VERSION,
  type LearningDecisionResponse,
  type MemoryDecisionResponse,
  type ProposalDecisionRequest,
  type WorkSession,
} from '../../src-shared/protocol';
import { ApiError, requester } from './api';

/** The UI speaks for the household: its decisions are a household member's, recorded as such. */
export const HOUSEHOLD_ACTOR = 'act_household';

function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return `ui-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ui-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const readHeaders = (): Record<string, string> => ({
  [PROTOCOL_HEADERS.version]: PROTOCOL_VERSION,
  [PROTOCOL_HEADERS.actor]: HOUSEHOLD_ACTOR,
});

/**
 * Mutation headers: a fresh idempotency key per decision, the request time, and for a
 * WorkSession mutation the revision and last event hash the decision builds on.
 */
function mutationHeaders(at?: Pick<WorkSession, 'revision' | 'last_event_hash'>): Record<string, string> {
  const headers: Record<string, string> = {
    ...readHeaders(),
    [PROTOCOL_HEADERS.idempotencyKey]: idempotencyKey(),
    [PROTOCOL_HEADERS.timestamp]: new Date().toISOString(),
  };
  if (at) {
    headers[PROTOCOL_HEADERS.expectedRevision] = String(at.revision);
    headers[PROTOCOL_HEADERS.previousEventHash] = at.last_event_hash;
  }
  return headers;
}

/** GET /api/protocol/…: reads name the protocol version and the reading actor. */
export const protocolRead = requester(readHeaders);

/** POST /api/protocol/… outside a WorkSession (a skill proposal's decision). */
export const protocolMutation = requester(() => mutationHeaders());

/**
 * A decision inside its WorkSession: read the session's head, then write on it. The
 * assistant may append to the same session in between; one retry on the fresh head covers that.
 */
async function onSessionHead<T>(sessionId: string, write: (session: WorkSession) => Promise<T>): Promise<T> {
  const decide = async () => write((await protocolRead('GET /api/protocol/sessions/{id}', { params: { id: sessionId } })).session);
  try {
    return await decide();
  } catch (e) {
    if (!(e instanceof ApiError) || (e.code !== 'REVISION_CONFLICT' && e.code !== 'PREVIOUS_EVENT_HASH_MISMATCH')) throw e;
    return decide();
  }
}

export function decideMemoryProposal(
  sessionId: string,
  proposalId: string,
  body: ProposalDecisionRequest,
): Promise<MemoryDecisionResponse> {
  return onSessionHead(sessionId, (session) =>
    requester(() => mutationHeaders(session))('POST /api/protocol/sessions/{id}/memory-proposals/{pid}/decision', {
      params: { id: sessionId, pid: proposalId },
      body,
    }),
  );
}

export function decideLearningRecord(
  sessionId: string,
  learningId: string,
  body: ProposalDecisionRequest,
): Promise<LearningDecisionResponse> {
  return onSessionHead(sessionId, (session) =>
    requester(() => mutationHeaders(session))('POST /api/protocol/sessions/{id}/learning/{lid}/decision', {
      params: { id: sessionId, lid: learningId },
      body,
    }),
  );
}
