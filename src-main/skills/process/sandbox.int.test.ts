import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectSandbox, knownSandbox, probeSandbox, sandboxArgs } from './sandbox';

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
