import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliTestBed } from '../../testing/cli-test-bed';
import { commitFiles, headOf, skillMd, type SourceRepos, sourcesTestSetup } from '../../testing/skill-source-repos';

let repos: SourceRepos;
const bed = cliTestBed('jarvis-skill-sources-', (root) => {
  const setup = sourcesTestSetup(root);
  repos = setup.repos;
  return setup.env;
});
const cli = bed.cli;

const userDir = () => bed.env.JARVIS_SKILLS_USER_DIR as string;
const recordOf = (id: string) => JSON.parse(readFileSync(join(userDir(), id, '.jarvis-install.json'), 'utf8')) as Record<string, unknown>;
const installed = () =>
  existsSync(userDir())
    ? readdirSync(userDir())
        .filter((n) => !n.startsWith('.'))
        .sort()
    : [];

describe('jarvis skill install from sources', () => {
  it('installs hermes:, openclaw: and github: skills with the source and commit in the install record, scripts only on request', async () => {
    const hermes = await cli('skill', 'install', 'hermes:arxiv');
    expect(hermes.code).toBe(0);
    expect(hermes.stdout).toMatch(/installed\s+arxiv\s+research/);
    expect(hermes.stdout).toContain('arxiv: not installed: scripts/ (use --with-scripts to install it)');
    expect(existsSync(join(userDir(), 'arxiv', 'references', 'api.md'))).toBe(true);
    expect(existsSync(join(userDir(), 'arxiv', 'scripts'))).toBe(false);
    expect(recordOf('arxiv')).toMatchObject({ source: 'hermes:arxiv', commit: headOf(repos.hermes), with_scripts: false });

    expect((await cli('skill', 'install', 'hermes:research/duckduckgo-search')).code).toBe(0);
    expect(recordOf('duckduckgo-search').source).toBe('hermes:duckduckgo-search');

    const claw = await cli('skill', 'install', 'openclaw:alonw0/molt-bar', '--json');
    expect(claw.code).toBe(0);
    expect(JSON.parse(claw.stdout)).toMatchObject({
      source: 'openclaw',
      items: [{ outcome: 'installed', id: 'molt-bar', category: 'alonw0' }],
    });
    expect(existsSync(join(userDir(), 'molt-bar', '_meta.json'))).toBe(true);
    expect(recordOf('molt-bar')).toMatchObject({ source: 'openclaw:alonw0/molt-bar', commit: headOf(repos.openclaw) });

    expect((await cli('skill', 'install', 'github:acme/agent-skills/skills/pdf')).code).toBe(0);
    expect(recordOf('pdf')).toMatchObject({ source: 'github:acme/agent-skills/skills/pdf', commit: headOf(repos.github) });
    // --url: the repository lies elsewhere than JARVIS_SKILL_GITHUB_URL says.
    const other = await cli('skill', 'install', 'github:someone/mirror/skills/docx', '--url', `file://${repos.github}`);
    expect(other.code).toBe(0);
    expect(recordOf('docx').source).toBe('github:someone/mirror/skills/docx');

    // The installed skills load in the user tier.
    const list = JSON.parse((await cli('skill', 'list', '--json')).stdout) as { skills: { id: string; tier: string }[] };
    expect(
      list.skills
        .filter((s) => s.tier === 'user')
        .map((s) => s.id)
        .sort(),
    ).toEqual(['arxiv', 'docx', 'duckduckgo-search', 'molt-bar', 'pdf']);

    const again = await cli('skill', 'install', 'hermes:arxiv');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/skipped\s+arxiv\s+research\s+unchanged/);
    const withScripts = await cli('skill', 'install', 'hermes:arxiv', '--with-scripts');
    expect(withScripts.stdout).toMatch(/updated\s+arxiv/);
    expect(existsSync(join(userDir(), 'arxiv', 'scripts', 'search_arxiv.py'))).toBe(true);
  });

  it('refuses unknown skills and names that leave the folder', async () => {
    const missing = await cli('skill', 'install', 'hermes:no-such-skill');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('hermes has no skill no-such-skill');
    const traversal = await cli('skill', 'install', 'hermes:../../etc');
    expect(traversal.code).toBe(2);
    expect(traversal.stderr).toContain('is not a folder name');
    expect((await cli('skill', 'install', 'openclaw:only-owner')).code).toBe(2);
    expect((await cli('skill', 'install', 'hermes:arxiv', '--path', 'skills')).code).toBe(2);
    const unreachable = await cli('skill', 'install', 'hermes:arxiv', '--url', 'https://user:s3cret@127.0.0.1:9/hermes.git');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toContain('git clone failed');
    expect(unreachable.stdout + unreachable.stderr).not.toContain('s3cret');
    expect(installed()).toEqual([]);
  });
});

