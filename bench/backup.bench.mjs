// Backups of a household with 100k calendar events and 10k documents' chunks while the
// household keeps writing: how long each backup takes, and how much slower a write
// (POST /api/tools/tasks_create on the real master) is while one runs, against the same
// writes with no backup in the same run. Two kinds: the master's scheduled backup (SQLite's
// online backup on its own connection) and `jarvis backup` (VACUUM INTO from another process).
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleAndImport, median, percentile, report } from './lib.mjs';

const EVENTS = Number(process.env.BENCH_BACKUP_EVENTS ?? 100_000);
const CHUNKS = Number(process.env.BENCH_BACKUP_CHUNKS ?? 10_000);
const CHUNKS_PER_DOCUMENT = 20;

function seed(openDatabase, file) {
  const db = openDatabase(file);
  const now = Date.now();
  db.transaction(() => {
    const ev = db.prepare(
      'INSERT INTO household_events (id, title, start_ms, end_ms, duration_ms, all_day, created_ms, updated_ms) VALUES (?, ?, ?, ?, 3600000, 0, ?, ?)',
    );
    for (let i = 0; i < EVENTS; i++) {
      const start = now - 365 * 86_400_000 + i * 600_000;
      ev.run(`evt_bench_${i}`, `Termin ${i} beim Zahnarzt oder Sportverein`, start, start + 3_600_000, now, now);
    }
    const doc = db.prepare(
      "INSERT INTO rag_documents (id, name, format, size, hash, status, chunk_count, stored_file, added_at, updated_at) VALUES (?, ?, 'txt', 1000, ?, 'ready', ?, ?, ?, ?)",
    );
    const chunk = db.prepare("INSERT INTO rag_chunks (document_id, ord, text, location) VALUES (?, ?, ?, 'Seite 1')");
    const at = new Date(now).toISOString();
    for (let d = 0; d < CHUNKS / CHUNKS_PER_DOCUMENT; d++) {
      doc.run(`doc_${d}`, `Dokument ${d}.txt`, `hash${d}`, CHUNKS_PER_DOCUMENT, `doc_${d}.txt`, at, at);
      for (let c = 0; c < CHUNKS_PER_DOCUMENT; c++)
        chunk.run(
          `doc_${d}`,
          c,
          `Absatz ${c} aus Dokument ${d}: Mietvertrag, Nebenkosten, Kündigungsfrist drei Monate zum Monatsende. `.repeat(4),
        );
    }
  })();
  db.close();
}

async function writesWhile(url, busy) {
  const times = [];
  let i = 0;
  let done = false;
  const until = busy.finally(() => (done = true));
  do {
    const t = performance.now();
    const res = await fetch(`${url}/api/tools/tasks_create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ arguments: { title: `Bench ${i++}` } }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`write failed: ${res.status}`);
    times.push(performance.now() - t);
  } while (!done);
  await until;
  return times;
}

export async function run() {
  const mod = await bundleAndImport('backup', {
    contents: [
      "export { createMaster } from './src-main/master/index.ts';",
      "export { loadConfig } from './src-main/platform/config/index.ts';",
      "export { openDatabase } from './src-main/platform/database/index.ts';",
      "export { silentLogger } from './src-main/platform/trace/index.ts';",
      "export { createBackup, snapshotFile } from './src-main/backup/index.ts';",
    ].join('\n'),
  });
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-backup-'));
  const dataFile = join(dir, 'jarvis.db');
  const config = mod.loadConfig({
    JARVIS_ADDR: '127.0.0.1:0',
    JARVIS_DATA: dataFile,
    OLLAMA_URL: 'http://127.0.0.1:9',
    JARVIS_BACKUP_DIR: join(dir, 'backups'),
    TASK_SCOUT_INTERVAL: '0',
    KANBAN_AI_INTERVAL: '0',
    JARVIS_SKILLS_DIR: join(dir, 'skills'),
    JARVIS_SKILLS_USER_DIR: join(dir, 'user-skills'),
  });
  // Once to create the schema, then the household is filled in with plain inserts.
  const first = mod.createMaster(config, { logger: mod.silentLogger });
  await first.stop();
  seed(mod.openDatabase, dataFile);

  const master = mod.createMaster(config, { logger: mod.silentLogger });
  const { apiUrl } = await master.start();
  try {
    await master.capabilities.backup.runScheduled(); // the one due at start
    const baselineRuns = 300;
    const baseline = await writesWhile(
      apiUrl,
      (async () => {
        for (let i = 0; i < baselineRuns; i++) await new Promise((r) => setTimeout(r, 2));
      })(),
    );

    // Several in a row, for enough writes to read a p99 from.
    const ONLINE_RUNS = 5;
    let onlineSeconds = 0;
    const online = await writesWhile(
      apiUrl,
      (async () => {
        const t = performance.now();
        for (let i = 0; i < ONLINE_RUNS; i++) await master.capabilities.backup.runScheduled();
        onlineSeconds = (performance.now() - t) / 1000 / ONLINE_RUNS;
      })(),
    );

    // `jarvis backup` runs in a process of its own; a worker thread stands in for it here.
    const cliOut = join(dir, 'cli.jarvis-backup');
    let cliSeconds = 0;
    const cli = await writesWhile(
      apiUrl,
      (async () => {
        const t = performance.now();
        const worker = new Worker(
          `const { workerData, parentPort } = require('node:worker_threads');
         import(workerData.bundle).then((m) => m.createBackup(workerData.out, { appVersion: 'bench' }, (t) => m.snapshotFile(workerData.dataFile, t))).then(() => parentPort.postMessage('ok'), (e) => parentPort.postMessage(String(e)));`,
          { eval: true, workerData: { bundle: new URL('../.cache/bench/backup.mjs', import.meta.url).href, out: cliOut, dataFile } },
        );
        const msg = await new Promise((resolve) => worker.once('message', resolve));
        await worker.terminate();
        if (msg !== 'ok') throw new Error(`jarvis backup failed: ${msg}`);
        cliSeconds = (performance.now() - t) / 1000;
      })(),
    );

    const mb = statSync(cliOut).size / 1024 / 1024;
    const row = (name, times) => [
      name,
      `median ${median(times).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms (${times.length} writes)`,
    ];
    report(`backup of ${EVENTS} events and ${CHUNKS} chunks (${mb.toFixed(1)} MB) while writes continue`, [
      ['scheduled backup (online backup API), mean of 5', `${onlineSeconds.toFixed(2)} s`],
      ['jarvis backup (VACUUM INTO, own thread)', `${cliSeconds.toFixed(2)} s`],
      row('writes, no backup', baseline),
      row('writes during the scheduled backup', online),
      row('writes during jarvis backup', cli),
      [
        'added latency, scheduled (median / p99)',
        `${(median(online) - median(baseline)).toFixed(2)} ms / ${(percentile(online, 99) - percentile(baseline, 99)).toFixed(2)} ms`,
      ],
      [
        'added latency, jarvis backup (median / p99)',
        `${(median(cli) - median(baseline)).toFixed(2)} ms / ${(percentile(cli, 99) - percentile(baseline, 99)).toFixed(2)} ms`,
      ],
    ]);
    return [
      { name: 'backup-write-median-during-vs-without', ratio: median(online) / median(baseline) },
      { name: 'backup-write-p99-during-vs-without', ratio: percentile(online, 99) / percentile(baseline, 99) },
    ];
  } finally {
    await master.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
