// Ingest throughput (MB/s) on a generated corpus of Markdown, text, CSV, HTML and JSON
// files: hashing, extraction, structure-aware chunking and FTS5 indexing, one document at a
// time as the product's queue does (keywords only: no Ollama here, embeddings would add the
// model's time). Baseline in the same run: the same files read, hashed and inserted whole
// into a bare FTS5 table.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, report } from './lib.mjs';
import { loadRag } from './lib-rag.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FILES_PER_FORMAT = 8;

function corpus(dir) {
  let s = 7;
  const random = () => (s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32;
  const words =
    'Miete Vertrag Kündigung Heizung Zähler Versicherung Schule Termin Arzt Rezept Garten Auto Reifen Steuer Rechnung Strom Wasser Müll Abfuhr Dienstag Familie Urlaub'.split(
      ' ',
    );
  const sentence = () =>
    `${Array.from({ length: 8 + Math.floor(random() * 12) }, () => words[Math.floor(random() * words.length)]).join(' ')}.`;
  const para = () => Array.from({ length: 4 }, sentence).join(' ');
  const files = [];
  const add = (name, text) => {
    writeFileSync(join(dir, name), text);
    files.push(join(dir, name));
  };
  for (let f = 0; f < FILES_PER_FORMAT; f++) {
    add(`notes-${f}.md`, Array.from({ length: 60 }, (_, i) => `## Abschnitt ${i}\n\n${para()}\n\n${para()}\n`).join('\n'));
    add(`letter-${f}.txt`, Array.from({ length: 150 }, para).join('\n\n'));
    add(
      `meter-${f}.csv`,
      `Datum;Zähler;Stand;Notiz\n${Array.from({ length: 3000 }, (_, i) => `2026-01-${(i % 28) + 1};Z${i % 7};${Math.floor(random() * 1e5)};${sentence()}`).join('\n')}\n`,
    );
    add(
      `page-${f}.html`,
      `<html><body>${Array.from({ length: 60 }, (_, i) => `<h2>Teil ${i}</h2><p>${para()}</p><p>${para()}</p>`).join('')}</body></html>`,
    );
    add(
      `data-${f}.json`,
      JSON.stringify({ items: Array.from({ length: 800 }, (_, i) => ({ id: i, title: sentence(), tags: ['a', 'b'] })) }),
    );
  }
  return files;
}

export async function run() {
  const rag = await loadRag();
  const root = mkdtempSync(join(tmpdir(), 'jarvis-bench-ingest-'));
  try {
    const src = join(root, 'corpus');
    mkdirSync(src);
    const files = corpus(src);
    const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
    const mb = bytes / 1024 / 1024;
    const ours = [];
    const base = [];
    let chunks = 0;
    for (let r = 0; r < RUNS; r++) {
      // Baseline: read, hash, one FTS5 row per file.
      {
        const db = rag.openDatabase(join(root, `base-${r}.db`));
        db.exec("CREATE VIRTUAL TABLE t USING fts5(text, tokenize='unicode61 remove_diacritics 2')");
        const ins = db.prepare('INSERT INTO t(text) VALUES (?)');
        const t0 = performance.now();
        for (const f of files) {
          const buf = readFileSync(f);
          createHash('sha256').update(buf).digest('hex');
          ins.run(buf.toString('utf8'));
        }
        base.push(performance.now() - t0);
        db.close();
      }
      {
        const dataDir = join(root, `ours-${r}`);
        const config = rag.loadConfig({
          JARVIS_DATA: join(dataDir, 'jarvis.db'),
          OLLAMA_URL: 'http://127.0.0.1:9',
          JARVIS_RAG_MAX_FILE_MB: '50',
        });
        const db = rag.openDatabase(config.dataFile);
        const service = rag.createRagService(db, config, { clock: () => new Date(), log: rag.silentLogger });
        const t0 = performance.now();
        for (const f of files) await service.ingestFile(f);
        await service.drain();
        ours.push(performance.now() - t0);
        const docs = service.list();
        const failed = docs.filter((d) => d.status !== 'ready');
        if (failed.length) throw new Error(`not ready: ${failed.map((d) => `${d.name} ${d.error}`).join(', ')}`);
        chunks = docs.reduce((n, d) => n + d.chunks, 0);
        await service.stop();
        db.close();
      }
    }
    const o = median(ours);
    const b = median(base);
    report(`ingest throughput, ${files.length} files, ${mb.toFixed(1)} MB, ${chunks} chunks (median of ${RUNS})`, [
      ['JARVIS ingest (hash, extract, chunk, FTS5)', `${(mb / (o / 1000)).toFixed(2)} MB/s (${o.toFixed(0)} ms)`],
      ['read + hash + whole-file FTS5 insert (baseline)', `${(mb / (b / 1000)).toFixed(2)} MB/s (${b.toFixed(0)} ms)`],
      ['ratio (time, ours / baseline)', `${(o / b).toFixed(2)}x`],
    ]);
    return { name: 'rag-ingest vs whole-file FTS5 insert', ratio: o / b };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
