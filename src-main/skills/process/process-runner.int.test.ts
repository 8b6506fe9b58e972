import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SkillManifest } from '../../../src-shared';
import { invokeProcessSkill, type RunnerPolicy } from './process-runner';
import { eventually } from '../../testing/skill-worker';
import { detectSandbox } from './sandbox';

const root = mkdtempSync(join(tmpdir(), 'jarvis-runner-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const policy: RunnerPolicy = {
  allowSystemExec: false,
  maxTimeoutMs: 20_000,
  maxOutputKb: 1024,
  hostEnv: { ...process.env, SERVICE_URL: 'http://svc.local', JARVIS_SECRET_TOKEN: 'hunter2-secret', UNLISTED: 'x' },
};
const context = { traceId: 'test_1', now: new Date('2026-08-29T08:20:00Z'), timezone: 'Europe/Berlin' };

let n = 0;
/** A skill folder with an executable `run` script and a manifest around it. */
function skill(script: string, manifest: Partial<SkillManifest> = {}, action: Partial<SkillManifest['actions'][number]> = {}) {
  const dir = join(root, `s${++n}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'run'), script);
  chmodSync(join(dir, 'run'), 0o755);
  const m: SkillManifest = {
    protocol: 'jarvis.skill.v1',
    id: `test.s${n}`,
    name: 'Test',
    version: '1.0.0',
    runtime: { type: 'process', command: './run', timeout_ms: 20_000 },
    actions: [
      {
        name: 'go',
        description: 'test action',
        input_schema: { type: 'object', properties: { text: { type: 'string', maxLength: 100 } }, additionalProperties: false },
        ...action,
      },
    ],
    ...manifest,
  };
  return { dir, manifest: m };
}

const node = (body: string) =>
  `#!/usr/bin/env node\nlet s='';process.stdin.on('data',c=>s+=c);process.stdin.on('end',()=>{const env=JSON.parse(s);${body}});\n`;

describe('process runner', () => {
  it('runs in the skill folder with one envelope on stdin and returns the data', async () => {
    const s = skill(
      node(
        `process.stdout.write(JSON.stringify({protocol:'jarvis.skill.v1',success:true,data:{cwd:process.cwd(),env_in:env},message:'ok',mutated:false}))`,
      ),
    );
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: { text: 'hi' }, context, policy });
    expect(result.success).toBe(true);
    const data = result.data as { cwd: string; env_in: Record<string, unknown> };
    expect(data.cwd).toBe(s.dir);
    expect(data.env_in).toMatchObject({
      protocol: 'jarvis.skill.v1',
      skill_id: s.manifest.id,
      action: 'go',
      input: { text: 'hi' },
      context: { trace_id: 'test_1', now: '2026-08-29T10:20:00+02:00', timezone: 'Europe/Berlin' },
    });
    expect(String(data.env_in.request_id)).toMatch(/^skill_/);
    expect(result.message).toBe('ok');
  });

  it('hands over only PATH, LANG, TZ, HOME, the env_from names and the call mark, never a JARVIS_* of the host', async () => {
    const s = skill(node(`console.log(JSON.stringify({success:true,data:process.env}))`), {
      runtime: { type: 'process', command: './run', env_from: ['SERVICE_URL', 'JARVIS_SECRET_TOKEN', 'NOT_SET_ANYWHERE'] },
    });
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
    expect(result.success).toBe(true);
    const env = result.data as Record<string, string>;
    expect(Object.keys(env).sort()).toEqual(['HOME', 'LANG', 'PATH', 'SERVICE_URL', 'SKILL_CALL_MARK', 'TZ']);
    expect(env.SKILL_CALL_MARK).toMatch(/^[0-9a-f]{32}$/);
    expect(env.HOME).toBe(s.dir);
    expect(env.TZ).toBe('Europe/Berlin');
    expect(JSON.stringify(env)).not.toContain('hunter2-secret');
  });

  it('validates the input before the process starts', async () => {
    const s = skill(`#!/bin/sh\ntouch started\necho '{"success":true,"data":{}}'\n`);
    const { result, run } = await invokeProcessSkill({ skill: s, action: 'go', input: { text: 5 }, context, policy });
    expect(result).toMatchObject({ success: false, error: { code: 'SKILL_INPUT_SCHEMA', path: '/text' } });
    expect(run).toBeUndefined();
    expect(existsSync(join(s.dir, 'started'))).toBe(false);
  });

  it('passes a skill failure through with its own code', async () => {
    const s = skill(
      `#!/bin/sh\ncat >/dev/null\necho '{"success":false,"error":{"code":"UPSTREAM_UNAVAILABLE","message":"Wetterdienst nicht erreichbar"}}'\nexit 1\n`,
    );
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
    expect(result).toMatchObject({
      success: false,
      mutated: false,
      error: { code: 'UPSTREAM_UNAVAILABLE', message: 'Wetterdienst nicht erreichbar' },
    });
  });

  it('a skill that sleeps forever is stopped at the timeout with its whole process group', async () => {
    const s = skill(`#!/bin/sh\nsleep 1000 &\necho $! > child.pid\nwait\n`, {
      runtime: { type: 'process', command: './run', timeout_ms: 60_000 },
    });
    const { result, run } = await invokeProcessSkill({
      skill: s,
      action: 'go',
      input: {},
      context,
      policy: { ...policy, maxTimeoutMs: 400 },
    });
    expect(result).toMatchObject({ success: false, error: { code: 'SKILL_TIMEOUT' } });
    expect(result.error?.message).toContain('400 ms');
    expect(run?.stopped).toBe('timeout');
    const pid = Number(readFileSync(join(s.dir, 'child.pid'), 'utf8'));
    // Gone, or a zombie waiting for a reaper (PID 1 in a container may not reap); a busy
    // machine may take a moment to deliver the kill.
    const stateOf = () => (existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] : 'gone');
    await eventually(() => ['gone', 'Z'].includes(stateOf() ?? 'gone'), 10_000, `process ${pid} to end`);
  });

  it('the manifest timeout applies when it is below the host maximum', async () => {
    const s = skill(`#!/bin/sh\nexec sleep 1000\n`, { runtime: { type: 'process', command: './run', timeout_ms: 250 } });
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
    expect(result.error?.code).toBe('SKILL_TIMEOUT');
    expect(result.error?.message).toContain('250 ms');
  });

  it('a skill that prints 10 MB is stopped at the output cap', async () => {
    const s = skill(`#!/bin/sh\nhead -c 10485760 /dev/zero | tr '\\000' a\n`);
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy: { ...policy, maxOutputKb: 64 } });
    expect(result).toMatchObject({ success: false, error: { code: 'SKILL_OUTPUT_TOO_LARGE' } });
  });

  it('two JSON objects, non-JSON and nothing at all are bad output, never a success', async () => {
    for (const out of [`echo '{"success":true,"data":{}}'; echo '{"success":true,"data":{}}'`, `echo 'Sonnig und warm'`, `true`]) {
      const s = skill(`#!/bin/sh\n${out}\n`);
      const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
      expect(result, out).toMatchObject({ success: false, error: { code: 'SKILL_BAD_OUTPUT' } });
    }
  });

  it('a result without an error or with unknown fields is bad output', async () => {
    for (const out of [`{"success":false}`, `{"success":true,"data":{},"extra":1}`, `[1,2]`, `{"success":"yes"}`]) {
      const s = skill(`#!/bin/sh\necho '${out}'\n`);
      const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
      expect(result, out).toMatchObject({ success: false, error: { code: 'SKILL_BAD_OUTPUT' } });
    }
  });

  it('a crash becomes SKILL_CRASHED with the end of stderr; a success printed before a crash does not count', async () => {
    const s = skill(`#!/bin/sh\necho 'Traceback: boom' >&2\nexit 3\n`);
    const { result, run } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
    expect(result).toMatchObject({ success: false, error: { code: 'SKILL_CRASHED' } });
    expect(result.error?.message).toContain('code 3');
    expect(result.error?.message).toContain('Traceback: boom');
    expect(run?.stderr).toContain('Traceback: boom');
    const s2 = skill(`#!/bin/sh\necho '{"success":true,"data":{}}'\nkill -9 $$\n`);
    expect((await invokeProcessSkill({ skill: s2, action: 'go', input: {}, context, policy })).result.error?.code).toBe('SKILL_CRASHED');
  });

  it('data that does not match the output_schema is SKILL_OUTPUT_SCHEMA', async () => {
    const output_schema = {
      type: 'object',
      properties: { summary: { type: 'string', maxLength: 100 } },
      required: ['summary'],
      additionalProperties: false,
    };
    const s = skill(`#!/bin/sh\necho '{"success":true,"data":{"summary":7}}'\n`, {}, { output_schema });
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
    expect(result).toMatchObject({ success: false, error: { code: 'SKILL_OUTPUT_SCHEMA', path: '/summary' } });
  });

  it('keeps stderr bounded', async () => {
    const s = skill(`#!/bin/sh\nhead -c 300000 /dev/zero | tr '\\000' e >&2\necho '{"success":true,"data":{}}'\n`);
    const { result, run } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
    expect(result.success).toBe(true);
    expect(run?.stderr.length).toBe(64 * 1024);
    expect(run?.stderrTruncated).toBe(true);
  });

  it('refuses an entry point that leaves the folder by symlink or ..', async () => {
    const outside = join(root, 'outside.sh');
    writeFileSync(outside, `#!/bin/sh\necho '{"success":true,"data":{}}'\n`);
    chmodSync(outside, 0o755);
    const s = skill('');
    rmSync(join(s.dir, 'run'));
    symlinkSync(outside, join(s.dir, 'run'));
    const { result, run } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
    expect(result).toMatchObject({ success: false, error: { code: 'SKILL_ENTRY_POINT' } });
    expect(result.error?.message).toContain('outside the skill folder');
    expect(run).toBeUndefined();
    const dotdot = { ...s, manifest: { ...s.manifest, runtime: { type: 'process' as const, command: '../outside.sh' } } };
    expect((await invokeProcessSkill({ skill: dotdot, action: 'go', input: {}, context, policy })).result.error?.code).toBe(
      'SKILL_ENTRY_POINT',
    );
  });

  it('a system command needs permissions.system_exec and JARVIS_SKILL_ALLOW_SYSTEM_EXEC', async () => {
    const base = skill('', {
      runtime: { type: 'process', command: '/bin/sh', args: ['-c', `echo '{"success":true,"data":{"via":"sh"}}'`] },
    });
    const withPermission = { ...base, manifest: { ...base.manifest, permissions: { system_exec: true } } };
    const deny = async (s: typeof base, allow: boolean) =>
      (await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy: { ...policy, allowSystemExec: allow } })).result;
    expect((await deny(base, false)).error?.code).toBe('SKILL_SYSTEM_EXEC_DENIED');
    expect((await deny(base, true)).error?.code).toBe('SKILL_SYSTEM_EXEC_DENIED');
    expect((await deny(withPermission, false)).error?.code).toBe('SKILL_SYSTEM_EXEC_DENIED');
    expect(await deny(withPermission, true)).toMatchObject({ success: true, data: { via: 'sh' } });
    const bare = {
      ...withPermission,
      manifest: {
        ...withPermission.manifest,
        runtime: { type: 'process' as const, command: 'sh', args: ['-c', `echo '{"success":true,"data":{}}'`] },
      },
    };
    expect((await deny(bare, false)).error?.code).toBe('SKILL_SYSTEM_EXEC_DENIED');
    expect((await deny(bare, true)).success).toBe(true);
  });

  it('refuses an unknown action and a disabled skill without starting anything', async () => {
    const s = skill(`#!/bin/sh\ntouch started\n`);
    expect((await invokeProcessSkill({ skill: s, action: 'nope', input: {}, context, policy })).result.error?.code).toBe(
      'SKILL_UNKNOWN_ACTION',
    );
    const off = { ...s, manifest: { ...s.manifest, enabled: false } };
    expect((await invokeProcessSkill({ skill: off, action: 'go', input: {}, context, policy })).result.error?.code).toBe('SKILL_DISABLED');
    expect(existsSync(join(s.dir, 'started'))).toBe(false);
  });
});

