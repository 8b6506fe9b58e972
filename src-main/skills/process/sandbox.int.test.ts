import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillManifest } from '../../../src-shared';
import { invokeProcessSkill, type RunnerPolicy } from './process-runner';
import { detectSandbox, ETC_ALLOWLIST, knownSandbox, probeSandbox, sandboxArgs } from './sandbox';

// Each case uses a PATH of its own: the probes are cached per mode and PATH.
const empty = mkdtempSync(join(tmpdir(), 'jarvis-sandbox-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('the sandbox probe', () => {
  it('in the background comes to what the blocking probe finds, and caches it', async () => {
    const path = `${empty}:/usr/local/bin:/usr/bin:/bin`;
    expect(knownSandbox('auto', path)).toBeUndefined();
    const background = await probeSandbox('auto', path);
    expect(knownSandbox('auto', path)).toEqual(background);
    expect(detectSandbox('auto', `/usr/local/bin:/usr/bin:/bin:${empty}`)).toEqual(background);
  });

  it('knows without a child process when it is off or bwrap is missing', async () => {
    expect(await probeSandbox('off', `${empty}/off`)).toEqual({ kind: 'none', reason: 'JARVIS_SKILL_SANDBOX=off', required: false });
    expect(await probeSandbox('required', empty)).toEqual({ kind: 'none', reason: 'bubblewrap (bwrap) is not installed', required: true });
  });
});

describe('a skill in the sandbox', () => {
  // Checkouts and test folders often live under /tmp, which the sandbox replaces by a
  // private one: the skill folder and its pack's `_lib` must still be there.
  it('sees its pack’s shared _lib when the pack lives under /tmp', (ctx) => {
    const path = '/usr/local/bin:/usr/bin:/bin';
    const sandbox = detectSandbox('auto', path);
    if (sandbox.kind !== 'bwrap') return ctx.skip();
    const pack = mkdtempSync(join(tmpdir(), 'jarvis-pack-'));
    try {
      mkdirSync(join(pack, '_lib'));
      mkdirSync(join(pack, 'lamp'));
      writeFileSync(join(pack, '_lib', 'greeting.mjs'), "export const greeting = 'hallo aus _lib';\n");
      writeFileSync(join(pack, 'lamp', 'main.mjs'), "import { greeting } from '../_lib/greeting.mjs';\nprocess.stdout.write(greeting);\n");
      const args = sandboxArgs(join(pack, 'lamp'), process.execPath, [join(pack, 'lamp', 'main.mjs')], path);
      const run = spawnSync(sandbox.bwrap, args, { encoding: 'utf8', timeout: 20_000 });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('hallo aus _lib');
    } finally {
      rmSync(pack, { recursive: true, force: true });
    }
  });
});

