// The assistant's own cost. (1) Agent overhead per model step with 60 registered tools: a chat
// request (one tool round + final answer) against the scripted Ollama server, minus the same
// two /api/chat requests sent straight to that server with fetch. Target: <= 3 ms median.
// (2) The local intent path ("Füge zwei Liter Milch zur Einkaufsliste hinzu.") end to end
// through the assistant, against the direct registry call it makes. Target: <= 1 ms median.
// (3) The same sentence with the Jarvis protocol audit trail on a database file, against the
// same sentence without it, interleaved. Target: <= 1 ms added.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { bundleAndImport, median, percentile, report } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);

export async function run() {
  const mod = await bundleAndImport('agent', 'bench/fixtures/agent-bench-entry.ts');
  const results = [];
  // (1) model steps
  const bench = await mod.createBench({ localIntents: false });
  for (let i = 0; i < 20; i++) await bench.chat('Was steht auf der Einkaufsliste?');
  const [bodyA, bodyB] = bench.lastChatBodies();
  const agent = [];
  const raw = [];
  for (let i = 0; i < RUNS; i++) {
    bench.clearHome();
    // Interleaved, so machine noise hits both sides alike.
    let t = performance.now();
    await bench.rawStep(bodyA);
    await bench.rawStep(bodyB);
    raw.push((performance.now() - t) / 2);
    t = performance.now();
    await bench.chat('Was steht auf der Einkaufsliste?');
    agent.push((performance.now() - t) / 2);
  }
  const a = median(agent);
  const r = median(raw);
  const overhead = a - r;
  report(`agent step with ${bench.toolCount} tools vs the same request sent raw (median of ${RUNS})`, [
    ['agent, per model step', `${a.toFixed(3)} ms (p95 ${percentile(agent, 95).toFixed(3)})`],
    ['raw fetch to scripted Ollama, per step', `${r.toFixed(3)} ms`],
    ['agent overhead per step (target <= 3 ms)', `${overhead.toFixed(3)} ms`],
  ]);
  results.push({ name: 'agent-step-overhead-vs-3ms', ratio: Math.max(0, overhead) / 3, target: 1 });
  await bench.close();

  // (2) local intents
  const local = await mod.createBench({ localIntents: true });
  const sentence = 'Füge zwei Liter Milch zur Einkaufsliste hinzu.';
  for (let i = 0; i < 200; i++) await local.chat(sentence);
  const viaIntent = [];
  const direct = [];
  for (let i = 0; i < RUNS * 3; i++) {
    if (i % 100 === 0) local.clearHome();
    let t = performance.now();
    await local.directToolCall({ name: 'Milch', quantity: 2, unit: 'l' });
    direct.push(performance.now() - t);
    t = performance.now();
    const res = await local.chat(sentence);
    viaIntent.push(performance.now() - t);
    if (res.source !== 'local-intent') throw new Error(`expected a local intent, got ${res.source}`);
  }
  const li = median(viaIntent);
  const d = median(direct);
  report(`local intent path, in-memory household (median of ${RUNS * 3})`, [
    ['assistant.chat via local intent', `${li.toFixed(3)} ms (p95 ${percentile(viaIntent, 95).toFixed(3)})`],
    ['direct registry call (baseline)', `${d.toFixed(3)} ms`],
    ['ratio to the 1 ms target', `${li.toFixed(3)}`],
  ]);
  results.push({ name: 'local-intent-path-vs-1ms', ratio: li / 1, target: 1 });

  // (3) the same with the Jarvis protocol audit trail (session, decision, contribution,
  // outcome, seal: hashed and chained in SQLite, two commits) on a database file as the
  // master runs it, interleaved with the sentence without it.
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-agent-bench-'));
  const audited = await mod.createBench({ localIntents: true, audit: join(dir, 'protocol.db') });
  const disk = new Database(join(dir, 'commit.db'));
  disk.pragma('journal_mode = WAL');
  disk.pragma('synchronous = FULL');
  disk.exec('CREATE TABLE t (v INTEGER)');
  const insert = disk.prepare('INSERT INTO t (v) VALUES (?)');
  try {
    for (let i = 0; i < 100; i++) await audited.chat(sentence);
    const without = [];
    const withAudit = [];
    const commits = [];
    for (let i = 0; i < RUNS; i++) {
      if (i % 100 === 0) {
        local.clearHome();
        audited.clearHome();
      }
      let t = performance.now();
      await local.chat(sentence);
      without.push(performance.now() - t);
      t = performance.now();
      await audited.chat(sentence);
      withAudit.push(performance.now() - t);
      t = performance.now();
      insert.run(i);
      commits.push(performance.now() - t);
    }
    const wa = median(withAudit);
    const wo = median(without);
    const added = median(withAudit.map((v, i) => v - without[i]));
    report(`local intent path with the protocol audit trail on a file (median of ${RUNS}, interleaved)`, [
      ['assistant.chat via local intent + audit', `${wa.toFixed(3)} ms (p95 ${percentile(withAudit, 95).toFixed(3)})`],
      ['the same without the audit (baseline)', `${wo.toFixed(3)} ms`],
      ['added by the audit (target <= 1 ms)', `${(wa - wo).toFixed(3)} ms`],
      ['median of paired differences', `${added.toFixed(3)} ms`],
      ['one durable SQLite commit on this disk', `${median(commits).toFixed(3)} ms (the request writes one, and one that does not wait)`],
    ]);
    results.push({ name: 'local-intent-audit-added-vs-1ms', ratio: Math.max(0, wa - wo) / 1, target: 1 });
  } finally {
    await audited.close();
    await local.close();
    disk.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
