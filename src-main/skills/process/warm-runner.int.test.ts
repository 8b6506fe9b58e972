import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseManifest } from './manifest';
import type { SkillManifest } from '../../../src-shared';
import type { RunnerPolicy } from './process-runner';
import { WarmSkillPool } from './warm-runner';

const root = mkdtempSync(join(tmpdir(), 'jarvis-warm-'));
const pools: WarmSkillPool[] = [];
afterAll(() => {
  for (const p of pools) p.stop();
  rmSync(root, { recursive: true, force: true });
});

const policy: RunnerPolicy = {
  allowSystemExec: false,
  maxTimeoutMs: 20_000,
  maxOutputKb: 64,
  hostEnv: { ...process.env, SERVICE_URL: 'http://svc.local', JARVIS_SECRET_TOKEN: 'hunter2-secret', UNLISTED: 'x' },
};
const context = { traceId: 'test_1', now: new Date('2026-08-29T08:20:00Z'), timezone: 'Europe/Berlin' };

/**
 * A long-lived skill: one envelope per line, one result line per request. `input.text` says
 * what to do: `hang` never answers, `crash` exits, `garbage` prints a line that is no result,
 * `hold` answers after 30 ms, anything else echoes what the process sees.
 */
const SERVER = `#!/usr/bin/env node
let buf = '', active = 0, maxActive = 0;
const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
function handle(env) {
  const t = env.input.text;
  if (t === 'hang') return;
  if (t === 'crash') { process.stderr.write('going down\\n'); process.exit(3); }
  if (t === 'garbage') return process.stdout.write('hello there\\n');
  active++; maxActive = Math.max(maxActive, active);
  const answer = () => {
    active--;
    const env_seen = Object.keys(process.env).filter((k) => k !== 'PWD' && k !== 'SHLVL' && k !== '_').sort();
    out({ protocol: 'jarvis.skill.v1', request_id: env.request_id, success: true, data: { pid: process.pid, maxActive, env_seen, cwd: process.cwd(), tz: process.env.TZ }, message: 'ok' });
  };
  if (t === 'hold') setTimeout(answer, 30); else answer();
}
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { buf += c; let i; while ((i = buf.indexOf('\\n')) >= 0) { const l = buf.slice(0, i); buf = buf.slice(i + 1); if (l.trim()) handle(JSON.parse(l)); } });
process.stdin.on('end', () => process.exit(0));
`;