describe('the limits and the network of a sandboxed call', () => {
  const path = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin';
  const isolated = detectSandbox('auto', path).kind === 'bwrap';
  const policy: RunnerPolicy = { allowSystemExec: false, maxTimeoutMs: 20_000, maxOutputKb: 256, hostEnv: process.env, sandbox: 'auto' };
  const context = { traceId: 'limits', now: new Date(), timezone: 'UTC' };
  let n = 0;
  function skill(body: string, permissions?: SkillManifest['permissions']) {
    const dir = mkdtempSync(join(tmpdir(), `jarvis-limit-${++n}-`));
    writeFileSync(join(dir, 'run'), `#!/usr/bin/env node\n${body}\n`);
    chmodSync(join(dir, 'run'), 0o755);
    const manifest: SkillManifest = {
      protocol: 'jarvis.skill.v1',
      id: `limit.s${n}`,
      name: 'Limit',
      version: '1.0.0',
      runtime: { type: 'process', command: './run' },
      actions: [{ name: 'go', description: 'go', input_schema: { type: 'object' } }],
      ...(permissions ? { permissions } : {}),
    };
    return { dir, manifest };
  }
  const answer = (data: string) => `process.stdout.write(JSON.stringify({success:true,data:${data}}));`;

  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((socket) => socket.end('master'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  const dial = (p: () => number) =>
    `const s=require('net').connect(${p()},'127.0.0.1');let got='';s.on('data',d=>got+=d);s.on('end',()=>{${answer('{got}')}});s.on('error',e=>{${answer('{error:e.code}')}});`;

  it.skipIf(!isolated)('a skill without the network permission cannot reach a listener of the host, even on loopback', async () => {
    const s = skill(dial(() => port));
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
    expect(result).toMatchObject({ success: true, data: { error: 'ECONNREFUSED' } });
    // With the permission it still has a network of its own: a direct connection goes nowhere.
    const open = skill(
      dial(() => port),
      { network: true },
    );
    const reached = await invokeProcessSkill({ skill: open, action: 'go', input: {}, context, policy });
    expect(reached.result).toMatchObject({ success: true, data: { error: 'ECONNREFUSED' } });
  });

  it.skipIf(!isolated)('sees a private /etc: resolver and certificates, not the accounts or the host’s configuration', async () => {
    const s = skill(answer(`{etc:require('fs').readdirSync('/etc').sort()}`));
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
    expect(result.success).toBe(true);
    const etc = (result.data as { etc: string[] }).etc;
    expect(etc).not.toContain('passwd');
    expect(etc).not.toContain('shadow');
    expect(etc).not.toContain('hostname');
    for (const name of etc) expect(ETC_ALLOWLIST).toContain(`/etc/${name}`);
    if (existsSync('/etc/ssl')) expect(etc).toContain('ssl');
  });

  for (const sandbox of ['off', 'auto'] as const) {
    it.skipIf(sandbox === 'auto' && !isolated)(
      `a skill that takes more memory than allowed is stopped with a plain error (sandbox ${sandbox})`,
      async () => {
        const s = skill(`const a=[];for(let i=0;i<20;i++)a.push(Buffer.alloc(16*1024*1024,1));${answer('{held:a.length}')}`);
        const { result } = await invokeProcessSkill({
          skill: s,
          action: 'go',
          input: {},
          context,
          policy: { ...policy, sandbox, maxMemoryMb: 200 },
        });
        expect(result).toMatchObject({
          success: false,
          error: { code: 'SKILL_LIMIT_EXCEEDED', message: `skill ${s.manifest.id} needed more than its 200 MB of memory and was stopped` },
        });
        // Below the limit the same skill answers.
        const { result: fits } = await invokeProcessSkill({
          skill: s,
          action: 'go',
          input: {},
          context,
          policy: { ...policy, sandbox, maxMemoryMb: 1024 },
        });
        expect(fits).toMatchObject({ success: true, data: { held: 20 } });
      },
    );

    it.skipIf(sandbox === 'auto' && !isolated)(
      `a skill that writes a file larger than allowed is stopped with a plain error (sandbox ${sandbox})`,
      async () => {
        const s = skill(`require('fs').writeFileSync('big.bin',Buffer.alloc(8*1024*1024,1));${answer('{}')}`);
        const { result } = await invokeProcessSkill({
          skill: s,
          action: 'go',
          input: {},
          context,
          policy: { ...policy, sandbox, maxDiskMb: 2 },
        });
        expect(result).toMatchObject({
          success: false,
          error: { code: 'SKILL_LIMIT_EXCEEDED', message: `skill ${s.manifest.id} tried to write a file larger than 2 MB and was stopped` },
        });
        expect(statSync(join(s.dir, 'big.bin')).size).toBeLessThanOrEqual(2 * 1024 * 1024);
      },
    );
  }

  it.skipIf(!isolated)('the private /tmp holds no more than the disk limit', async () => {
    const s = skill(
      `const fs=require('fs');let n=0,error;try{for(;n<10;n++)fs.writeFileSync('/tmp/f'+n,Buffer.alloc(1024*1024,1));}catch(e){error=e.code}${answer('{files:n,error}')}`,
    );
    const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy: { ...policy, maxDiskMb: 3 } });
    expect(result).toMatchObject({ success: true, data: { error: 'ENOSPC' } });
    expect((result.data as { files: number }).files).toBeLessThanOrEqual(3);
  });

  describe('a skill with the network permission', () => {
    // A stand-in for "the internet" (only loopback is reachable here) and a stand-in for the
    // master's loopback API; the proxy tells them apart only by the grant.
    let internet: HttpServer;
    let internetPort = 0;
    const requests: string[] = [];
    beforeAll(async () => {
      internet = createHttpServer((req, res) => {
        requests.push(`${req.method} ${req.url}`);
        res.end(`weather ${req.url}`);
      });
      await new Promise<void>((r) => internet.listen(0, '127.0.0.1', r));
      internetPort = (internet.address() as AddressInfo).port;
    });
    afterAll(() => internet.close());

    /** A shell skill that fetches each URL with curl (once through a CONNECT tunnel with `-p`) and reports the bodies. */
    function fetcher(urls: readonly string[]) {
      const dir = mkdtempSync(join(tmpdir(), `jarvis-net-${++n}-`));
      const lines = urls.map((u, i) => `b${i}=$(curl -s --max-time 10 ${i % 2 ? '-p ' : ''}'${u}' | base64 -w0)`);
      const fields = urls.map((_u, i) => `"b${i}":"%s"`).join(',');
      const values = urls.map((_u, i) => `"$b${i}"`).join(' ');
      writeFileSync(
        join(dir, 'run'),
        `#!/bin/sh\ncat >/dev/null\n${lines.join('\n')}\nprintf '{"success":true,"data":{${fields},"proxy":"%s"}}' ${values} "$HTTPS_PROXY"\n`,
      );
      chmodSync(join(dir, 'run'), 0o755);
      const manifest: SkillManifest = {
        protocol: 'jarvis.skill.v1',
        id: `net.s${n}`,
        name: 'Net',
        version: '1.0.0',
        runtime: { type: 'process', command: './run' },
        actions: [{ name: 'go', description: 'go', input_schema: { type: 'object' } }],
        permissions: { network: true },
      };
      return { dir, manifest };
    }
    const bodies = (data: unknown) =>
      Object.fromEntries(
        Object.entries(data as Record<string, string>).map(([k, v]) => [k, k === 'proxy' ? v : Buffer.from(v, 'base64').toString('utf8')]),
      );
    const hasCurl = spawnSync('curl', ['--version']).status === 0;

    it.skipIf(!isolated || !hasCurl)('reaches the host it is granted, but not the master’s API on loopback', async () => {
      const s = fetcher([
        `http://127.0.0.1:${internetPort}/today`,
        `http://127.0.0.1:${internetPort}/tunnel`,
        `http://127.0.0.1:${port}/api/health`,
      ]);
      const granted: RunnerPolicy = { ...policy, networkGrants: { [s.manifest.id]: [`127.0.0.1:${internetPort}`] } };
      const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy: granted });
      expect(result.success).toBe(true);
      const got = bodies(result.data);
      expect(got.b0).toBe('weather /today');
      expect(got.b1).toBe('weather /tunnel');
      expect(got.b2).toMatch(/^JARVIS: 127\.0\.0\.1:\d+ is this machine or its local network link, which a skill may not reach/);
      expect(got.proxy).toBe('http://127.0.0.1:3128');
      // Without the grant the stand-in internet on loopback is this machine too.
      requests.length = 0;
      const refused = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
      expect(bodies(refused.result.data).b0).toMatch(/^JARVIS: .*may not reach/);
      expect(requests).toEqual([]);
    });

    const lanAddress = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    it.skipIf(!isolated || !hasCurl || !lanAddress)(
      'cannot reach a listener on the machine’s LAN address (the LAN and mesh listeners)',
      async () => {
        const lan = createHttpServer((_req, res) => res.end('lan listener'));
        await new Promise<void>((r) => lan.listen(0, lanAddress, r));
        try {
          const lanPort = (lan.address() as AddressInfo).port;
          const s = fetcher([`http://${lanAddress}:${lanPort}/api/state`, `http://${lanAddress}:${lanPort}/api/state`]);
          const { result } = await invokeProcessSkill({ skill: s, action: 'go', input: {}, context, policy });
          const got = bodies(result.data);
          expect(got.b0).toMatch(/may not reach/);
          expect(got.b1).not.toContain('lan listener');
        } finally {
          lan.close();
        }
      },
    );

    it.skipIf(!isolated || !hasCurl)('an integration’s own skill is granted the URL the household configured for it', async () => {
      const s = fetcher([`http://127.0.0.1:${internetPort}/bridge`]);
      const manifest = { ...s.manifest, runtime: { ...s.manifest.runtime, env_from: ['DEVICE_URL'] } };
      const configured: RunnerPolicy = { ...policy, hostEnv: { ...process.env, DEVICE_URL: `http://127.0.0.1:${internetPort}` } };
      const own = await invokeProcessSkill({
        skill: { ...s, manifest },
        action: 'go',
        input: {},
        context,
        policy: configured,
        integrationSkill: true,
      });
      expect(bodies(own.result.data).b0).toBe('weather /bridge');
      // A skill installed by the user that names the same variable is not the integration's.
      const stranger = await invokeProcessSkill({ skill: { ...s, manifest }, action: 'go', input: {}, context, policy: configured });
      expect(bodies(stranger.result.data).b0).toMatch(/may not reach/);
    });
  });
});
