// Evidence layer: events appended per second with hashing, validation and the chain
// checks, against plain inserts of the same rows; and the time to verify 100k events.
import { bundleAndImport, median, report } from './lib.mjs';

const APPENDS = Number(process.env.BENCH_PROTOCOL_APPENDS ?? 5000);
const VERIFY_EVENTS = Number(process.env.BENCH_PROTOCOL_VERIFY ?? 100_000);

export async function run() {
  const { ProtocolService, HOST_IDS, DEFAULT_POLICY_RULES, ephemeralSigner, ProtocolStore, openDatabase, verifyChain, eventHash } =
    await bundleAndImport('protocol', {
      contents: [
        "export { ProtocolService, HOST_IDS, DEFAULT_POLICY_RULES, ephemeralSigner } from './src-main/protocol/index.ts';",
        "export { ProtocolStore } from './src-main/protocol/store/index.ts';",
        "export { openDatabase } from './src-main/platform/database/index.ts';",
        "export { verifyChain, eventHash } from './src-main/protocol/chain.ts';",
      ].join('\n'),
    });

  const clock = () => new Date();
  const db = openDatabase(':memory:');
  const svc = new ProtocolService(new ProtocolStore(db), clock, ephemeralSigner());
  svc.bootstrap(DEFAULT_POLICY_RULES);
  svc.createSession(
    { actorId: HOST_IDS.assistant, idempotencyKey: 'bench-session', timestamp: clock().toISOString() },
    { work_session_id: 'ws_bench', policy_id: HOST_IDS.householdPolicy, goal: 'bench' },
  );

  const protocolTimes = [];
  let revision = 1;
  let last = svc.get('WorkSession', 'ws_bench').last_event_hash;
  const started = performance.now();
  for (let i = 0; i < APPENDS; i++) {
    const t0 = performance.now();
    const answer = svc.recordDecision(
      {
        actorId: HOST_IDS.assistant,
        idempotencyKey: `bench-key-${i}`,
        timestamp: clock().toISOString(),
        expectedRevision: revision,
        previousEventHash: last,
      },
      'ws_bench',
      { decision_id: `dec_${i}`, tool: 'calendar_list', arguments: { i } },
    );
    protocolTimes.push(performance.now() - t0);
    revision = answer.body.session.revision;
    last = answer.body.session.last_event_hash;
  }
  const protocolSeconds = (performance.now() - started) / 1000;

  // Baseline: the same rows (record + event + idempotency entry) as plain inserts, one transaction each.
  const raw = openDatabase(':memory:');
  raw.exec(`CREATE TABLE r (t TEXT, id TEXT, s TEXT, body TEXT, at TEXT, PRIMARY KEY (t, id));
            CREATE TABLE e (id TEXT PRIMARY KEY, s TEXT, rev INTEGER, hash TEXT, prev TEXT, body TEXT);
            CREATE TABLE k (a TEXT, k TEXT, h TEXT, st INTEGER, resp TEXT, at TEXT, PRIMARY KEY (a, k))`);
  const insR = raw.prepare('INSERT INTO r VALUES (?, ?, ?, ?, ?)');
  const insE = raw.prepare('INSERT INTO e VALUES (?, ?, ?, ?, ?, ?)');
  const insK = raw.prepare('INSERT INTO k VALUES (?, ?, ?, ?, ?, ?)');
  const rawTimes = [];
  const rawStart = performance.now();
  for (let i = 0; i < APPENDS; i++) {
    const t0 = performance.now();
    raw.transaction(() => {
      const at = new Date().toISOString();
      const body = JSON.stringify({ decision_id: `dec_${i}`, tool: 'calendar_list', arguments_sha256: 'x'.repeat(64), at });
      insR.run('PolicyDecision', `dec_${i}`, 'ws', body, at);
      insE.run(`evt_${i}`, 'ws', i + 2, 'h'.repeat(64), 'p'.repeat(64), body);
      insK.run('a', `k${i}`, 'h', 201, body, at);
    })();
    rawTimes.push(performance.now() - t0);
  }
  const rawSeconds = (performance.now() - rawStart) / 1000;

  // Verify: a generated chain of VERIFY_EVENTS events in 100 sessions.
  const events = [];
  for (let s = 0; s < 100; s++) {
    let prev = '0'.repeat(64);
    for (let r = 1; r <= VERIFY_EVENTS / 100; r++) {
      const base = {
        event_id: `e${s}_${r}`,
        work_session_id: `ws_${String(s).padStart(3, '0')}`,
        revision: r,
        type: 't',
        actor_id: 'a',
        record_type: 'PolicyDecision',
        record_id: `d${r}`,
        payload: { r },
        previous_event_hash: prev,
        created_at: '2026-11-30T00:00:00.000Z',
      };
      const ev = { ...base, hash: eventHash(base) };
      events.push(ev);
      prev = ev.hash;
    }
  }
  const verifyRuns = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = verifyChain(events);
    verifyRuns.push(performance.now() - t0);
    if (!r.ok) throw new Error('generated chain did not verify');
  }

  const ratio = median(protocolTimes) / median(rawTimes);
  report(`protocol events (${APPENDS} appends)`, [
    ['appends/s with hashing + validation', `${(APPENDS / protocolSeconds).toFixed(0)}`],
    ['plain inserts of the same rows/s (baseline)', `${(APPENDS / rawSeconds).toFixed(0)}`],
    ['median per append: protocol vs plain', `${median(protocolTimes).toFixed(3)} ms vs ${median(rawTimes).toFixed(3)} ms`],
    ['ratio (report only)', `${ratio.toFixed(2)}x`],
    [`verify ${VERIFY_EVENTS} events (median of 3)`, `${median(verifyRuns).toFixed(0)} ms`],
  ]);
  return { name: 'protocol-append', ratio };
}
