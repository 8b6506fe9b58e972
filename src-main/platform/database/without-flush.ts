import type Database from 'better-sqlite3';

/**
 * Runs `write` with synchronous=NORMAL (in WAL mode: committed, not yet flushed), then sets
 * the connection's own level again: for writes that may be lost whole in a power cut and
 * made again at the next start.
 */
export function withoutFlush<T>(db: Database.Database, write: () => T): T {
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  if (synchronous > 1) db.pragma('synchronous = NORMAL');
  try {
    return write();
  } finally {
    if (synchronous > 1) db.pragma(`synchronous = ${synchronous}`);
  }
}
