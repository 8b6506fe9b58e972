import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, type JarvisEvent } from '../../src-shared';
import { verifyFile } from '../cli/commands/protocol';
import { runCli } from '../cli/program';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { openDatabase } from '../platform/database';
import { HOST_IDS, ProtocolService } from './service';
import { ProtocolStore } from './store';
import { ephemeralSigner, signingKeyPath } from './signing-key';

// EXPORT DEBUG from a real master after a few assistant turns, tampered the ways someone
// would, and checked by the CLI's verify.

type Records = Record<string, Record<string, unknown>[]>;
interface DebugExport {
  trace: { stage: string }[];
  protocol: { records: Records; events: JarvisEvent[]; manifest: Record<string, unknown> & { chain_heads: Record<string, unknown> } };
}

let ollama: ScriptedOllama;
let tm: TestMaster;
let exported: string;

function readHeaders(actor: string): Record<string, string> {
  return { 'jarvis-protocol-version': PROTOCOL_VERSION, 'jarvis-actor-id': actor };
}

/** Runs the CLI with its output captured. */
async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  const before = process.env.JARVIS_DATA;
  process.env.JARVIS_DATA = tm.config.dataFile;
  try {
    return { code: await runCli(args), out: chunks.join('') };
  } finally {
    spy.mockRestore();
    if (before === undefined) delete process.env.JARVIS_DATA;
    else process.env.JARVIS_DATA = before;
  }
}