const isolated = detectSandbox('auto', process.env.PATH ?? '').kind === 'bwrap';

/** Processes whose command line carries `marker`, anywhere on the host. */
function processesWith(marker: string): string[] {
  return readdirSync('/proc').filter((pid) => {
    if (!/^[0-9]+$/.test(pid)) return false;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      return cmd.includes(marker) && state !== 'Z';
    } catch {
      return false;
    }
  });
}

describe('hostile skills stay in their box', () => {
  for (const sandbox of ['off', 'auto'] as const) {
    it.skipIf(sandbox === 'auto' && !isolated)(
      `a setsid child holding stdout neither holds the call nor survives it (sandbox ${sandbox})`,
      async () => {
        const marker = `${24 + n}.${process.pid}`;
        const s = skill(`#!/bin/sh\nsetsid sleep ${marker} &\necho '{"success":true,"data":{"answered":true}}'\n`, {
          runtime: { type: 'process', command: './run', timeout_ms: 60_000 },
        });
        const { result, run } = await invokeProcessSkill({
          skill: s,
          action: 'go',
          input: {},
          context,
          policy: { ...policy, maxTimeoutMs: 20_000, sandbox },
        });
        // With the old runner the call lasted until the timeout and was reported as one.
        expect(result).toMatchObject({ success: true, data: { answered: true } });
        expect(run?.stopped).toBeUndefined();
        await eventually(() => processesWith(`sleep\0${marker}`).length === 0, 10_000, 'the grandchild to end');
      },
    );
  }

  it('a daemonised grandchild is ended when the call times out', async () => {
    const marker = `${31 + n}.${process.pid}`;
    const s = skill(`#!/bin/sh\nsetsid sleep ${marker} &\nsleep 1000\n`);
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy: { ...policy, maxTimeoutMs: 300 } });
    expect(result.error?.code).toBe('SKILL_TIMEOUT');
    await eventually(() => processesWith(`sleep\0${marker}`).length === 0, 10_000, 'the daemonised grandchild to end');
  });

  it.skipIf(!isolated)(
    'under bubblewrap a skill reads no variable of its parent, of PID 1 or of any process it finds in /proc',
    async () => {
      const outside = join(root, 'household-secret.txt');
      writeFileSync(outside, 'the-household-secret');
      const s = skill(
        node(`const fs=require('fs');const seen=[];
for (const f of ['/proc/'+process.ppid+'/environ','/proc/1/environ',${JSON.stringify(outside)}]) { try { seen.push(fs.readFileSync(f,'utf8')); } catch {} }
for (const p of fs.readdirSync('/proc')) { if (!/^[0-9]+$/.test(p)) continue; for (const x of ['environ','cmdline']) { try { seen.push(fs.readFileSync('/proc/'+p+'/'+x,'utf8')); } catch {} } }
console.log(JSON.stringify({success:true,data:{seen,pids:fs.readdirSync('/proc').filter(p=>/^[0-9]+$/.test(p)).length}}));`),
        { runtime: { type: 'process', command: './run', env_from: ['SERVICE_URL'] } },
      );
      const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy: { ...policy, sandbox: 'auto' } });
      expect(result.success).toBe(true);
      const dump = JSON.stringify((result.data as { seen: string[] }).seen);
      // Everything this process (the skill's "master") started with, except what the skill is given.
      const given = new Set(['PATH', 'LANG', 'TZ', 'HOME', 'SERVICE_URL', 'SKILL_CALL_MARK']);
      const own = readFileSync('/proc/self/environ', 'utf8')
        .split('\0')
        .filter((e) => e.includes('=') && !given.has(e.slice(0, e.indexOf('='))) && e.length > 8);
      expect(own.length).toBeGreaterThan(0);
      for (const entry of own) expect(dump, entry.slice(0, entry.indexOf('='))).not.toContain(entry);
      expect(dump).not.toContain('the-household-secret');
      expect((result.data as { pids: number }).pids).toBeLessThanOrEqual(3);
    },
  );

  it('JARVIS_SKILL_SANDBOX=required refuses to start a skill where no sandbox works', async () => {
    const s = skill(`#!/bin/sh\ntouch started\necho '{"success":true,"data":{}}'\n`);
    const { result } = await invokeProcessSkill({
      skill: s,
      action: 'go',
      input: {},
      context,
      policy: { ...policy, sandbox: 'required', hostEnv: { ...policy.hostEnv, PATH: '/nonexistent' } },
    });
    expect(result.error?.code).toBe('SKILL_SANDBOX_UNAVAILABLE');
    expect(existsSync(join(s.dir, 'started'))).toBe(false);
  });
});

