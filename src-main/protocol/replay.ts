import { canonicalJson, type EventRecordChange, type JarvisEvent, type RecordType, type WorkSession } from '../../src-shared';

/** The records that belong to one session, with the field that holds each one's id. */
export const SESSION_RECORD_IDS = {
  PolicyDecision: 'decision_id',
  Request: 'request_id',
  Review: 'review_id',
  Takeover: 'takeover_id',
  Contribution: 'contribution_id',
  LearningRecord: 'learning_id',
  MemoryProposal: 'proposal_id',
  OutcomeReport: 'report_id',
} as const satisfies Partial<Record<RecordType, string>>;

export type SessionRecordType = keyof typeof SESSION_RECORD_IDS;

/** Record bodies by type, as an export's `records` holds them. */
export type RecordSnapshot = Readonly<Record<string, readonly unknown[]>>;

export type Replay =
  | { readonly kind: 'replayed'; readonly session: WorkSession; readonly records: ReadonlyMap<string, EventRecordChange> }
  /** Written before events carried their records: the chain is checked, the records cannot be rebuilt. */
  | { readonly kind: 'legacy' }
  | { readonly kind: 'invalid'; readonly reason: string };

const STATUS_AFTER: Readonly<Record<string, WorkSession['status']>> = {
  'request.opened': 'blocked',
  'request.reviewed': 'open',
  'request.taken_over': 'open',
  'work_session.completed': 'completed',
  'work_session.failed': 'failed',
  'work_session.cancelled': 'cancelled',
};

function changesOf(event: JarvisEvent): readonly EventRecordChange[] | undefined {
  const payload = event.payload as { records?: unknown } | null;
  return payload && typeof payload === 'object' && Array.isArray(payload.records) ? (payload.records as EventRecordChange[]) : undefined;
}

const keyOf = (type: string, id: string) => `${type} ${id}`;

/** The record objects of one type; anything else a hand-edited file holds there is skipped. */
export function recordsOf(snapshot: RecordSnapshot, type: string): readonly Record<string, unknown>[] {
  const list = snapshot[type];
  return Array.isArray(list)
    ? list.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r))
    : [];
}

/**
 * Rebuilds a session and its records from its events alone (in chain order, chain already
 * checked): each event carries the records it created or changed, and the session itself
 * follows from the event types.
 */
export function replaySession(events: readonly JarvisEvent[]): Replay {
  if (events.some((e) => changesOf(e) === undefined)) return { kind: 'legacy' };
  const first = events[0];
  if (!first || first.type !== 'work_session.created') return { kind: 'invalid', reason: 'its first event is not work_session.created' };
  const created = first.payload as { policy_id?: unknown; goal?: unknown };
  let session: WorkSession = {
    work_session_id: first.work_session_id,
    policy_id: String(created.policy_id),
    owner_actor_id: first.actor_id,
    goal: String(created.goal),
    status: 'open',
    revision: 0,
    last_event_hash: first.previous_event_hash,
    sealed: false,
    created_at: first.created_at,
    updated_at: first.created_at,
  };
  const records = new Map<string, EventRecordChange>();
  for (const event of events) {
    for (const change of changesOf(event)!) {
      const idField = SESSION_RECORD_IDS[change.type as SessionRecordType];
      if (!idField)
        return { kind: 'invalid', reason: `event ${event.event_id} carries a ${String(change.type)}, which is not a session record` };
      records.set(keyOf(change.type, change.id), change);
    }
    const status = STATUS_AFTER[event.type] ?? session.status;
    session = {
      ...session,
      status,
      revision: event.revision,
      last_event_hash: event.hash,
      updated_at: event.created_at,
      sealed: session.sealed || event.type === 'work_session.sealed',
    };
  }
  return { kind: 'replayed', session, records };
}

function show(value: unknown): string {
  const text = value === undefined ? 'missing' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The first field where two record bodies differ, in words. */
function difference(snapshot: unknown, replayed: unknown): string {
  const a = (snapshot ?? {}) as Record<string, unknown>;
  const b = (replayed ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const field = fields.find((f) => canonicalJson(a[f] ?? null) !== canonicalJson(b[f] ?? null) || f in a !== f in b);
  return field ? `${field} is ${show(a[field])} in the records but ${show(b[field])} in the events` : 'the bodies differ';
}

/**
 * Compares a session's records in a snapshot with what its events replay to. Returns one
 * line per difference (empty when they match).
 */
export function compareWithReplay(
  replay: Extract<Replay, { kind: 'replayed' }>,
  snapshotSession: unknown,
  snapshot: RecordSnapshot,
): string[] {
  const problems: string[] = [];
  const sessionId = replay.session.work_session_id;
  if (snapshotSession === undefined) problems.push('its WorkSession record is missing');
  else if (canonicalJson(snapshotSession) !== canonicalJson(replay.session))
    problems.push(`WorkSession ${difference(snapshotSession, replay.session)}`);
  const seen = new Set<string>();
  for (const [type, idField] of Object.entries(SESSION_RECORD_IDS)) {
    for (const body of recordsOf(snapshot, type)) {
      const record = body as Record<string, unknown>;
      if (record.work_session_id !== sessionId) continue;
      const id = String(record[idField]);
      const key = keyOf(type, id);
      seen.add(key);
      const replayed = replay.records.get(key);
      if (!replayed) problems.push(`${type} ${id} is in the records but no event created it`);
      else if (canonicalJson(record) !== canonicalJson(replayed.body)) problems.push(`${type} ${id}: ${difference(record, replayed.body)}`);
    }
  }
  for (const [key, change] of replay.records)
    if (!seen.has(key)) problems.push(`${change.type} ${change.id} was recorded by an event but is missing from the records`);
  return problems;
}
