import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillSourcesEvent } from '../../../src-shared';
import { Refusal } from '../../platform/errors';
import { silentLogger } from '../../platform/trace';
import { SourceSyncs } from './source-syncs';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('SourceSyncs', () => {
  it('runs one sync at a time: a second start while one runs is refused', async () => {
    root = mkdtempSync(join(tmpdir(), 'jarvis-source-syncs-'));
    const file = join(root, 'sources.json');
    writeFileSync(file, JSON.stringify([{ source: 'hermes' }]));
    const events: SkillSourcesEvent[] = [];
    let reloads = 0;
    const syncs = new SourceSyncs({
      config: {
        skillSourcesFile: file,
        skillCacheDir: join(root, 'cache'),
        skillsUserDir: join(root, 'user'),
        skillHermesUrl: `file://${join(root, 'missing-repo')}`,
        skillOpenclawUrl: 'file:///nowhere',
        skillGithubUrl: 'file:///nowhere',
      },
      enabled: true,
      workspace: () => new Map(),
      reload: () => void reloads++,
      publish: (e) => events.push(e),
      log: silentLogger,
    });
    expect(syncs.start()).toEqual({ sources: ['hermes'] });
    expect(syncs.list().syncing).toBe(true);
    let refusal: unknown;
    try {
      syncs.start('hermes');
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'SKILL_SYNC_RUNNING' });
    await syncs.stop();
    expect(syncs.list().syncing).toBe(false);
    expect(reloads).toBe(0);
  });
});
