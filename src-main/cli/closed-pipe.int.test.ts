import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let dir: string;

beforeAll(async () => {
  const { build } = (await import(join(root, 'scripts', 'build.mjs'))) as { build: (o: object) => Promise<void> };
  await build({ quiet: true, targets: ['main'] });
  dir = mkdtempSync(join(tmpdir(), 'jarvis-cli-pipe-'));
  const skill = join(dir, 'skills', 'long-notes');
  mkdirSync(skill, { recursive: true });
  writeFileSync(join(skill, 'SKILL.md'), `---\nname: long-notes\ndescription: Notes\n---\n${'Read this carefully.\n'.repeat(5000)}`);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Like `jarvis … | head -c0`: the reading end of stdout is closed before the command writes. */
function runWithClosedReader(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(root, 'bin', 'jarvis.mjs'), ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      JARVIS_DATA: join(dir, 'j.db'),
      JARVIS_SKILLS_DIR: join(dir, 'skills'),
      JARVIS_SKILLS_USER_DIR: join(dir, 'user'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('jarvis output into a closed pipe', () => {
  it('skill info and skill list end quietly, without an EPIPE stack trace', async () => {
    for (const args of [
      ['skill', 'info', 'long-notes'],
      ['skill', 'list'],
      ['skill', 'run', 'long-notes'],
    ]) {
      const { code, stderr } = await runWithClosedReader(...args);
      expect(stderr, args.join(' ')).not.toMatch(/EPIPE|Error|at /);
      expect(code, args.join(' ')).toBe(0);
    }
  }, 120_000);
});