describe('integration secrets reach only their integration’s own skill', () => {
  const secrets = {
    HUE_APPLICATION_KEY: 'hue-key-0123456789',
    UNIFI_API_KEY: 'unifi-key-0123456789',
    HOMEASSISTANT_TOKEN: 'ha-token-0123456789',
    NTFY_TOKEN: 'ntfy-token-0123456789',
    PROXMOX_TOKEN_SECRET: 'pve-secret-0123456789',
  };
  const asking = { type: 'process' as const, command: './run', env_from: [...Object.keys(secrets), 'SERVICE_URL'] };
  const envOf = async (id: string, integrationSkill: boolean | undefined) => {
    const s = skill(node(`console.log(JSON.stringify({success:true,data:process.env}))`), { id, runtime: asking });
    const { result } = await invokeProcessSkill({
      skill: s,
      action: 'go',
      input: {},
      context,
      policy: { ...policy, hostEnv: { ...policy.hostEnv, ...secrets } },
      ...(integrationSkill === undefined ? {} : { integrationSkill }),
    });
    expect(result.success).toBe(true);
    return result.data as Record<string, string>;
  };

  it('the Hue skill gets the Hue key and nothing of UniFi, Home Assistant, ntfy or Proxmox', async () => {
    const env = await envOf('home.hue', true);
    expect(env.HUE_APPLICATION_KEY).toBe(secrets.HUE_APPLICATION_KEY);
    expect(env.SERVICE_URL).toBe('http://svc.local');
    for (const name of ['UNIFI_API_KEY', 'HOMEASSISTANT_TOKEN', 'NTFY_TOKEN', 'PROXMOX_TOKEN_SECRET'])
      expect(env[name], name).toBeUndefined();
  });

  it('any other skill that names them gets none, nor does a copy of a home skill’s id from an untrusted place', async () => {
    for (const [id, own] of [
      ['evil.collector', true],
      ['home.hue', false],
      ['home.unifi.network', undefined],
    ] as const) {
      const env = await envOf(id, own);
      for (const [name, value] of Object.entries(secrets)) {
        expect(env[name], `${id} ${name}`).toBeUndefined();
        expect(JSON.stringify(env)).not.toContain(value);
      }
      expect(env.SERVICE_URL).toBe('http://svc.local');
    }
  });
});