describe('jarvis skill sync', () => {
  it('installs the skills of a category or a search, skips unchanged ones, workspace names and skills from elsewhere', async () => {
    const dry = await cli('skill', 'sync', 'hermes', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('4 installed, 0 updated, 0 skipped, 0 failed (dry run: nothing written)');
    expect(installed()).toEqual([]);

    const research = await cli('skill', 'sync', 'hermes', '--category', 'Research');
    expect(research.code).toBe(0);
    expect(installed()).toEqual(['arxiv', 'duckduckgo-search']);
    expect(research.stdout).toContain('2 installed, 0 updated, 0 skipped, 0 failed');

    // --search: case-insensitive, over name and description.
    const search = await cli('skill', 'sync', 'hermes', '--search', 'MEMO cli|^ai-');
    expect(installed()).toEqual(['ai-seo', 'apple-notes', 'arxiv', 'duckduckgo-search']);
    expect(search.stdout).toMatch(/installed\s+apple-notes\s+apple/);

    const again = await cli('skill', 'sync', 'hermes', '--json');
    const report = JSON.parse(again.stdout) as { commit: string; items: { id: string; outcome: string; reason?: string }[] };
    expect(report.commit).toBe(headOf(repos.hermes));
    // Archived skills (skills/.archive) are never synced.
    expect(report.items.map((i) => i.id).sort()).toEqual(['ai-seo', 'apple-notes', 'arxiv', 'duckduckgo-search']);
    expect(report.items.every((i) => i.outcome === 'skipped' && i.reason === 'unchanged')).toBe(true);

    // A workspace skill and a hand-made user skill of the same names stay as they are, with the reason said.
    rmSync(join(userDir(), 'ai-seo'), { recursive: true });
    mkdirSync(join(bed.env.JARVIS_SKILLS_DIR as string, 'ai-seo'));
    writeFileSync(join(bed.env.JARVIS_SKILLS_DIR as string, 'ai-seo', 'SKILL.md'), skillMd('ai-seo', 'Our own SEO skill'));
    rmSync(join(userDir(), 'apple-notes'), { recursive: true });
    mkdirSync(join(userDir(), 'apple-notes'));
    writeFileSync(join(userDir(), 'apple-notes', 'SKILL.md'), skillMd('apple-notes', 'Written by hand'));
    const guarded = await cli('skill', 'sync', 'hermes');
    expect(guarded.code).toBe(0);
    expect(guarded.stdout).toMatch(/skipped\s+ai-seo\s+the workspace has a skill named ai-seo/);
    expect(guarded.stdout).toMatch(
      /skipped\s+apple-notes\s+apple\s+apple-notes is already installed by hand \(no install record\); not replaced/,
    );
    expect(existsSync(join(userDir(), 'ai-seo'))).toBe(false);
    expect(readFileSync(join(userDir(), 'apple-notes', 'SKILL.md'), 'utf8')).toContain('Written by hand');
  });

  it('syncs OpenClaw owners and a GitHub folder; a bad regex or source is a usage error', async () => {
    const claw = await cli('skill', 'sync', 'openclaw', '--category', 'bastos');
    expect(claw.code).toBe(0);
    expect(installed()).toEqual(['daily-quote', 'obsidian-daily']);
    // The clone made for one skill's folder serves the sync of the whole skills folder.
    expect((await cli('skill', 'install', 'github:acme/agent-skills/skills/pdf')).code).toBe(0);
    const gh = await cli('skill', 'sync', 'github:acme/agent-skills/skills');
    expect(gh.code).toBe(0);
    // Only below the named folder: template/ at the top of the repository is not a skill of this source.
    expect(installed()).toEqual(['daily-quote', 'docx', 'obsidian-daily', 'pdf']);
    expect(recordOf('docx').source).toBe('github:acme/agent-skills/skills/docx');

    const badRegex = await cli('skill', 'sync', 'hermes', '--search', '(unclosed');
    expect(badRegex.code).toBe(2);
    expect(badRegex.stderr).toContain('--search "(unclosed" is not a regular expression');
    const badSource = await cli('skill', 'sync', 'gitlab');
    expect(badSource.code).toBe(2);
    expect(badSource.stderr).toContain('unknown source "gitlab"');

    // A sync already running (the master's background sync) holds the source.
    mkdirSync(bed.env.JARVIS_SKILL_CACHE_DIR as string, { recursive: true });
    writeFileSync(join(bed.env.JARVIS_SKILL_CACHE_DIR as string, 'hermes.lock'), '1\n');
    const busy = await cli('skill', 'sync', 'hermes');
    expect(busy.code).toBe(1);
    expect(busy.stdout).toContain('another sync of hermes is running');
  });

  it('never leaves the user folder for a hostile repository: links out, linked skill files, huge files', async () => {
    const outside = join(bed.root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'SKILL.md'), skillMd('stolen', 'A file outside the repository'));
    writeFileSync(join(outside, 'secret.txt'), 'do not copy');
    const repo = repos.github;
    mkdirSync(join(repo, 'skills', 'linked-skill-file'), { recursive: true });
    symlinkSync(join(outside, 'SKILL.md'), join(repo, 'skills', 'linked-skill-file', 'SKILL.md'));
    symlinkSync(outside, join(repo, 'skills', 'linked-folder'));
    mkdirSync(join(repo, 'skills', 'leaky', 'references'), { recursive: true });
    writeFileSync(join(repo, 'skills', 'leaky', 'SKILL.md'), skillMd('leaky', 'Links a reference outside'));
    symlinkSync(join(outside, 'secret.txt'), join(repo, 'skills', 'leaky', 'references', 'secret.txt'));
    writeFileSync(join(repo, 'skills', 'leaky', 'huge.bin'), Buffer.alloc(11 * 1024 * 1024));
    commitFiles(repo, {}, 'hostile');

    const sync = await cli('skill', 'sync', 'github:acme/agent-skills/skills', '--json');
    const report = JSON.parse(sync.stdout) as { items: { id: string; outcome: string; reason?: string; skipped_files: string[] }[] };
    expect(sync.code).toBe(1);
    expect(report.items.find((i) => i.id === 'linked-skill-file')).toMatchObject({
      outcome: 'failed',
      reason: expect.stringContaining('symbolic link'),
    });
    expect(report.items.some((i) => i.id === 'stolen' || i.id === 'linked-folder')).toBe(false);
    const leaky = report.items.find((i) => i.id === 'leaky');
    expect(leaky?.outcome).toBe('installed');
    expect(leaky?.skipped_files).toEqual(
      expect.arrayContaining(['references/secret.txt (a symbolic link)', expect.stringMatching(/^huge\.bin \(11534336 bytes/)]),
    );
    expect(installed()).toEqual(['docx', 'leaky', 'pdf']);
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        const st = lstatSync(p);
        return st.isSymbolicLink() ? [p] : st.isDirectory() ? walk(p) : [];
      });
    expect(walk(userDir())).toEqual([]);
    expect(existsSync(join(userDir(), 'leaky', 'huge.bin'))).toBe(false);
  });
});

