import { join } from 'node:path';
import { openDatabase, type Db } from '../platform/database';
import { ephemeralSigner, ProtocolService } from '../protocol';
import { ProtocolStore } from '../protocol/store';
import { DELETES_NEED_REVIEW } from './protocol-rules';

/**
 * The synchronous level of every outermost transaction (every commit) on `db`, in order:
 * 2 (FULL) waited for the disk, 1 (NORMAL) did not. Installed before the stores are built:
 * they make their transaction functions once.
 */
export function countCommits(db: Db): number[] {
  const levels: number[] = [];
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const tx = transaction(fn);
    return (...args: unknown[]) => {
      const outermost = !db.inTransaction;
      const level = db.pragma('synchronous', { simple: true }) as number;
      const result = tx(...args);
      if (outermost) levels.push(level);
      return result;
    };
  }) as Db['transaction'];
  return levels;
}

/**
 * A protocol on a database file in `dir` whose commits are counted, bootstrapped (deleting
 * needs a review). `commits` starts empty: the migrations and the bootstrap are not counted.
 */
export function countedProtocol(dir: string): { db: Db; protocol: ProtocolService; commits: number[] } {
  const db = openDatabase(join(dir, 'protocol.db'));
  const commits = countCommits(db);
  const protocol = new ProtocolService(new ProtocolStore(db), () => new Date(), ephemeralSigner());
  protocol.bootstrap(DELETES_NEED_REVIEW);
  commits.length = 0;
  return { db, protocol, commits };
}
