// 200 simulated workers (in a process of their own) heartbeating every second against a
// master process while /api/health is polled; baseline: the same polling with no
// workers, in the same run.
// Target: p99 of /api/health under that load <= 20 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORKERS = Number(process.env.BENCH_WORKERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TOKEN = 'bench-enrollment-token-0123456789';
const TARGET_P99_MS = 20;

async function startMaster(dir) {
  const child = spawn(process.execPath, [join(root, 'dist/main/serve.js')], {
    env: {
      PATH: process.env.PATH,
      JARVIS_ADDR: '127.0.0.1:0',
      JARVIS_MESH_ADDR: '127.0.0.1:0',
      JARVIS_DATA: join(dir, 'jarvis.db'),
      JARVIS_SKILLS_DIR: join(dir, 'skills'),
      OLLAMA_URL: 'http://127.0.0.1:9',
      JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN,
      TASK_SCOUT_INTERVAL: '0',
      KANBAN_AI_INTERVAL: '0',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  const urls = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`master did not start: ${out}`)), 30_000);
    child.stdout.on('data', (c) => {
      out += c;
      const api = /running at (http:\/\/\S+)/.exec(out);
      const mesh = /skill workers at (http:\/\/\S+)/.exec(out);
      if (api && mesh) {
        clearTimeout(timer);
        resolve({ api: api[1], mesh: mesh[1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`master exited ${code}: ${out}`)));
  });
  return { child, ...urls };
}

async function poll(api, seconds) {
  const samples = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const s = performance.now();
    const res = await fetch(`${api}/api/health`);
    await res.arrayBuffer();
    samples.push(performance.now() - s);
    await new Promise((r) => setTimeout(r, 5));
  }
  return samples;
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-mesh-'));
  const master = await startMaster(dir);
  const children = [];
  try {
    await poll(master.api, 1); // warm-up
    const idle = await poll(master.api, SECONDS / 2);

    const swarm = spawn(process.execPath, [join(root, 'bench/fixtures/heartbeat-swarm.mjs'), master.mesh, TOKEN, String(WORKERS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(swarm);
    let swarmOut = '';
    swarm.stdout.on('data', (c) => (swarmOut += c));
    await new Promise((resolve, reject) => {
      swarm.stdout.on('data', () => swarmOut.includes('ready') && resolve());
      swarm.on('exit', (code) => reject(new Error(`swarm exited ${code}`)));
    });
    await new Promise((r) => setTimeout(r, 1500));
    const loaded = await poll(master.api, SECONDS);
    const health = await (await fetch(`${master.api}/api/health`)).json();
    const p99 = percentile(loaded, 99);
    report(`/api/health while ${WORKERS} workers heartbeat every second (${loaded.length} polls)`, [
      ['p99 with no workers (baseline)', `${percentile(idle, 99).toFixed(2)} ms`],
      ['p50 under heartbeat load', `${percentile(loaded, 50).toFixed(2)} ms`],
      [`p99 under heartbeat load (target <= ${TARGET_P99_MS} ms)`, `${p99.toFixed(2)} ms`],
      ['heartbeats answered / failed', (swarmOut.trim().split('\n').at(-1) ?? '').replace('beats ', '').replace(' ', ' / ')],
      ['mesh status', health.components.mesh.detail],
    ]);
    return { name: 'mesh-heartbeat-health-p99', ratio: p99 / TARGET_P99_MS, target: 1 };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    const exited = new Promise((r) => master.child.once('exit', r));
    master.child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
