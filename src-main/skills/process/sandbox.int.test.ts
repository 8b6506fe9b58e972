import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectSandbox, knownSandbox, probeSandbox } from './sandbox';

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
