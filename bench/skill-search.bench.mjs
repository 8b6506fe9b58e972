// `jarvis skill search` over a source the size of OpenClaw's collection: 2,250 skills in
// `skills/<owner>/<name>/SKILL.md`, each with ~12 KB of instructions, cloned into a
// temporary cache. Figures: the median search from the catalog index file next to reading
// the clone's front matter (the same run's baseline; target: the index at most a tenth of
// it), and the full read a sync does.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleAndImport, median, report } from './lib.mjs';

const SKILLS = Number(process.env.BENCH_SKILLS ?? 2250);
const RUNS = 20;

function collection(repo) {
  const body = 'Step.\n'.repeat(2000);
  for (let i = 0; i < SKILLS; i++) {
    const dir = join(repo, 'skills', `owner${i % 300}`, `skill-${i}`);
    mkdirSync(dir, { recursive: true });
    const topic = i % 7 === 0 ? 'garden' : 'kitchen';
    writeFileSync(
      join(dir, 'SKILL.md'),
      `---\nname: skill-${i}\ndescription: "Does thing ${i} for the ${topic}"\n---\n\n# skill-${i}\n\n${body}`,
    );
    writeFileSync(join(dir, '_meta.json'), '{}\n');
  }
  const git = (...args) => spawnSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.org', ...args], { cwd: repo });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'collection');
}

function timed(fn) {
  const ms = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    result = fn();
    ms.push(performance.now() - t);
  }
  return { ms: median(ms), result };
}

export async function run() {
  const { sourceDef, catalogOf, fetchCatalog, readCatalog, queryWords, rankOf } = await bundleAndImport('skill-search', {
    contents:
      "export * from './src-main/skills/sources/skill-source.ts'; export * from './src-main/skills/sources/catalog.ts'; export * from './src-main/skills/sources/search.ts';",
  });
  const root = mkdtempSync(join(tmpdir(), 'jarvis-bench-skill-search-'));
  try {
    const repo = join(root, 'openclaw');
    collection(repo);
    const source = sourceDef('openclaw', { skillHermesUrl: '', skillOpenclawUrl: `file://${repo}`, skillGithubUrl: '' });
    const cache = join(root, 'cache');
    await fetchCatalog(cache, source);
    const clone = join(cache, 'openclaw');
    const words = queryWords('garden thing');
    const search = () => {
      const c = readCatalog(cache, source);
      return c.skills.filter((s) => rankOf(words, s.id, `${s.category ?? ''} ${s.description}`) !== undefined).length;
    };
    const index = timed(search);
    const light = timed(() => catalogOf(source, clone, { light: true }).length);
    const full = timed(() => catalogOf(source, clone).length);
    report(`skill search over ${SKILLS} skills (median of ${RUNS})`, [
      ['search from the catalog index', `${index.ms.toFixed(1)} ms (${index.result} hits)`],
      ['reading the clone, front matter only', `${light.ms.toFixed(1)} ms`],
      ['reading the clone in full (as a sync)', `${full.ms.toFixed(1)} ms`],
    ]);
    return [{ name: 'skill-search-index-vs-clone-read', ratio: index.ms / light.ms / 0.1, target: 1 }];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