function tampered(edit: (doc: DebugExport) => void): string {
  const doc = JSON.parse(exported) as DebugExport;
  edit(doc);
  const file = join(tm.dataDir, `tampered-${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

function sessionsOf(doc: DebugExport): string[] {
  return [...new Set(doc.protocol.events.map((e) => e.work_session_id))];
}

beforeAll(async () => {
  ollama = await startScriptedOllama();
  tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'true' });
  // A local intent, a model tool call, and a delete the household confirms.
  expect((await tm.request('/api/agent/chat', { json: { message: 'Füge zwei Liter Milch zur Einkaufsliste hinzu.' } })).json.source).toBe(
    'local-intent',
  );
  ollama.reply(
    {
      tool_calls: [
        { name: 'calendar_create', arguments: { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } } },
      ],
    },
    { content: 'Eingetragen.' },
  );
  await tm.request('/api/agent/chat', { json: { message: 'Ich sollte morgen um halb vier zum Zahnarzt, trag das bitte ein' } });
  const eventId = (await tm.request('/api/state')).json.events[0].id;
  ollama.reply({ tool_calls: [{ name: 'calendar_delete', arguments: { id: eventId } }] });
  expect((await tm.request('/api/agent/chat', { json: { message: 'Lösch den Zahnarzttermin' } })).json.pending.tool).toBe(
    'calendar_delete',
  );
  await tm.request('/api/agent/chat', { json: { message: 'ja' } });
  const res = await tm.request('/api/debug/export');
  expect(res.status).toBe(200);
  exported = res.text;
});
afterAll(async () => {
  await tm?.close();
  await ollama?.close();
});

describe('EXPORT DEBUG proves what happened', () => {
  it('the untouched export verifies, signed by the key `jarvis protocol key` prints', async () => {
    const file = join(tm.dataDir, 'export.json');
    writeFileSync(file, exported);
    const report = verifyFile(file);
    expect(report).toMatchObject({ ok: true, problems: [], legacy_sessions: [] });
    expect(report.sessions).toBeGreaterThanOrEqual(3);
    const key = await cli(['protocol', 'key']);
    expect(key.code).toBe(0);
    expect(key.out.split('\n')[0]).toBe(report.signed_by);
    const verified = await cli(['protocol', 'verify', file]);
    expect(verified.code).toBe(0);
    expect(verified.out).toContain(`signed by this machine's key ${report.signed_by}`);
    expect((await cli(['protocol', 'verify', file, '--key', report.signed_by!])).code).toBe(0);
    expect((await cli(['protocol', 'verify', file, '--key', 'SHA256:someone-else'])).code).toBe(1);
  });

  it('the private key stays in the data folder: never in the export', () => {
    const pem = readFileSync(signingKeyPath(tm.config.dataFile), 'utf8');
    const body = pem
      .split('\n')
      .filter((l) => l && !l.startsWith('-----'))
      .join('');
    expect(exported).not.toContain(body);
    expect(exported).not.toContain('PRIVATE KEY');
  });

  it('an edited record snapshot is refused, naming the session', async () => {
    let session = '';
    const file = tampered((doc) => {
      const decision = doc.protocol.records.PolicyDecision!.find((d) => d.outcome === 'require_review')!;
      decision.outcome = 'allow';
      session = String(decision.work_session_id);
    });
    const { code, out } = await cli(['protocol', 'verify', file]);
    expect(code).toBe(1);
    expect(out).toContain(`the records of session ${session} do not match its events: PolicyDecision`);
    expect(out).toContain('outcome is "allow" in the records but "require_review" in the events');
  });

  it('the last event of a session dropped is refused', async () => {
    let session = '';
    const file = tampered((doc) => {
      session = sessionsOf(doc)[0]!;
      const last = doc.protocol.events.filter((e) => e.work_session_id === session).at(-1)!;
      doc.protocol.events = doc.protocol.events.filter((e) => e !== last);
    });
    const { code, out } = await cli(['protocol', 'verify', file]);
    expect(code).toBe(1);
    expect(out).toContain(`session ${session} does not end where the manifest says`);
  });

  it('a whole session dropped, events and records, is refused', async () => {
    let session = '';
    const file = tampered((doc) => {
      session = sessionsOf(doc).at(-1)!;
      doc.protocol.events = doc.protocol.events.filter((e) => e.work_session_id !== session);
      for (const [type, list] of Object.entries(doc.protocol.records))
        doc.protocol.records[type] = list.filter((r) => r.work_session_id !== session);
    });
    const { code, out } = await cli(['protocol', 'verify', file]);
    expect(code).toBe(1);
    expect(out).toContain(`session ${session} is sealed in the manifest with`);
  });

  it('an edited trace is refused', async () => {
    const file = tampered((doc) => {
      doc.trace = doc.trace.filter((e) => e.stage !== 'tool_call');
    });
    const { code, out } = await cli(['protocol', 'verify', file]);
    expect(code).toBe(1);
    expect(out).toContain('the export was changed after it was sealed: its digest does not match the manifest (changed: trace)');
  });

  it('an edited manifest is refused', async () => {
    const file = tampered((doc) => {
      const [first] = Object.keys(doc.protocol.manifest.chain_heads);
      delete doc.protocol.manifest.chain_heads[first!];
    });
    const { code, out } = await cli(['protocol', 'verify', file]);
    expect(code).toBe(1);
    expect(out).toContain('the manifest was changed after it was sealed');
  });

  it('reordered events are refused', async () => {
    const file = tampered((doc) => {
      const session = sessionsOf(doc)[0]!;
      const i = doc.protocol.events.findIndex((e) => e.work_session_id === session && e.revision === 2);
      const events = doc.protocol.events;
      [events[i], events[i + 1]] = [events[i + 1]!, events[i]!];
    });
    const { code, out } = await cli(['protocol', 'verify', file]);
    expect(code).toBe(1);
    expect(out).toContain('expected revision 2, found 3');
  });

  it('the live database verifies too, chains and records', async () => {
    const { code, out } = await cli(['protocol', 'verify', tm.config.dataFile]);
    expect(out).toContain('the records match their events');
    expect(code).toBe(0);
  });

  /** A copy of the live database, changed by `edit`. */
  function databaseCopy(edit: (db: ReturnType<typeof openDatabase>) => void): string {
    const file = join(mkdtempSync(join(tmpdir(), 'jarvis-chain-')), 'copy.db');
    const live = openDatabase(tm.config.dataFile);
    live.prepare('VACUUM INTO ?').run(file);
    live.close();
    const db = openDatabase(file);
    edit(db);
    db.close();
    return file;
  }

  it('a whole WorkSession deleted from the database, events and records, is caught by the chain of sessions', async () => {
    const file = databaseCopy((db) => {
      const { id } = db.prepare('SELECT work_session_id AS id FROM protocol_events ORDER BY rowid LIMIT 1').get() as { id: string };
      db.prepare('DELETE FROM protocol_events WHERE work_session_id = ?').run(id);
      db.prepare('DELETE FROM protocol_records WHERE work_session_id = ? OR record_id = ?').run(id, id);
    });
    const { code, out } = await cli(['protocol', 'verify', file]);
    expect(out).toMatch(/is in the chain of sessions but has no events: it was deleted/);
    expect(code).toBe(1);
    // Deleting its link as well breaks the chain.
    const both = databaseCopy((db) => {
      const { id } = db.prepare('SELECT work_session_id AS id FROM protocol_session_chain ORDER BY seq LIMIT 1').get() as { id: string };
      db.prepare('DELETE FROM protocol_events WHERE work_session_id = ?').run(id);
      db.prepare('DELETE FROM protocol_records WHERE work_session_id = ? OR record_id = ?').run(id, id);
      db.prepare('DELETE FROM protocol_session_chain WHERE work_session_id = ?').run(id);
    });
    const second = await cli(['protocol', 'verify', both]);
    expect(second.out).toMatch(/the chain of sessions is broken at link 1/);
    expect(second.code).toBe(1);
  });

  it('the newest WorkSession deleted with its link is caught by the sealed end of the chain', async () => {
    const file = databaseCopy((db) => {
      const { id } = db.prepare('SELECT work_session_id AS id FROM protocol_session_chain ORDER BY seq DESC LIMIT 1').get() as {
        id: string;
      };
      db.prepare('DELETE FROM protocol_events WHERE work_session_id = ?').run(id);
      db.prepare('DELETE FROM protocol_records WHERE work_session_id = ? OR record_id = ?').run(id, id);
      db.prepare('DELETE FROM protocol_session_chain WHERE work_session_id = ?').run(id);
    });
    const { code, out } = await cli(['protocol', 'verify', file]);
    expect(out).toMatch(/but its sealed end names session \d+: the newest sessions were deleted/);
    expect(code).toBe(1);
    // Removing the sealed end as well shows too; rewriting it needs the machine's key.
    const unsealed = databaseCopy((db) => {
      const { id } = db.prepare('SELECT work_session_id AS id FROM protocol_session_chain ORDER BY seq DESC LIMIT 1').get() as {
        id: string;
      };
      db.prepare('DELETE FROM protocol_events WHERE work_session_id = ?').run(id);
      db.prepare('DELETE FROM protocol_records WHERE work_session_id = ? OR record_id = ?').run(id, id);
      db.prepare('DELETE FROM protocol_session_chain WHERE work_session_id = ?').run(id);
      db.prepare('DELETE FROM protocol_chain_end').run();
    });
    const second = await cli(['protocol', 'verify', unsealed]);
    expect(second.out).toMatch(/the sealed end of the chain of sessions was removed/);
    expect(second.code).toBe(1);
    const forged = databaseCopy((db) => {
      db.prepare('UPDATE protocol_chain_end SET seq = seq - 1').run();
    });
    expect((await cli(['protocol', 'verify', forged])).out).toMatch(/its signature does not match/);
  });

  it('a database from before the chain of sessions verifies, and once migrated it has the chain', async () => {
    const old = databaseCopy((db) => {
      db.exec('DROP TABLE protocol_session_chain');
      db.exec('DROP TABLE protocol_chain_end');
      db.exec('DROP INDEX protocol_idempotency_age');
      db.prepare("UPDATE schema_migrations SET version = 1 WHERE component = 'protocol'").run();
    });
    expect((await cli(['protocol', 'verify', old])).code).toBe(0);
    const migrated = openDatabase(old);
    new ProtocolService(new ProtocolStore(migrated), () => new Date(), ephemeralSigner());
    const links = (migrated.prepare('SELECT count(*) AS n FROM protocol_session_chain').get() as { n: number }).n;
    migrated.close();
    expect(links).toBeGreaterThan(0);
    const after = await cli(['protocol', 'verify', old]);
    expect(after.out).toContain('the records match their events');
    expect(after.code).toBe(0);
  });
});

