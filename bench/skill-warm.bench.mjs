// A warm (long-lived) process-skill invoke through the runner (schema check, envelope,
// env rules, one JSON line each way, result checks) against the same line written by hand to
// an identical process and its answer read back, in the same run. The skill itself does
// nothing, so the difference is what the runner adds over the skill's own work.
// Target: <= 5 ms added (median).
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleAndImport, median, percentile, report } from './lib.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const SERVER = `#!/usr/bin/env node
let buf = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { buf += c; let i; while ((i = buf.indexOf('\\n')) >= 0) { const l = buf.slice(0, i); buf = buf.slice(i + 1);
  const env = JSON.parse(l); process.stdout.write(JSON.stringify({ protocol: 'jarvis.skill.v1', request_id: env.request_id, success: true, data: { text: env.input.text }, message: 'ok' }) + '\\n'); } });
process.stdin.on('end', () => process.exit(0));
`;

export async function run() {
  const { WarmSkillPool } = await bundleAndImport('skill-warm', {
    contents: "export { WarmSkillPool } from './src-main/skills/process/index.ts';",
  });
  const root = mkdtempSync(join(tmpdir(), 'jarvis-bench-warm-'));
  const dir = join(root, 'echo');
  mkdirSync(dir);
  writeFileSync(join(dir, 'run'), SERVER);
  chmodSync(join(dir, 'run'), 0o755);
  const manifest = {
    protocol: 'jarvis.skill.v1',
    id: 'bench.echo',
    name: 'Echo',
    version: '1.0.0',
    runtime: { type: 'process', command: './run', mode: 'long-lived' },
    actions: [{ name: 'go', description: 'echo', input_schema: { type: 'object', properties: { text: { type: 'string' } } } }],
  };
  const policy = { allowSystemExec: false, maxTimeoutMs: 20_000, maxOutputKb: 1024, hostEnv: process.env };
  const pool = new WarmSkillPool();
  const context = { traceId: 'bench', now: new Date(), timezone: 'Europe/Berlin' };
  const viaRunner = async () => {
    const t = performance.now();
    const { result } = await pool.invoke({ skill: { dir, manifest }, action: 'go', input: { text: 'hi' }, context, policy });
    if (!result.success) throw new Error(`warm invoke failed: ${result.message}`);
    return performance.now() - t;
  };

  const child = spawn(join(dir, 'run'), [], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdout.setEncoding('utf8');
  let waiting;
  let buf = '';
  child.stdout.on('data', (c) => {
    buf += c;
    if (buf.includes('\n')) {
      buf = '';
      waiting?.();
    }
  });
  let n = 0;
  const byHand = async () => {
    const t = performance.now();
    const answered = new Promise((r) => (waiting = r));
    child.stdin.write(
      `${JSON.stringify({ protocol: 'jarvis.skill.v1', request_id: `r${++n}`, skill_id: 'bench.echo', action: 'go', input: { text: 'hi' }, context: {} })}\n`,
    );
    await answered;
    return performance.now() - t;
  };

  try {
    for (let i = 0; i < 20; i++) {
      await viaRunner();
      await byHand();
    }
    const warm = [];
    const raw = [];
    for (let i = 0; i < CALLS; i++) {
      warm.push(await viaRunner());
      raw.push(await byHand());
    }
    const w = median(warm);
    const r = median(raw);
    report(`warm process-skill invoke vs the same JSON line by hand (median of ${CALLS})`, [
      ['runner invoke (long-lived process)', `${w.toFixed(2)} ms (p95 ${percentile(warm, 95).toFixed(2)})`],
      ['one line to the process and back by hand', `${r.toFixed(2)} ms (p95 ${percentile(raw, 95).toFixed(2)})`],
      ['added by the runner (target <= 5 ms)', `${(w - r).toFixed(2)} ms`],
    ]);
    return { name: 'skill-warm-invoke-added-vs-5ms', ratio: Math.max(0, w - r) / 5, target: 1 };
  } finally {
    pool.stop();
    child.stdin.end();
    rmSync(root, { recursive: true, force: true });
  }
}
