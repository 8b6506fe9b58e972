import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error the skill pack is plain JavaScript (no npm dependencies, no build step)
import { describeNetworkError, requireSetting, runEnvelope, skillMain, SkillError } from './skill-main.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'jarvis-skill-main-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the home pack entry', () => {
  it('runs the named action and wraps its answer as a jarvis.skill.v1 result', async () => {
    const handlers = { echo: async (input: { text: string }) => ({ data: { text: input.text }, message: 'ok' }) };
    expect(await runEnvelope({ protocol: 'jarvis.skill.v1', action: 'echo', input: { text: 'hi' } }, handlers, {})).toEqual({
      protocol: 'jarvis.skill.v1',
      success: true,
      data: { text: 'hi' },
      message: 'ok',
      mutated: false,
    });
    expect((await runEnvelope({ action: 'toString', input: {} }, handlers, {})).error).toMatchObject({ code: 'UNKNOWN_ACTION' });
  });

  it('reports a SkillError with its code and anything else as TOOL_FAILED', async () => {
    const handlers = {
      refuse: async () => {
        throw new SkillError('NOT_FOUND', 'gibt es nicht');
      },
      crash: async () => {
        throw new TypeError('boom');
      },
    };
    expect((await runEnvelope({ action: 'refuse', input: {} }, handlers, {})).error).toEqual({ code: 'NOT_FOUND', message: 'gibt es nicht' });
    expect((await runEnvelope({ action: 'crash', input: {} }, handlers, {})).error).toEqual({ code: 'TOOL_FAILED', message: 'boom' });
  });

  it('names a missing setting', () => {
    expect(() => requireSetting({ X: ' ' }, 'X', 'Thing')).toThrow(/X is empty/);
    expect(requireSetting({ X: ' v ' }, 'X', 'Thing')).toBe('v');
  });

  it('turns socket failures into codes the screen understands, keeping only the host', () => {
    const err = (code: string, message = code) => Object.assign(new Error(message), { code });
    expect(describeNetworkError(err('ECONNREFUSED'), 'bridge:443')).toMatchObject({ code: 'UNREACHABLE' });
    expect(describeNetworkError(err('EHOSTUNREACH'), 'bridge:443')).toMatchObject({ code: 'UNREACHABLE' });
    expect(describeNetworkError(err('TIMEOUT', 'bridge did not answer within 6000 ms.'), 'bridge:443')).toMatchObject({ code: 'TIMEOUT' });
    expect(describeNetworkError(err('CERT_FINGERPRINT_CHANGED', 'not the pinned one'), 'bridge:443')).toMatchObject({
      code: 'CERT_FINGERPRINT_CHANGED',
    });
  });

  it('serves one envelope per line with its request_id, concurrently, and exits when stdin closes', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: Array<Record<string, unknown>> = [];
    let pendingText = '';
    output.setEncoding('utf8');
    output.on('data', (c: string) => {
      pendingText += c;
      const parts = pendingText.split('\n');
      pendingText = parts.pop() ?? '';
      for (const p of parts) if (p) lines.push(JSON.parse(p));
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const handlers = {
      slow: async () => {
        await gate;
        return { data: 'slow' };
      },
      fast: async () => ({ data: 'fast' }),
    };
    let exitCode: number | undefined;
    const done = skillMain(handlers, input, output, (code: number) => (exitCode = code));
    input.write(`${JSON.stringify({ request_id: 'r1', action: 'slow', input: {} })}\n`);
    input.write(`${JSON.stringify({ request_id: 'r2', action: 'fast', input: {} })}\n{"request_id":"r3","act`);
    input.end('ion":"fast","input":{}}');
    // r2 and r3 do not wait for r1; stdin has closed, but the process waits for r1 before it exits.
    await new Promise<void>((resolve) => output.on('data', () => lines.length >= 2 && resolve()));
    expect(lines.map((l) => l.request_id)).toEqual(['r2', 'r3']);
    expect(exitCode).toBeUndefined();
    release();
    await done;
    expect(lines.map((l) => [l.request_id, l.data])).toEqual([
      ['r2', 'fast'],
      ['r3', 'fast'],
      ['r1', 'slow'],
    ]);
    expect(exitCode).toBe(0);
  });

  it('a skill process never outlives the master: it exits when the master is killed with SIGKILL', async () => {
    const lib = fileURLToPath(new URL('./skill-main.mjs', import.meta.url));
    const script = join(tmp, 'skill.mjs');
    writeFileSync(script, `import { skillMain } from ${JSON.stringify(lib)};\nawait skillMain({ ping: async () => ({ data: 'pong' }) });\n`);
    // A stand-in master: starts the skill with a pipe on its stdin (as the warm runner does), tells its pid, waits.
    const master = spawn(
      process.execPath,
      ['-e', `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(script)}], { stdio: ['pipe', 'ignore', 'ignore'], detached: true }); console.log(c.pid); setInterval(() => {}, 1000);`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const pid = await new Promise<number>((resolve) => master.stdout.once('data', (c: Buffer) => resolve(Number(String(c).trim()))));
    expect(isRunning(pid)).toBe(true);
    master.kill('SIGKILL');
    for (let i = 0; i < 500 && isRunning(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(isRunning(pid)).toBe(false);
  });
});
