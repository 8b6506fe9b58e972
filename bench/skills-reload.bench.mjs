// POST /api/skills/reload, as the engine does it: every skill folder of the repository read,
// checked and offered again, 1,000 times. Figures: RSS growth over the 1,000 reloads after a
// full GC (target <= 20 MB) and the median time of one reload next to the time of reading the
// same manifests with JSON.parse alone (the baseline of this run).
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndImport, median, percentile, report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RELOADS = Number(process.env.BENCH_RELOADS ?? 1000);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

function rssAfterGc() {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().rss;
}

export async function run() {
  const { SkillRegistry, SkillEngine, loadSkills } = await bundleAndImport('skills-reload', {
    contents:
      "export { SkillRegistry } from './src-main/platform/registry/index.ts'; export { SkillEngine, loadSkills } from './src-main/skills/index.ts';",
  });
  const registry = new SkillRegistry();
  const sources = [{ tier: 'workspace', dir: join(root, 'skills') }];
  const engine = new SkillEngine({
    sources,
    pipelineMaxDepth: 5,
    processEnabled: true,
    runner: { allowSystemExec: true, maxTimeoutMs: 30_000, maxOutputKb: 1024, hostEnv: process.env },
    registry,
    gate: { admit: () => ({ state: 'active' }) },
  });
  registry.addProvider(engine.provider);
  // Warm: the first few hundred reloads compile ajv's meta-schemas and grow the heap and
  // code space to their working size (RSS levels off there: 24 MB after 1,000 or 3,000).
  for (let i = 0; i < 300; i++) {
    engine.reload();
    registry.list();
  }
  const manifests = loadSkills(sources, { pipelineMaxDepth: 5 })
    .skills.filter((s) => s.manifest)
    .map((s) => join(s.dir, 'skill.json'));
  const before = rssAfterGc();
  const heapBefore = process.memoryUsage().heapUsed;
  const reloadMs = [];
  const parseMs = [];
  for (let i = 0; i < RELOADS; i++) {
    let t = performance.now();
    engine.reload();
    registry.list();
    reloadMs.push(performance.now() - t);
    t = performance.now();
    for (const f of manifests) JSON.parse(readFileSync(f, 'utf8'));
    parseMs.push(performance.now() - t);
  }
  const growthMb = (rssAfterGc() - before) / 1024 / 1024;
  const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  report(`skills reload x ${RELOADS} (${engine.skills().length} skills)`, [
    ['RSS growth after GC (target <= 20 MB)', `${growthMb.toFixed(1)} MB`],
    ['JS heap growth after GC', `${heapGrowthMb.toFixed(1)} MB`],
    ['one reload, median', `${median(reloadMs).toFixed(2)} ms (p99 ${percentile(reloadMs, 99).toFixed(2)})`],
    ['reading the manifests alone, median', `${median(parseMs).toFixed(2)} ms`],
  ]);
  return [{ name: 'skills-reload-rss-growth-vs-20mb', ratio: Math.max(0, growthMb) / 20, target: 1 }];
}
