import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../platform/database';
import { HOST_IDS, ProtocolService } from '../service';
import { inProcess } from '../headers';
import { DEFAULT_POLICY_RULES } from '../capability';
import { ephemeralSigner } from '../signing-key';
import { ProtocolStore } from './protocol-store';

const signer = ephemeralSigner();

function record(svc: ProtocolService, id: string): void {
  const ctx = inProcess(HOST_IDS.assistant);
  svc.createSession(ctx, { work_session_id: id, policy_id: HOST_IDS.householdPolicy, goal: 'Milch kaufen' });
  svc.recordDecision(ctx, id, { decision_id: `dec_${id}`, tool: 'groceries_add', arguments: { name: 'Milch' } });
  svc.contribute(ctx, id, { contribution_id: `con_${id}`, decision_id: `dec_${id}`, kind: 'tool_result', summary: 'Milch steht drauf' });
  svc.setSessionStatus(ctx, id, { status: 'completed' });
  svc.sealSession(inProcess(HOST_IDS.system), id);
}

/** The events table as protocol schema 4 made it: keyed by the event id, unique by session and revision. */
function backToSchema4(db: Db): void {
  db.exec(`
    CREATE TABLE protocol_events_v4 (
      event_id TEXT PRIMARY KEY,
      work_session_id TEXT NOT NULL,
      revision INTEGER NOT NULL,
      hash TEXT NOT NULL,
      previous_event_hash TEXT NOT NULL,
      body TEXT NOT NULL,
      UNIQUE (work_session_id, revision)
    );
    INSERT INTO protocol_events_v4 SELECT event_id, work_session_id, revision, hash, previous_event_hash, body FROM protocol_events;
    DROP TABLE protocol_events;
    ALTER TABLE protocol_events_v4 RENAME TO protocol_events;
    UPDATE schema_migrations SET version = 4 WHERE component = 'protocol';
  `);
}

const rows = (db: Db) => db.prepare('SELECT * FROM protocol_events ORDER BY work_session_id, revision').all();
const eventIndexes = (db: Db) =>
  (db.prepare("SELECT name FROM pragma_index_list('protocol_events')").all() as { name: string }[]).map((r) => r.name);

describe('protocol schema 5: events without their id index', () => {
  it('migrates a database of schema 4 with every event unchanged, and it verifies and goes on', () => {
    const db = openDatabase(':memory:');
    const old = new ProtocolService(new ProtocolStore(db), () => new Date(), signer);
    old.bootstrap(DEFAULT_POLICY_RULES);
    record(old, 'ws_a');
    record(old, 'ws_b');
    backToSchema4(db);
    const before = rows(db);
    expect(eventIndexes(db)).toHaveLength(2);

    const svc = new ProtocolService(new ProtocolStore(db), () => new Date(), signer);
    expect(rows(db)).toEqual(before);
    expect(eventIndexes(db)).toHaveLength(1);
    expect(svc.verify()).toMatchObject({ ok: true, events_checked: 10, sessions: 2, problems: [] });

    record(svc, 'ws_c');
    expect(svc.verify()).toMatchObject({ ok: true, events_checked: 15, sessions: 3, problems: [] });
    // A session's revision is still written once.
    expect(() =>
      db.prepare('INSERT INTO protocol_events SELECT * FROM protocol_events WHERE work_session_id = ? AND revision = 1').run('ws_c'),
    ).toThrow(/UNIQUE/);
  });
});
