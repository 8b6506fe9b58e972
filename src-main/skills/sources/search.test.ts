import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skillMd } from '../../testing/skill-source-repos';
import { catalogOf } from './catalog';
import { sourceDef } from './skill-source';
import { checkoutCommit, installRefOf, queryWords, rankOf, readCatalog } from './search';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'jarvis-search-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const openclaw = sourceDef('openclaw', { skillHermesUrl: '', skillOpenclawUrl: 'file:///nowhere', skillGithubUrl: '' });
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe('ranking', () => {
  it('the name before the description; every word must match, case-insensitive', () => {
    const words = queryWords('Daily  NOTE');
    expect(rankOf(words, 'daily-note', '')).toBe(0);
    expect(rankOf(words, 'obsidian-daily-note', '')).toBe(1);
    expect(rankOf(words, 'obsidian-daily', 'Write the note')).toBe(2);
    expect(rankOf(words, 'obsidian', 'Write the daily note')).toBe(3);
    expect(rankOf(words, 'obsidian', 'Write the daily entry')).toBeUndefined();
    expect(rankOf([], 'anything', '')).toBeUndefined();
  });

  it('a Hermes name found in two categories is installed with its category', () => {
    const skills = [
      { ref: 'hermes:arxiv', id: 'arxiv', category: 'research', description: '' },
      { ref: 'hermes:arxiv', id: 'arxiv', category: 'apple', description: '' },
      { ref: 'hermes:ai-seo', id: 'ai-seo', description: '' },
    ];
    expect(skills.map((s) => installRefOf(s, skills))).toEqual(['hermes:research/arxiv', 'hermes:apple/arxiv', 'hermes:ai-seo']);
  });
});

describe('reading a catalog for a search', () => {
  it('reads only the front matter: a long SKILL.md costs its head, front matter that never closes names the skill by its folder', () => {
    write('skills/a/long/SKILL.md', skillMd('long', 'A long skill', 'x'.repeat(3_000_000)));
    write('skills/a/unclosed/SKILL.md', `---\nname: other\ndescription: never closed\n${'y: 1\n'.repeat(10_000)}`);
    write('skills/a/bad-yaml/SKILL.md', '---\nname: [unclosed\n---\nBody.\n');
    const light = catalogOf(openclaw, root, { light: true });
    expect(light.map((e) => [e.ref, e.id, e.description])).toEqual([
      ['openclaw:a/bad-yaml', 'bad-yaml', ''],
      ['openclaw:a/long', 'long', 'A long skill'],
      ['openclaw:a/unclosed', 'unclosed', ''],
    ]);
  });

  it('the commit comes from .git without git (a loose or a packed ref); a cache without a clone is never fetched', () => {
    const clone = join(root, 'cache', 'openclaw');
    mkdirSync(join(clone, '.git', 'refs', 'heads'), { recursive: true });
    writeFileSync(join(clone, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    const sha = 'a'.repeat(40);
    writeFileSync(join(clone, '.git', 'packed-refs'), `# pack-refs with: peeled fully-peeled sorted\n${sha} refs/heads/main\n`);
    expect(checkoutCommit(clone)).toBe(sha);
    writeFileSync(join(clone, '.git', 'refs', 'heads', 'main'), `${'b'.repeat(40)}\n`);
    expect(checkoutCommit(clone)).toBe('b'.repeat(40));
    expect(readCatalog(join(root, 'empty-cache'), openclaw)).toEqual({ source: openclaw, name: 'openclaw', skills: [] });
  });

  it("the index file is used while its commit is the clone's; another commit or a damaged file means the clone is read again", () => {
    const cache = join(root, 'cache');
    const clone = join(cache, 'openclaw');
    mkdirSync(join(clone, '.git'), { recursive: true });
    writeFileSync(join(clone, '.git', 'HEAD'), `${'c'.repeat(40)}\n`);
    write('cache/openclaw/skills/bastos/obsidian-daily/SKILL.md', skillMd('obsidian-daily', 'Write the daily note'));
    const fromClone = readCatalog(cache, openclaw);
    expect(fromClone.skills).toEqual([
      { ref: 'openclaw:bastos/obsidian-daily', id: 'obsidian-daily', category: 'bastos', description: 'Write the daily note' },
    ]);
    const index = join(cache, 'openclaw.catalog.json');
    const stamped = (commit: string, skills: unknown) =>
      writeFileSync(index, JSON.stringify({ version: 1, name: 'openclaw', commit, skills }));
    stamped('c'.repeat(40), [{ ref: 'openclaw:x/from-index', id: 'from-index', description: '' }]);
    expect(readCatalog(cache, openclaw).skills.map((s) => s.id)).toEqual(['from-index']);
    stamped('d'.repeat(40), [{ ref: 'openclaw:x/from-index', id: 'from-index', description: '' }]);
    expect(readCatalog(cache, openclaw).skills.map((s) => s.id)).toEqual(['obsidian-daily']);
    stamped('c'.repeat(40), [null, { ref: 1 }]);
    expect(readCatalog(cache, openclaw).skills.map((s) => s.id)).toEqual(['obsidian-daily']);
  });
});
