import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliTestBed } from '../../testing/cli-test-bed';
import { commitFiles, headOf, skillMd, type SourceRepos, sourcesTestSetup } from '../../testing/skill-source-repos';

let repos: SourceRepos;
const bed = cliTestBed('jarvis-skill-search-', (root) => {
  const setup = sourcesTestSetup(root);
  repos = setup.repos;
  return setup.env;
});
const cli = bed.cli;

interface Hit {
  name: string;
  source: string;
  category?: string;
  description: string;
  installed: { tier: string; source?: string; from_source: boolean; up_to_date?: boolean } | null;
  install: string | null;
}
interface Result {
  query: string;
  hits: Hit[];
  total: number;
  sources: { source: string; fetched: boolean; skills: number; commit?: string; hint?: string }[];
}
const search = async (...args: string[]) => {
  const run = await cli('skill', 'search', ...args, '--json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Result;
};
const configure = (sources: unknown[]) => writeFileSync(bed.env.JARVIS_SKILL_SOURCES_FILE as string, JSON.stringify(sources));

describe('jarvis skill search over the skill sources', () => {
  it('a configured source never fetched gets a hint; after a sync its catalog is searched without the network', async () => {
    configure([{ source: 'hermes' }, { source: 'openclaw' }]);
    const before = await cli('skill', 'search', 'search');
    expect(before.code).toBe(0);
    expect(before.stdout).toContain('no skill matches "search"');
    expect(before.stdout).toContain(
      'hermes: never fetched: jarvis skill sync hermes --dry-run or jarvis skill search <query> --source hermes --fetch',
    );
    expect((await search('search')).sources).toEqual([
      expect.objectContaining({ source: 'hermes', fetched: false, skills: 0 }),
      expect.objectContaining({ source: 'openclaw', fetched: false, skills: 0 }),
    ]);

    // A dry run fetches the catalog and installs nothing.
    expect((await cli('skill', 'sync', 'hermes', '--dry-run')).code).toBe(0);
    expect(readdirSync(join(bed.root, 'cache'))).toContain('hermes.catalog.json');
    const after = await search('search');
    // The name matches before the description: duckduckgo-search, then arxiv/apple-notes/ai-seo by their descriptions.
    expect(after.hits.map((h) => h.name)).toEqual(['duckduckgo-search', 'ai-seo', 'apple-notes', 'arxiv']);
    expect(after.hits[0]).toEqual({
      name: 'duckduckgo-search',
      source: 'hermes:duckduckgo-search',
      category: 'research',
      description: 'Search the web with DuckDuckGo',
      installed: null,
      install: 'jarvis skill install hermes:duckduckgo-search',
    });
    expect(after.sources[0]).toMatchObject({ source: 'hermes', fetched: true, skills: 4, commit: headOf(repos.hermes) });
    // Archived skills (skills/.archive) are not offered.
    expect((await search('archived')).hits).toEqual([]);

    const text = await cli('skill', 'search', 'papers arxiv');
    expect(text.stdout).toMatch(
      /arxiv\s+hermes:arxiv\s+research\s+no\s+jarvis skill install hermes:arxiv\s+Search and summarise papers on arXiv/,
    );
    expect(text.stdout).toContain('openclaw: never fetched');
  });

  it('--fetch pulls the catalog; an installed skill says whether it came from that source and commit', async () => {
    const fetched = await search('daily', '--source', 'openclaw', '--fetch');
    expect(fetched.hits.map((h) => [h.name, h.source, h.install])).toEqual([
      ['daily-quote', 'openclaw:bastos/daily-quote', 'jarvis skill install openclaw:bastos/daily-quote'],
      ['obsidian-daily', 'openclaw:bastos/obsidian-daily', 'jarvis skill install openclaw:bastos/obsidian-daily'],
    ]);
    expect((await cli('skill', 'install', 'openclaw:bastos/obsidian-daily')).code).toBe(0);
    const installed = await search('obsidian');
    // The skill is the catalog's row, not a second row of its own.
    expect(installed.hits).toHaveLength(1);
    expect(installed.hits[0]?.installed).toEqual({
      tier: 'user',
      source: 'openclaw:bastos/obsidian-daily',
      from_source: true,
      up_to_date: true,
    });

    commitFiles(repos.openclaw, {
      'skills/bastos/obsidian-daily/SKILL.md': skillMd('obsidian-daily', 'Write the daily note in Obsidian, v2'),
    });
    // Without --fetch the cache is what was last fetched.
    expect((await search('obsidian')).hits[0]?.installed?.up_to_date).toBe(true);
    const newer = await search('obsidian', '--fetch');
    expect(newer.hits[0]).toMatchObject({
      description: 'Write the daily note in Obsidian, v2',
      installed: { from_source: true, up_to_date: false },
    });
    expect((await cli('skill', 'search', 'obsidian')).stdout).toMatch(
      /obsidian-daily\s+openclaw:bastos\/obsidian-daily\s+bastos\s+yes, other commit/,
    );

    // --installed: only the installed skills; --source: only that catalog.
    expect((await search('daily', '--installed')).hits.map((h) => [h.name, h.source, h.install])).toEqual([
      ['obsidian-daily', 'openclaw:bastos/obsidian-daily', null],
    ]);
    expect((await search('daily', '--installed')).sources).toEqual([]);
    expect((await search('obsidian', '--source', 'hermes')).hits).toEqual([]);
  });

  it('searches a GitHub source by its path, limits the hits, and refuses bad input with exit 2', async () => {
    configure([{ source: 'github', repo: 'acme/agent-skills', path: 'skills' }]);
    expect((await cli('skill', 'sync', 'github:acme/agent-skills', '--dry-run')).code).toBe(0);
    const docs = await search('edit');
    expect(docs.hits.map((h) => [h.name, h.install])).toEqual([['docx', 'jarvis skill install github:acme/agent-skills/skills/docx']]);
    expect(docs.sources.map((s) => s.source)).toEqual(['github:acme/agent-skills/skills']);

    const limited = await search('d', '--limit', '1');
    expect(limited).toMatchObject({ total: 2, hits: [{ name: 'docx' }] });
    expect((await cli('skill', 'search', 'd', '--limit', '1')).stdout).toContain('1 more; --limit 2 shows them all');

    // A fetch that fails: the cached catalog is still searched, the failure is named, exit 1.
    const unreachable = await cli('skill', 'search', 'edit', '--source', 'github:acme/agent-skills/skills', '--fetch', '--url', 'x');
    expect(unreachable.code).toBe(2); // --url belongs to sync and install, not to search
    writeFileSync(
      bed.env.JARVIS_SKILL_SOURCES_FILE as string,
      JSON.stringify([{ source: 'github', repo: 'acme/agent-skills', path: 'skills', url: `file://${join(bed.root, 'gone.git')}` }]),
    );
    const failed = await cli('skill', 'search', 'edit', '--fetch');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/docx\s+github:acme\/agent-skills\/skills\/docx/);
    expect(failed.stdout).toMatch(/github:acme\/agent-skills\/skills: fetch failed: git clone failed/);

    for (const args of [
      ['x', '--source', 'gitlab:acme/skills'],
      ['x', '--limit', '0'],
      ['x', '--source', 'hermes', '--installed'],
      ['  '],
    ]) {
      const bad = await cli('skill', 'search', ...args);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr).toMatch(/^jarvis skill: /);
    }
  });

  it('the catalog index follows the checkout: a clone changed behind it is read again', async () => {
    expect((await search('pdf', '--source', 'github:acme/agent-skills/skills', '--fetch')).hits.map((h) => h.name)).toEqual(['pdf']);
    commitFiles(repos.github, { 'skills/pdf-tools/SKILL.md': skillMd('pdf-tools', 'Merge PDF files') });
    // A sync (not a search) brings the clone forward; the search reads the new commit's catalog.
    expect((await cli('skill', 'sync', 'github:acme/agent-skills/skills', '--dry-run')).code).toBe(0);
    const hits = await search('pdf', '--source', 'github:acme/agent-skills/skills');
    expect(hits.hits.map((h) => h.name)).toEqual(['pdf', 'pdf-tools']);
    expect(hits.sources[0]?.commit).toBe(headOf(repos.github));
  });
});
