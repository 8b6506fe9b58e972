import { createHash } from 'node:crypto';
import { canonicalJsonOfKeys, GENESIS_HASH, type JarvisEvent } from '../../src-shared';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The fields an event's hash covers (every field but the hash itself), in canonical order. */
const HASHED_EVENT_FIELDS = [
  'actor_id',
  'created_at',
  'event_id',
  'payload',
  'previous_event_hash',
  'record_id',
  'record_type',
  'revision',
  'type',
  'work_session_id',
] as const satisfies readonly (keyof Omit<JarvisEvent, 'hash'>)[];

/** The hash of an event covers every field but the hash itself, in canonical JSON. */
export function eventHash(event: Omit<JarvisEvent, 'hash'>): string {
  return sha256Hex(canonicalJsonOfKeys(event, HASHED_EVENT_FIELDS));
}

export interface BrokenLink {
  readonly work_session_id: string;
  readonly revision: number;
  readonly event_id: string;
  readonly reason: string;
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly events_checked: number;
  readonly sessions: number;
  readonly first_broken?: BrokenLink;
}

/**
 * Recomputes every session's chain from its genesis. Events must arrive grouped by
 * session and ordered by revision (the store and the export both deliver them so).
 */
export function verifyChain(events: Iterable<JarvisEvent>): VerifyReport {
  let checked = 0;
  let sessions = 0;
  let currentSession: string | undefined;
  let expectedPrevious = GENESIS_HASH;
  let expectedRevision = 1;
  for (const event of events) {
    if (event.work_session_id !== currentSession) {
      currentSession = event.work_session_id;
      sessions++;
      expectedPrevious = GENESIS_HASH;
      expectedRevision = 1;
    }
    const broken = (reason: string): VerifyReport => ({
      ok: false,
      events_checked: checked,
      sessions,
      first_broken: { work_session_id: event.work_session_id, revision: event.revision, event_id: event.event_id, reason },
    });
    if (event.revision !== expectedRevision) return broken(`expected revision ${expectedRevision}, found ${event.revision}`);
    if (event.previous_event_hash !== expectedPrevious) return broken('previous_event_hash does not match the hash of the event before it');
    if (eventHash(event) !== event.hash) return broken('the event was changed after it was written: its hash does not match its content');
    expectedPrevious = event.hash;
    expectedRevision++;
    checked++;
  }
  return { ok: true, events_checked: checked, sessions };
}
