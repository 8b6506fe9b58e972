// rag_search (through the registry: schema check, service, excerpts, trace) over 10k chunks
// against a raw FTS5 query with the same MATCH expression on the same table.
// Target: ratio <= 2 and median <= 10 ms. Also prints the hybrid path (exact
// cosine over 10k x 768 stored vectors, fused by RRF) for information.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, percentile, report } from './lib.mjs';
import { loadRag } from './lib-rag.mjs';

const CHUNKS = 10_000;
const DIMS = 768;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32;
}

export async function run() {
  const rag = await loadRag();
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-rag-'));
  const random = rng(42);
  const vocab = Array.from({ length: 5000 }, (_, i) => `wort${i.toString(36)}${'aeiou'[i % 5]}`);
  // Zipf-like word choice: a few common words, a long tail, like real prose.
  const word = () => vocab[Math.floor(vocab.length * random() ** 2.5)];
  const text = (n) => Array.from({ length: n }, word).join(' ');
  try {
    const db = rag.openDatabase(join(dir, 'bench.db'));
    const repo = new rag.RagRepository(db);
    const now = new Date().toISOString();
    for (let d = 0; d < CHUNKS / 100; d++) {
      const id = `doc_${d}`;
      repo.insertDocument({
        id,
        name: `dokument-${d}.md`,
        format: 'markdown',
        size: 1,
        hash: `h${d}`,
        status: 'ready',
        stored_file: '/dev/null',
        source_path: null,
        added_at: now,
        updated_at: now,
      });
      const ids = repo.replaceChunks(
        id,
        Array.from({ length: 100 }, (_, i) => ({ text: text(90), location: { heading: `Kapitel ${i}`, line: i * 10 + 1 } })),
      );
      repo.setEmbeddings(
        'bench-embed',
        ids.map((chunkId) => ({ chunkId, vector: rag.normalize(Array.from({ length: DIMS }, () => random() - 0.5)) })),
      );
    }
    const queryVector = rag.normalize(Array.from({ length: DIMS }, () => random() - 0.5));
    const embedder = {
      availability: async () => ({ model: 'bench-embed' }),
      lastKnown: () => ({ model: 'bench-embed' }),
      embed: async (_m, texts) => texts.map(() => queryVector),
    };
    const common = {
      repo,
      filesDir: join(dir, 'files'),
      maxFileBytes: 1 << 20,
      clock: () => new Date(),
      log: rag.silentLogger,
      language: 'de',
    };
    const keywordService = new rag.RagService(common);
    const hybridService = new rag.RagService({ ...common, embedder });
    const tracer = new rag.Tracer({ enabled: true, limit: 5000 });
    const registry = new rag.SkillRegistry();
    registry.addProvider(rag.ragToolProvider(keywordService, tracer, 'de'));
    const ctx = { traceId: 'bench', now: new Date(), timezone: 'Europe/Berlin', actor: 'assistant' };

    // The baseline returns what any search must: the matching chunks' text, ranked.
    const raw = db.prepare(
      'SELECT rowid, text, bm25(rag_chunks_fts) AS r FROM rag_chunks_fts WHERE rag_chunks_fts MATCH ? ORDER BY r LIMIT 5',
    );
    const queries = Array.from({ length: 50 }, (_, i) => `${vocab[50 + i * 7]} ${vocab[400 + i * 13]}`);
    const match = (q) =>
      q
        .split(' ')
        .map((t) => `"${t}"*`)
        .join(' OR ');

    const tRaw = [];
    const tTool = [];
    const tHybrid = [];
    let found = 0;
    // Keyword tool and raw FTS5 interleaved (drift hits both alike); the hybrid path runs
    // in its own loop so its garbage does not land in the other two.
    for (let i = 0; i < RUNS + 20; i++) {
      const q = queries[i % queries.length];
      let t0 = performance.now();
      raw.all(match(q));
      const a = performance.now() - t0;
      t0 = performance.now();
      const res = await registry.call('rag_search', { query: q, top_k: 5 }, ctx);
      const b = performance.now() - t0;
      if (i < 20) continue; // warm-up
      if (res.data.results.length) found++;
      tRaw.push(a);
      tTool.push(b);
    }
    for (let i = 0; i < Math.min(RUNS, 60) + 5; i++) {
      const t0 = performance.now();
      await hybridService.query(queries[i % queries.length], { topK: 5 });
      if (i >= 5) tHybrid.push(performance.now() - t0);
    }
    db.close();
    const m = median(tTool);
    const r = median(tRaw);
    report(`rag_search over ${CHUNKS} chunks (median of ${RUNS}, ${found} queries with hits)`, [
      ['rag_search tool, keyword mode', `${m.toFixed(3)} ms (p95 ${percentile(tTool, 95).toFixed(3)} ms)`],
      ['raw FTS5 MATCH, text + bm25, LIMIT 5 (baseline)', `${r.toFixed(3)} ms`],
      ['ratio (target <= 2.0, median <= 10 ms)', `${(m / r).toFixed(2)}x`],
      [
        `hybrid: FTS5 + exact cosine ${CHUNKS}x${DIMS} + RRF`,
        `${median(tHybrid).toFixed(3)} ms (p95 ${percentile(tHybrid, 95).toFixed(3)} ms)`,
      ],
    ]);
    return [{ name: 'rag-search (keyword) vs raw FTS5', ratio: m / r, target: m <= 10 ? 2 : 0 }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