let n = 0;
function warmSkill(runtime: Partial<SkillManifest['runtime']> = {}) {
  const dir = join(root, `w${++n}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'run'), SERVER);
  chmodSync(join(dir, 'run'), 0o755);
  const manifest: SkillManifest = {
    protocol: 'jarvis.skill.v1',
    id: `test.w${n}`,
    name: 'Warm',
    version: '1.0.0',
    runtime: {
      type: 'process',
      command: './run',
      timeout_ms: 20_000,
      mode: 'long-lived',
      env_from: ['SERVICE_URL', 'UNSET_NAME'],
      ...runtime,
    },
    actions: [
      {
        name: 'go',
        description: 'test action',
        input_schema: { type: 'object', properties: { text: { type: 'string', maxLength: 100 } }, additionalProperties: false },
      },
    ],
  };
  return { dir, manifest };
}

function newPool(): WarmSkillPool {
  const p = new WarmSkillPool();
  pools.push(p);
  return p;
}

const call = (pool: WarmSkillPool, skill: ReturnType<typeof warmSkill>, text: string, generation = '') =>
  pool.invoke({ skill, action: 'go', input: { text }, context, policy }, generation);

function pidOf(r: Awaited<ReturnType<typeof call>>): number {
  expect(r.result.success, r.result.message).toBe(true);
  return (r.result.data as { pid: number }).pid;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for a process to be gone (an event, not a fixed time); fails after 10 s. */
async function gone(pid: number): Promise<void> {
  for (let i = 0; i < 500 && isRunning(pid); i++) await new Promise((r) => setTimeout(r, 20));
  expect(isRunning(pid)).toBe(false);
}

describe('long-lived skill processes', () => {
  it('accepts the mode in the manifest and refuses limits out of range', () => {
    expect(parseManifest(warmSkill({ max_concurrent: 8, idle_timeout_ms: 60_000 }).manifest).ok).toBe(true);
    expect(parseManifest(warmSkill({ max_concurrent: 0 }).manifest).ok).toBe(false);
    expect(parseManifest(warmSkill({ mode: 'forever' as never }).manifest).ok).toBe(false);
  });

  it('serves many calls from one process, with the same environment rules as a per-call process', async () => {
    const pool = newPool();
    const s = warmSkill();
    const first = await call(pool, s, 'a');
    const second = await call(pool, s, 'b');
    expect(pidOf(second)).toBe(pidOf(first));
    const data = first.result.data as { env_seen: string[]; cwd: string; tz: string };
    // PATH, LANG, TZ, HOME and the declared names that are set; never a JARVIS_ one.
    expect(data.env_seen).toEqual(['HOME', 'LANG', 'PATH', 'SERVICE_URL', 'TZ']);
    expect(data.cwd).toBe(s.dir);
    expect(data.tz).toBe('Europe/Berlin');
    expect(pool.list()).toEqual([expect.objectContaining({ dir: s.dir, served: 2, inFlight: 0 })]);
  });

  it('never gives one process more calls at once than max_concurrent, and all of them are answered', async () => {
    const pool = newPool();
    const s = warmSkill({ max_concurrent: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, () => call(pool, s, 'hold')));
    const seen = results.map((r) => (r.result.data as { maxActive: number }).maxActive);
    expect(results.every((r) => r.result.success)).toBe(true);
    expect(Math.max(...seen)).toBeLessThanOrEqual(2);
    expect(new Set(results.map(pidOf)).size).toBe(1);
  });

  it('kills a process whose call timed out and starts a fresh one for the next call', async () => {
    const pool = newPool();
    const s = warmSkill({ timeout_ms: 3000 });
    const before = pidOf(await call(pool, s, 'a'));
    const timedOut = await call(pool, s, 'hang');
    expect(timedOut.result.error?.code).toBe('SKILL_TIMEOUT');
    await gone(before);
    const after = pidOf(await call(pool, s, 'a'));
    expect(after).not.toBe(before);
  });

  it('restarts after a crash, and reports the crash to the call it held', async () => {
    const pool = newPool();
    const s = warmSkill();
    const before = pidOf(await call(pool, s, 'a'));
    const crashed = await call(pool, s, 'crash');
    expect(crashed.result.error?.code).toBe('SKILL_CRASHED');
    expect(crashed.result.error?.message).toContain('going down');
    expect(pidOf(await call(pool, s, 'a'))).not.toBe(before);
  });

  it('ends a process that prints a line answering no request', async () => {
    const pool = newPool();
    const s = warmSkill();
    const before = pidOf(await call(pool, s, 'a'));
    const bad = await call(pool, s, 'garbage');
    expect(bad.result.error?.code).toBe('SKILL_BAD_OUTPUT');
    await gone(before);
    expect(pidOf(await call(pool, s, 'a'))).not.toBe(before);
  });

  it('restarts the process on a reload and when the checked tree changed', async () => {
    const pool = newPool();
    const s = warmSkill();
    const first = pidOf(await call(pool, s, 'a', 'tree-1'));
    pool.stop();
    await gone(first);
    const second = pidOf(await call(pool, s, 'a', 'tree-1'));
    expect(second).not.toBe(first);
    const third = pidOf(await call(pool, s, 'a', 'tree-2'));
    expect(third).not.toBe(second);
    await gone(second);
  });

  it('ends a process that had no call for idle_timeout_ms', async () => {
    const pool = newPool();
    const s = warmSkill({ idle_timeout_ms: 1000 });
    const pid = pidOf(await call(pool, s, 'a'));
    await gone(pid);
    expect(pool.list()).toEqual([]);
  });

  it('refuses input against the schema without starting a process', async () => {
    const pool = newPool();
    const s = warmSkill();
    const r = await pool.invoke({ skill: s, action: 'go', input: { text: 5 }, context, policy });
    expect(r.result.error?.code).toBe('SKILL_INPUT_SCHEMA');
    expect(pool.list()).toEqual([]);
  });
});
