import { createHash } from 'node:crypto';
import { canonicalJsonOfKeys, GENESIS_HASH, type JarvisEvent } from '../../../src-shared';
import { prepareOnce, type Db } from '../../platform/database/database';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

// Each WorkSession's events form a hash chain of their own, which shows a changed or
// removed event but not a session removed as a whole. The sessions therefore form one more
// chain: every session, when its first event is written, is linked to the session before it.

/** One link: a session's first event, chained to the link before it. */
export interface SessionLink {
  readonly seq: number;
  readonly work_session_id: string;
  readonly first_event_hash: string;
  readonly previous_hash: string;
  readonly hash: string;
}

/** The fields a link's hash covers, in canonical order. */
const LINK_FIELDS = ['first_event_hash', 'previous_hash', 'seq', 'work_session_id'] as const;

export function sessionLinkHash(link: Omit<SessionLink, 'hash'>): string {
  return sha256Hex(canonicalJsonOfKeys(link, LINK_FIELDS));
}

/** The link that follows `last` for a session whose first event is `first`. */
export function nextSessionLink(last: SessionLink | undefined, first: Pick<JarvisEvent, 'work_session_id' | 'hash'>): SessionLink {
  const link = {
    seq: (last?.seq ?? 0) + 1,
    work_session_id: first.work_session_id,
    first_event_hash: first.hash,
    previous_hash: last?.hash ?? GENESIS_HASH,
  };
  return { ...link, hash: sessionLinkHash(link) };
}

export const SESSION_CHAIN_TABLE = 'protocol_session_chain';

export function lastSessionLink(db: Db): SessionLink | undefined {
  return prepareOnce(
    db,
    `SELECT seq, work_session_id, first_event_hash, previous_hash, hash FROM ${SESSION_CHAIN_TABLE} ORDER BY seq DESC LIMIT 1`,
  ).get() as SessionLink | undefined;
}

export function insertSessionLink(db: Db, link: SessionLink): void {
  prepareOnce(
    db,
    `INSERT INTO ${SESSION_CHAIN_TABLE} (seq, work_session_id, first_event_hash, previous_hash, hash) VALUES (?, ?, ?, ?, ?)`,
  ).run(link.seq, link.work_session_id, link.first_event_hash, link.previous_hash, link.hash);
}

/** The links of a database file without writing it; undefined for a database from before the chain of sessions. */
export function readSessionChainReadonly(db: Db): SessionLink[] | undefined {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(SESSION_CHAIN_TABLE);
  if (!exists) return undefined;
  return db
    .prepare(`SELECT seq, work_session_id, first_event_hash, previous_hash, hash FROM ${SESSION_CHAIN_TABLE} ORDER BY seq`)
    .all() as SessionLink[];
}

/**
 * The problems of the chain of sessions against the sessions the events hold: a broken or
 * changed link, a session without a link (added around the chain), a link without a session
 * (a session deleted as a whole), a link that names another first event.
 */
export function sessionChainProblems(links: readonly SessionLink[], firstEvents: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  let previous = GENESIS_HASH;
  const linked = new Set<string>();
  for (const [i, link] of links.entries()) {
    if (link.seq !== i + 1 || link.previous_hash !== previous || sessionLinkHash(link) !== link.hash) {
      problems.push(
        `the chain of sessions is broken at link ${i + 1} (session ${link.work_session_id}): it was changed or a link was removed`,
      );
      break;
    }
    previous = link.hash;
    linked.add(link.work_session_id);
    const first = firstEvents.get(link.work_session_id);
    if (first === undefined) problems.push(`session ${link.work_session_id} is in the chain of sessions but has no events: it was deleted`);
    else if (first !== link.first_event_hash)
      problems.push(`session ${link.work_session_id} starts with another event than the chain of sessions names`);
  }
  for (const id of firstEvents.keys()) if (!linked.has(id)) problems.push(`session ${id} is not in the chain of sessions`);
  return problems;
}
