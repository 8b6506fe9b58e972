import { canonicalJson, GENESIS_HASH, type SigningKeyInfo } from '../../../src-shared';
import { prepareOnce, type Db } from '../../platform/database/database';
import { fingerprintOfInfo, verifySignature, type Signer } from '../signing-key';
import type { SessionLink } from './session-chain';

// The chain of sessions shows a session removed from its middle, but not the newest one
// removed together with its link: what is left is still a whole chain. The end of the chain
// is therefore sealed: the last link's number and hash, signed with the machine's key and
// rewritten with every new session. Without the key nobody can seal a shorter chain.

export const CHAIN_END_TABLE = 'protocol_chain_end';

/** The sealed end of the chain of sessions (seq 0 and the genesis hash while there is no session). */
export interface ChainEnd {
  readonly seq: number;
  readonly hash: string;
  /** The signer's public key (SubjectPublicKeyInfo DER, base64). */
  readonly public_key: string;
  readonly signature: string;
}

function chainEndText(seq: number, hash: string): string {
  return canonicalJson({ chain_of_sessions_end: { seq, hash } });
}

export function sealChainEnd(db: Db, last: SessionLink | undefined, signer: Signer): void {
  const seq = last?.seq ?? 0;
  const hash = last?.hash ?? GENESIS_HASH;
  prepareOnce(db, `INSERT OR REPLACE INTO ${CHAIN_END_TABLE} (id, seq, hash, public_key, signature) VALUES (1, ?, ?, ?, ?)`).run(
    seq,
    hash,
    signer.key.public_key,
    signer.sign(chainEndText(seq, hash)),
  );
}

/** The sealed end of a database file; undefined for a database from before it, null when it was removed. */
export function readChainEndReadonly(db: Db): ChainEnd | null | undefined {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(CHAIN_END_TABLE);
  if (!exists) return undefined;
  return (db.prepare(`SELECT seq, hash, public_key, signature FROM ${CHAIN_END_TABLE} WHERE id = 1`).get() as ChainEnd | undefined) ?? null;
}

/**
 * The problems of the sealed end against the chain's last link: removed, signed by another
 * key than `key` (the machine's, where it is known), or naming a later session than the chain holds.
 */
export function chainEndProblems(links: readonly SessionLink[], end: ChainEnd | null, key?: SigningKeyInfo): string[] {
  if (end === null) return ['the sealed end of the chain of sessions was removed: the newest sessions may have been deleted'];
  const keyInfo: SigningKeyInfo = key ?? { algorithm: 'Ed25519', public_key: end.public_key, fingerprint: '' };
  if (key && end.public_key !== key.public_key)
    return [`the end of the chain of sessions is signed by another key than this machine's (${fingerprintOfInfo(key)})`];
  if (!verifySignature(keyInfo, chainEndText(end.seq, end.hash), end.signature))
    return ['the sealed end of the chain of sessions was changed: its signature does not match'];
  const last = links[links.length - 1];
  const seq = last?.seq ?? 0;
  const hash = last?.hash ?? GENESIS_HASH;
  if (end.seq > seq)
    return [`the chain of sessions ends at session ${seq}, but its sealed end names session ${end.seq}: the newest sessions were deleted`];
  if (end.seq !== seq || end.hash !== hash) return ['the chain of sessions does not end where its sealed end says'];
  return [];
}
