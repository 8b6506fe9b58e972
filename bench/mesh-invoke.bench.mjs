// Remote invoke (master registry -> HTTP -> worker -> python skill process) against a local
// process invoke of the same skill with the same runner, interleaved in one run.
// Target: the mesh adds at most 5 ms (median).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, report } from './lib.mjs';
import { loadMeshBench } from './mesh-lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TOKEN = 'bench-enrollment-token-0123456789';
const TARGET_ADDED_MS = 5;

export async function run() {
  const m = await loadMeshBench();
  const dir = join(root, 'skills', 'python', 'example-text');
  const verdict = m.readManifest(dir);
  if (!verdict.ok) throw new Error(verdict.errors.join('; '));
  const skill = { dir, manifest: verdict.manifest };
  const path = `/usr/bin:/bin:${process.env.PATH ?? ''}`;
  const policy = { allowSystemExec: true, maxTimeoutMs: 30_000, maxOutputKb: 1024, hostEnv: { PATH: path } };
  const ctx = () => ({ traceId: m.newTraceId(), now: new Date(), timezone: 'Europe/Berlin' });

  const t = await m.startTestMaster({ JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN });
  const worker = await m.startWorker({
    masterUrl: t.meshUrl,
    token: TOKEN,
    runtime: 'python',
    name: 'bench-python',
    skillsDir: join(root, 'skills'),
    env: { PATH: path },
  });
  const tool = 'skill_example_python_text_uppercase';
  try {
    // A worker's skill is new to the master: the household activates it before it serves.
    await m.activateRemoteSkills(t, ['example.python.text']);
    await m.eventually(() => t.master.platform.registry.get(tool), 30_000, 'the worker to register');
    const local = [];
    const remote = [];
    const call = () => t.master.platform.registry.call(tool, { text: 'hallo' }, { ...ctx(), actor: 'system' });
    // Warm-up: first spawns, first connection, ajv compiles.
    for (let i = 0; i < 3; i++) {
      await m.invokeProcessSkill({ skill, action: 'uppercase', input: { text: 'hallo' }, context: ctx(), policy });
      await call();
    }
    for (let i = 0; i < RUNS; i++) {
      let s = performance.now();
      const l = await m.invokeProcessSkill({ skill, action: 'uppercase', input: { text: 'hallo' }, context: ctx(), policy });
      local.push(performance.now() - s);
      s = performance.now();
      const r = await call();
      remote.push(performance.now() - s);
      if (!l.result.success || !r.success) throw new Error(`a call failed: ${JSON.stringify(l.result)} ${JSON.stringify(r)}`);
    }
    const lm = median(local);
    const rm = median(remote);
    const added = rm - lm;
    const pairedAdded = median(remote.map((r, i) => r - local[i]));
    report(`remote vs local invoke of the python example skill (median of ${RUNS}, interleaved)`, [
      ['local process invoke (baseline)', `${lm.toFixed(1)} ms`],
      ['remote invoke through a worker', `${rm.toFixed(1)} ms`],
      [`added by the mesh (target <= ${TARGET_ADDED_MS} ms)`, `${added.toFixed(1)} ms`],
      ['median of paired differences', `${pairedAdded.toFixed(1)} ms`],
      ['ratio remote / local', `${(rm / lm).toFixed(2)}x`],
    ]);
    return { name: 'mesh-remote-invoke', ratio: rm / lm, target: (lm + TARGET_ADDED_MS) / lm };
  } finally {
    await worker.stop('SIGTERM');
    await t.close();
  }
}
