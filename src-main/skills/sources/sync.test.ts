import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitFiles, hermesRepo, skillMd } from '../../testing/skill-source-repos';
import { sourceDef } from './skill-source';
import { installFromSource, syncSource, updateSource, type SyncContext } from './sync';

let root: string;
let repo: string;
let ctx: SyncContext;
const hermes = () => sourceDef('hermes', { skillHermesUrl: `file://${repo}`, skillOpenclawUrl: '', skillGithubUrl: '' });
const outcomes = (items: readonly { id: string; outcome: string; reason?: string }[]) =>
  Object.fromEntries(items.map((i) => [i.id, `${i.outcome}${i.reason ? `: ${i.reason}` : ''}`]));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'jarvis-sync-'));
  // Shaped like NousResearch/hermes-agent (skills/<category>/<name>/SKILL.md).
  repo = hermesRepo(join(root, 'hermes-agent'));
  ctx = { userDir: join(root, 'user'), cacheDir: join(root, 'cache'), workspace: new Map() };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('syncing a source', () => {
  it('without auto_update a sync installs new skills and leaves installed ones at their version', async () => {
    const options = { filter: { categories: ['research'] }, withScripts: false, dryRun: false, force: false };
    await syncSource(ctx, hermes(), options);
    commitFiles(repo, {
      'skills/research/arxiv/SKILL.md': skillMd('arxiv', 'Search and summarise papers on arXiv', 'Version two.\n'),
      'skills/research/semantic-scholar/SKILL.md': skillMd('semantic-scholar', 'Search Semantic Scholar'),
    });
    const report = await syncSource(ctx, hermes(), { ...options, updateInstalled: false });
    expect(outcomes(report.items)).toEqual({
      arxiv: 'skipped: a newer version is in the source; auto_update is off',
      'duckduckgo-search': 'skipped: unchanged',
      'semantic-scholar': 'installed',
    });
  });

  it('update dry run writes nothing; a skill the source dropped is reported and kept', async () => {
    await syncSource(ctx, hermes(), { filter: {}, withScripts: false, dryRun: false, force: false });
    rmSync(join(repo, 'skills', 'ai-seo'), { recursive: true });
    commitFiles(repo, { 'skills/apple/apple-notes/SKILL.md': skillMd('apple-notes', 'Manage Apple Notes', 'Version two.\n') });
    const dry = await updateSource(ctx, hermes(), { force: false, dryRun: true });
    expect(outcomes(dry.items)).toMatchObject({
      'ai-seo': 'skipped: no longer in the source (kept as installed)',
      'apple-notes': 'updated: dry run: nothing written',
      arxiv: 'skipped: unchanged',
    });
    expect(readFileSync(join(ctx.userDir, 'apple-notes', 'SKILL.md'), 'utf8')).not.toContain('Version two.');
    const again = await updateSource(ctx, hermes(), { force: false, dryRun: false });
    expect(outcomes(again.items)['apple-notes']).toBe('updated');
    expect(readFileSync(join(ctx.userDir, 'apple-notes', 'SKILL.md'), 'utf8')).toContain('Version two.');
    expect(existsSync(join(ctx.userDir, 'ai-seo'))).toBe(true);
  });

  it('a Hermes name found in two categories must be given with its category', async () => {
    commitFiles(repo, { 'skills/apple/arxiv/SKILL.md': skillMd('arxiv', 'Another arxiv') });
    const ambiguous = await installFromSource(ctx, { source: hermes(), key: 'arxiv' }, { withScripts: false, force: false });
    expect(ambiguous.items[0]).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('research/arxiv') });
    const chosen = await installFromSource(ctx, { source: hermes(), key: 'apple/arxiv' }, { withScripts: false, force: false });
    expect(chosen.items[0]).toMatchObject({ outcome: 'installed', category: 'apple' });
  });
});
