import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'jarvis-own-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A PID namespace of its own needs root (or user namespaces); elsewhere the test cannot run safely. */
const ownPidNamespace = process.platform === 'linux' && spawnSync('unshare', ['--fork', '--pid', '--mount-proc', 'true']).status === 0;

describe('the unsandboxed runner signals only processes of its own call', () => {
  // Run only in a PID namespace of its own: the runner that this test caught killed every
  // process on the machine that had /dev/null open.
  it.skipIf(!ownPidNamespace)('20 calls of a skill that daemonises a /dev/null holder leave every decoy alive', async () => {
    const bundle = join(root, 'decoys.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./testing/stranger-decoys.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundle,
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      logLevel: 'silent',
    });
    const run = spawnSync('unshare', ['--fork', '--pid', '--mount-proc', process.execPath, bundle, root], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as { results: boolean[]; alive: number; killedDecoys: string[]; survivors: number };
    expect(report.killedDecoys).toEqual([]);
    expect(report.alive).toBe(3);
    expect(report.results).toEqual(Array(20).fill(true));
    // The skill's own daemon is still ended with its call.
    expect(report.survivors).toBe(0);
  });
});
