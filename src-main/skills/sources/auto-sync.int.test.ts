import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComponentStatus, SkillsResponse } from '../../../src-shared';
import { decideSkillProposal } from '../../testing/skill-proposals';
import { hermesRepo } from '../../testing/skill-source-repos';
import { eventually } from '../../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../../testing/test-master';

let tm: TestMaster | undefined;
let root: string | undefined;
afterEach(async () => {
  await tm?.close();
  tm = undefined;
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

async function syncedStatus(t: TestMaster): Promise<ComponentStatus> {
  return eventually(
    async () => {
      const status = (await t.request('/api/health')).json.components.skillSources as ComponentStatus | undefined;
      return status && status.code !== 'skillSources.syncing' ? status : undefined;
    },
    60_000,
    'the background sync',
  );
}

describe('background sync of skill sources (JARVIS_SKILL_AUTO_SYNC)', () => {
  it('installs the configured skills after the start; they wait for the household as SkillProposals', async () => {
    root = mkdtempSync(join(tmpdir(), 'jarvis-auto-sync-'));
    // Shaped like NousResearch/hermes-agent (skills/<category>/<name>/SKILL.md).
    const hermes = hermesRepo(join(root, 'hermes-agent'));
    const sourcesFile = join(root, 'skill-sources.json');
    writeFileSync(
      sourcesFile,
      JSON.stringify([
        { source: 'hermes', filter: { category: ['research'] }, auto_update: true },
        // Unreachable, with credentials in its URL: reported, never shown.
        { source: 'github', repo: 'acme/private', url: 'https://user:s3cret@127.0.0.1:9/private.git' },
      ]),
    );
    tm = await startTestMaster({
      JARVIS_SKILL_AUTO_SYNC: 'true',
      JARVIS_SKILL_SOURCES_FILE: sourcesFile,
      JARVIS_SKILL_CACHE_DIR: join(root, 'cache'),
      JARVIS_SKILL_HERMES_URL: `file://${hermes}`,
    });
    const status = await syncedStatus(tm);
    expect(status).toMatchObject({ state: 'degraded', code: 'skillSources.failed', params: { failed: 1, sources: 2 } });
    expect(status.detail).toContain('2 installed');
    expect(status.detail).toContain('github:acme/private: git clone failed');
    expect(JSON.stringify(status)).not.toContain('s3cret');
    expect(existsSync(join(tm.config.skillsUserDir as string, 'arxiv', 'SKILL.md'))).toBe(true);

    // Never silently active: listed with a proposal, offered to no one until the household decides.
    const listed = (await tm.request('/api/skills')).json as SkillsResponse;
    const arxiv = listed.skills.find((s) => s.id === 'arxiv');
    const ddg = listed.skills.find((s) => s.id === 'duckduckgo-search');
    expect(arxiv).toMatchObject({ tier: 'user', enabled: false, activation: { status: 'proposed' } });
    expect(ddg?.activation?.status).toBe('proposed');
    expect(listed.skills.some((s) => s.id === 'apple-notes')).toBe(false);
    expect(tm.master.platform.registry.list().some((t) => t.name === 'skill_arxiv_run')).toBe(false);

    const decided = await decideSkillProposal(tm, arxiv!.activation!.proposal_id, 'accept');
    expect(decided.status).toBe(200);
    await eventually(() => tm!.master.platform.registry.list().some((t) => t.name === 'skill_arxiv_run'), 15_000, 'the activated skill');
  });

  it('reports a broken sources file in the status and starts normally', async () => {
    root = mkdtempSync(join(tmpdir(), 'jarvis-auto-sync-'));
    const sourcesFile = join(root, 'skill-sources.json');
    writeFileSync(sourcesFile, JSON.stringify([{ source: 'hermes', auto_update: 'yes' }]));
    mkdirSync(join(root, 'cache'));
    tm = await startTestMaster({
      JARVIS_SKILL_AUTO_SYNC: 'true',
      JARVIS_SKILL_SOURCES_FILE: sourcesFile,
      JARVIS_SKILL_CACHE_DIR: join(root, 'cache'),
    });
    expect((await tm.request('/api/skills')).status).toBe(200);
    const status = await syncedStatus(tm);
    expect(status).toMatchObject({ state: 'error', code: 'skillSources.failed' });
    expect(status.detail).toContain('entry 1');
    expect(status.detail).toContain('"auto_update" must be true or false');
  });

  it('is off by default: no status, nothing cloned', async () => {
    tm = await startTestMaster();
    expect((await tm.request('/api/health')).json.components.skillSources).toBeUndefined();
  });
});
