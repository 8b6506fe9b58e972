// A registry call of skills/python/example-text (schema check, envelope, entry point,
// minimal environment, process group, output checks) against spawning the same
// `python3 main.py` directly with the same stdin. 100 calls each, interleaved.
// Target: median ratio <= 1.2.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndImport, median, percentile, report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const skillDir = join(root, 'skills', 'python', 'example-text');

/** The registry and engine as the master bundles them. */
function loadEngine() {
  return bundleAndImport('skills', {
    contents:
      "export { SkillRegistry } from './src-main/platform/registry/index.ts'; export { SkillEngine } from './src-main/skills/index.ts';",
  });
}

// The same environment the runner gives a skill, so both sides start the same interpreter
// the same way and the ratio is the runner's own cost.
const skillEnv = { PATH: process.env.PATH ?? '', LANG: process.env.LANG || 'C.UTF-8', TZ: 'Europe/Berlin', HOME: skillDir };

function direct(stdin) {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['main.py'], { cwd: skillDir, env: skillEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 && JSON.parse(out).success ? resolve() : reject(new Error(`direct run failed: ${out}`))));
    child.stdin.end(stdin);
  });
}

export async function run() {
  const { SkillRegistry, SkillEngine } = await loadEngine();
  const registry = new SkillRegistry();
  const engine = new SkillEngine({
    sources: [{ tier: 'workspace', dir: join(root, 'skills', 'python') }],
    pipelineMaxDepth: 5,
    processEnabled: true,
    runner: { allowSystemExec: true, maxTimeoutMs: 30_000, maxOutputKb: 1024, hostEnv: process.env },
    registry,
  });
  registry.addProvider(engine.provider);
  engine.reload();
  const tool = 'skill_example_python_text_uppercase';
  const ctx = { traceId: 'bench', now: new Date('2026-08-29T08:20:00Z'), timezone: 'Europe/Berlin', actor: 'system' };
  const stdin = JSON.stringify({
    protocol: 'jarvis.skill.v1',
    request_id: 'skill_bench',
    skill_id: 'example.python.text',
    action: 'uppercase',
    input: { text: 'hallo welt' },
    context: { trace_id: 'bench', now: '2026-08-29T10:20:00+02:00', timezone: 'Europe/Berlin' },
  });
  const viaRegistry = async () => {
    const r = await registry.call(tool, { text: 'hallo welt' }, ctx);
    if (!r.success) throw new Error(`registry call failed: ${JSON.stringify(r.error)}`);
  };
  for (let i = 0; i < 5; i++) {
    await direct(stdin);
    await viaRegistry();
  }
  const reg = [];
  const raw = [];
  for (let i = 0; i < CALLS; i++) {
    // Interleaved, so drift on a noisy machine hits both sides alike.
    let t = performance.now();
    await direct(stdin);
    raw.push(performance.now() - t);
    t = performance.now();
    await viaRegistry();
    reg.push(performance.now() - t);
  }
  const m = median(reg);
  const b = median(raw);
  report(`skill invoke, skills/python/example-text (${CALLS} calls each)`, [
    ['registry call (median)', `${m.toFixed(1)} ms`],
    ['registry call (p95)', `${percentile(reg, 95).toFixed(1)} ms`],
    ['python3 main.py spawned directly (median)', `${b.toFixed(1)} ms`],
    ['python3 main.py spawned directly (p95)', `${percentile(raw, 95).toFixed(1)} ms`],
    ['ratio (target <= 1.2)', `${(m / b).toFixed(2)}x`],
  ]);
  return { name: 'skill-invoke', ratio: m / b, target: 1.2 };
}
