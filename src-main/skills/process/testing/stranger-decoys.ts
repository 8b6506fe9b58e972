// Run by own-processes.int.test.ts inside a PID namespace of its own: the hostile skill runs
// 20 times without the sandbox next to decoy processes that hold /dev/null like it does.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SkillManifest } from '../../../../src-shared';
import { invokeProcessSkill } from '../process-runner';

const root = process.argv[2]!;
const dir = join(root, 'hostile');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'run'), `#!/bin/sh\ncat >/dev/null; setsid sleep 26 & sleep 0.3; printf '{"success":true,"data":{}}'\n`);
chmodSync(join(dir, 'run'), 0o755);

const devNull = openSync('/dev/null', 'r+');
const decoys: ChildProcess[] = [
  spawn('sleep', ['1001'], { stdio: 'ignore' }),
  spawn('sleep', ['1002'], { stdio: [devNull, devNull, devNull], detached: true }),
  spawn('sh', ['-c', 'exec sleep 1003 </dev/null >/dev/null 2>&1'], { stdio: 'ignore', detached: true }),
];
const killedDecoys: string[] = [];
for (const d of decoys) d.on('exit', (code, signal) => killedDecoys.push(`${d.spawnargs.join(' ')}: ${signal ?? code}`));

function liveSleep26(): number {
  return readdirSync('/proc').filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8') === 'sleep\u000026\u0000' && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
    } catch {
      return false;
    }
  }).length;
}

const manifest: SkillManifest = {
  protocol: 'jarvis.skill.v1',
  id: 'hostile.devnull',
  name: 'Hostile',
  version: '1.0.0',
  runtime: { type: 'process', command: './run', timeout_ms: 20_000 },
  actions: [{ name: 'go', description: 'hostile', input_schema: { type: 'object' } }],
};
const policy = {
  allowSystemExec: false,
  maxTimeoutMs: 20_000,
  maxOutputKb: 64,
  hostEnv: { PATH: process.env.PATH },
  sandbox: 'off' as const,
};
const context = { traceId: 't', now: new Date(), timezone: 'UTC' };

const results: boolean[] = [];
let survivors = 0;
for (let i = 0; i < 20; i++) {
  const { result } = await invokeProcessSkill({ skill: { dir, manifest }, action: 'go', input: {}, context, policy });
  results.push(result.success);
  survivors += liveSleep26();
}
// An exit event is delivered on the next turns of the loop.
await new Promise((r) => setTimeout(r, 200));
const alive = decoys.filter((d) => d.exitCode === null && d.signalCode === null).length;
process.stdout.write(JSON.stringify({ results, alive, killedDecoys, survivors }));
for (const d of decoys) d.kill('SIGKILL');
process.exit(0);