describe('protocol reads and learning over HTTP', () => {
  it('a read by an actor the protocol does not know is refused with UNKNOWN_ACTOR', async () => {
    const res = await tm.request('/api/protocol/sessions', { headers: readHeaders('act_stranger') });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('UNKNOWN_ACTOR');
    expect((await tm.request('/api/protocol/export', { headers: readHeaders('act_stranger') })).json.error.code).toBe('UNKNOWN_ACTOR');
    expect((await tm.request('/api/protocol/sessions', { headers: readHeaders(HOST_IDS.household) })).status).toBe(200);
  });

  it('the protocol export is sealed the same way and verifies', async () => {
    const res = await tm.request('/api/protocol/export', { headers: readHeaders(HOST_IDS.household) });
    expect(res.json.manifest).toMatchObject({
      sealed: true,
      scope: `protocol export for ${HOST_IDS.household}`,
      signature: expect.any(String),
    });
    const file = join(tm.dataDir, 'protocol-export.json');
    writeFileSync(file, res.text);
    expect(verifyFile(file)).toMatchObject({ ok: true });
  });

  it('a household member decides a LearningRecord; the assistant cannot', async () => {
    const mutation = (actor: string, session?: { revision: number; last_event_hash: string }): Record<string, string> => ({
      ...readHeaders(actor),
      'jarvis-idempotency-key': randomUUID(),
      'jarvis-request-timestamp': new Date().toISOString(),
      ...(session
        ? { 'jarvis-expected-worksession-revision': String(session.revision), 'jarvis-previous-event-hash': session.last_event_hash }
        : {}),
    });
    const current = async () =>
      (await tm.request('/api/protocol/sessions/ws_learn', { headers: readHeaders(HOST_IDS.household) })).json.session;
    await tm.request('/api/protocol/sessions', {
      json: { work_session_id: 'ws_learn', policy_id: HOST_IDS.householdPolicy, goal: 'Lernen' },
      headers: mutation(HOST_IDS.assistant),
    });
    const learned = await tm.request('/api/protocol/sessions/ws_learn/learning', {
      json: { learning_id: 'lrn_1', summary: 'Milch wird wöchentlich gekauft' },
      headers: mutation(HOST_IDS.assistant, await current()),
    });
    expect(learned.status).toBe(201);
    const byAssistant = await tm.request('/api/protocol/sessions/ws_learn/learning/lrn_1/decision', {
      json: { decision: 'accept' },
      headers: mutation(HOST_IDS.assistant, await current()),
    });
    expect(byAssistant.json.error.code).toBe('ACTOR_NOT_AUTHORIZED');
    const accepted = await tm.request('/api/protocol/sessions/ws_learn/learning/lrn_1/decision', {
      json: { decision: 'accept' },
      headers: mutation(HOST_IDS.household, await current()),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.learning).toMatchObject({ status: 'accepted', decided_by: HOST_IDS.household });
    const list = await tm.request('/api/protocol/learning', { headers: readHeaders(HOST_IDS.household) });
    expect(list.json.records).toEqual([expect.objectContaining({ learning_id: 'lrn_1', status: 'accepted' })]);
  });
});