describe('jarvis skill sources and update', () => {
  it('lists the configured sources with their last sync, and updates installed skills without overwriting local changes', async () => {
    writeFileSync(
      bed.env.JARVIS_SKILL_SOURCES_FILE as string,
      JSON.stringify([{ source: 'hermes', filter: { category: ['research'] }, auto_update: true }, { source: 'openclaw' }]),
    );
    const before = await cli('skill', 'sources');
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/hermes\s+file:\/\/\S+\s+category research\s+yes\s+never/);
    expect(before.stdout).toMatch(/openclaw\s+\S+\s+-\s+no\s+never/);

    // The configured filter applies when the command line names none.
    expect((await cli('skill', 'sync', 'hermes')).code).toBe(0);
    expect(installed()).toEqual(['arxiv', 'duckduckgo-search']);
    const first = headOf(repos.hermes);
    const listed = JSON.parse((await cli('skill', 'sources', '--json')).stdout) as {
      sources: { name: string; last_sync?: { commit: string } }[];
    };
    expect(listed.sources.find((s) => s.name === 'hermes')?.last_sync?.commit).toBe(first);

    const second = commitFiles(repos.hermes, {
      'skills/research/arxiv/SKILL.md': skillMd('arxiv', 'Search and summarise papers on arXiv', 'Version two.\n'),
      'skills/research/duckduckgo-search/SKILL.md': skillMd('duckduckgo-search', 'Search the web with DuckDuckGo', 'Version two.\n'),
    });
    writeFileSync(join(userDir(), 'duckduckgo-search', 'SKILL.md'), skillMd('duckduckgo-search', 'Edited here'));

    const update = await cli('skill', 'update');
    expect(update.code).toBe(0);
    expect(update.stdout).toMatch(/updated\s+arxiv/);
    expect(update.stdout).toMatch(/skipped\s+duckduckgo-search\s+research\s+its files were changed here since it was installed/);
    expect(readFileSync(join(userDir(), 'arxiv', 'SKILL.md'), 'utf8')).toContain('Version two.');
    expect(recordOf('arxiv').commit).toBe(second);
    expect(readFileSync(join(userDir(), 'duckduckgo-search', 'SKILL.md'), 'utf8')).toContain('Edited here');

    const forced = await cli('skill', 'update', 'hermes', '--force');
    expect(forced.stdout).toMatch(/updated\s+duckduckgo-search/);
    expect(readFileSync(join(userDir(), 'duckduckgo-search', 'SKILL.md'), 'utf8')).toContain('Version two.');
    const after = await cli('skill', 'sources');
    expect(after.stdout).toContain(second.slice(0, 12));
  });

  it('names the bad entry of a broken sources file and refuses an update with nothing to update', async () => {
    const file = bed.env.JARVIS_SKILL_SOURCES_FILE as string;
    writeFileSync(file, JSON.stringify([{ source: 'hermes' }, { source: 'gitlab', url: 'https://me:t0ken@example.org/x.git' }]));
    const bad = await cli('skill', 'sources');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('entry 2');
    expect(bad.stderr).toContain('"source" must be one of hermes, openclaw, github');
    expect(bad.stderr).not.toContain('t0ken');
    writeFileSync(file, JSON.stringify([{ source: 'hermes', filter: { search: '[' } }]));
    expect((await cli('skill', 'sync', 'hermes')).stderr).toContain('entry 1');
    writeFileSync(file, '[{"source": "hermes"');
    expect((await cli('skill', 'sources')).stderr).toContain('is not valid JSON');
    writeFileSync(file, JSON.stringify([{ source: 'hermes' }]));
    const nothing = await cli('skill', 'update');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('no source has "auto_update": true');
  });
});
