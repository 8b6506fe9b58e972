// The tool budget's cost and effect over 500 registered tools. (1) Choosing the tools for one
// request by keywords (BM25 over names, phrases, descriptions, schema words): median ms,
// target <= 5 ms. (2) The same fused with cached tool embeddings: the request's own
// embedding is one /api/embed round trip to the scripted server (measured alone as the
// baseline), target <= 20 ms in all. (3) Tokens of the prompt's tool part with all 500 tools
// against the budgeted offer (median over the evaluation corpus's requests).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndImport, median, percentile, report } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 3);
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

export async function run() {
  const mod = await bundleAndImport('tool-retrieval', 'bench/fixtures/tool-retrieval-bench-entry.ts');
  const bench = await mod.createBench(join(root, 'eval'));
  const results = [];
  try {
    // Warm-up builds the index once (it is rebuilt only when the tool set changes).
    let t = performance.now();
    await bench.offerKeyword(bench.requests[0]);
    const indexMs = performance.now() - t;
    for (const r of bench.requests) await bench.offerKeyword(r);

    const keyword = [];
    const fused = [];
    const embedOnly = [];
    const tokens = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const request of bench.requests) {
        t = performance.now();
        const offer = await bench.offerKeyword(request);
        keyword.push(performance.now() - t);
        if (round === 0) tokens.push(offer.tokens);
        t = performance.now();
        await bench.embedOnly(request);
        embedOnly.push(performance.now() - t);
        t = performance.now();
        await bench.offerWithEmbeddings(request);
        fused.push(performance.now() - t);
      }
    }
    const k = median(keyword);
    const f = median(fused);
    const e = median(embedOnly);
    report(`tool retrieval over ${bench.toolCount} tools (median of ${keyword.length} requests)`, [
      ['index build (once per tool set)', `${indexMs.toFixed(2)} ms`],
      ['keywords, per request (target <= 5 ms)', `${k.toFixed(3)} ms (p95 ${percentile(keyword, 95).toFixed(3)})`],
      ['keywords + cached embeddings (target <= 20 ms)', `${f.toFixed(3)} ms (p95 ${percentile(fused, 95).toFixed(3)})`],
      ['of which the query embedding round trip', `${e.toFixed(3)} ms`],
    ]);
    const budgeted = median(tokens);
    report(`prompt tokens of the tool part with ${bench.toolCount} tools (estimate: 4 characters per token)`, [
      ['all tools offered', `${bench.allTokens}`],
      ['with the budget (40 tools / 8000 tokens), median', `${budgeted} (max ${Math.max(...tokens)})`],
      ['ratio', `${(budgeted / bench.allTokens).toFixed(3)}`],
    ]);
    results.push({ name: 'tool-retrieval-keywords-vs-5ms', ratio: k / 5, target: 1 });
    results.push({ name: 'tool-retrieval-embeddings-vs-20ms', ratio: f / 20, target: 1 });
    results.push({ name: 'tool-prompt-tokens-budget-vs-all', ratio: budgeted / bench.allTokens });
  } finally {
    await bench.close();
  }
  return results;
}
