import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/database';
import { silentLogger } from '../platform/trace';
import { KeyFileSealer } from '../settings';
import { AccountSync } from './account-sync';
import type { CaldavService } from './service';
import { AccountRepository, ObjectRepository } from './store';

// A connected account's password is kept sealed with the settings' secret key, never in
// clear in the database; a database from before that is sealed at the start.

const PASSWORD = 'radicale-app-passwort-42';

function boot(db = openDatabase(':memory:'), sealer = new KeyFileSealer(join(mkdtempSync(join(tmpdir(), 'jarvis-key-')), 'secrets.key'))) {
  new ObjectRepository(db);
  const redacted: string[] = [];
  const caldav = { allCollections: () => [] } as unknown as CaldavService;
  const sync = new AccountSync(
    new AccountRepository(db),
    sealer,
    caldav,
    () => async () => ({ success: true, message: '', mutated: false }),
    () => new Date('2027-01-01T00:00:00Z'),
    (s) => redacted.push(s),
    silentLogger,
  );
  return { db, sync, redacted, sealer };
}

describe('CalDAV account passwords', () => {
  it('a clear password an earlier version stored is sealed at the start, opened only in memory and handed to the redactor', () => {
    const { db } = boot();
    db.prepare(
      `INSERT INTO caldav_accounts (id, member_id, server_url, username, password, calendar_url, calendar_name, created_ms)
       VALUES ('acct_0000000000000001', NULL, 'https://dav.example/', 'anna', ?, 'https://dav.example/cal/', 'Kalender', 0)`,
    ).run(PASSWORD);
    const again = boot(db);
    const row = db.prepare('SELECT password, password_sealed FROM caldav_accounts').get() as { password: string; password_sealed: string };
    expect(row.password).toBe('');
    expect(row.password_sealed).toMatch(/^v1:/);
    expect(row.password_sealed).not.toContain(PASSWORD);
    expect(again.sealer.open(row.password_sealed)).toBe(PASSWORD);
    expect(again.redacted).toContain(PASSWORD);
    const [view] = again.sync.list(undefined);
    expect(JSON.stringify(view)).not.toContain(PASSWORD);
    expect(view!.error).toBeNull();
  });

  it('a password sealed with another computer’s key asks, in plain words, to connect again', () => {
    const { db, sealer } = boot();
    db.prepare(
      `INSERT INTO caldav_accounts (id, member_id, server_url, username, password, password_sealed, calendar_url, calendar_name, created_ms)
       VALUES ('acct_0000000000000002', NULL, 'https://dav.example/', 'anna', '', ?, 'https://dav.example/cal/', 'Kalender', 0)`,
    ).run(sealer.seal(PASSWORD));
    const elsewhere = boot(db);
    expect(elsewhere.sync.list(undefined)[0]!.error).toMatch(/neu verbinden/);
  });
});
