import { describe, expect, it } from 'vitest';
import { displayUrl } from './git';
import { parseSkillRef, parseSourceName } from './skill-source';

const urls = {
  skillHermesUrl: 'https://example.org/hermes.git',
  skillOpenclawUrl: 'https://example.org/claw.git',
  skillGithubUrl: 'https://gh.example.org/',
};

describe('skill source names', () => {
  it('maps each scheme to its repository, skills folder and install record prefix', () => {
    expect(parseSkillRef('hermes:research/arxiv', urls)).toMatchObject({
      key: 'research/arxiv',
      source: { kind: 'hermes', url: 'https://example.org/hermes.git', root: 'skills', refPrefix: 'hermes:' },
    });
    expect(parseSkillRef('openclaw:alonw0/molt-bar', urls)).toMatchObject({ key: 'alonw0/molt-bar', source: { root: 'skills' } });
    expect(parseSkillRef('github:acme/agent-skills/skills/pdf', urls)).toMatchObject({
      key: 'acme/agent-skills/skills/pdf',
      source: { name: 'github:acme/agent-skills', url: 'https://gh.example.org/acme/agent-skills.git', root: 'skills/pdf' },
    });
    expect(parseSkillRef('hermes:arxiv', urls, 'file:///tmp/mirror')?.source.url).toBe('file:///tmp/mirror');
    expect(parseSkillRef('/some/folder', urls)).toBeUndefined();
    expect(parseSourceName('github:acme/agent-skills', urls)).toMatchObject({ root: '', refPrefix: 'github:acme/agent-skills/' });
    expect(parseSourceName('gitlab', urls)).toBeUndefined();
  });

  it('refuses names that are no folder names or have the wrong number of parts', () => {
    for (const bad of [
      'hermes:../x',
      'hermes:a/b/c',
      'openclaw:owner',
      'github:acme/repo',
      'github:acme/../x/y',
      'github:-x/y/z',
      'hermes:',
    ])
      expect(() => parseSkillRef(bad, urls), bad).toThrow();
    expect(() => parseSourceName('github:acme/..', urls)).toThrow();
  });

  it('hides credentials in URLs', () => {
    expect(displayUrl('git clone https://me:t0ken@example.org/x.git failed')).toBe('git clone https://***@example.org/x.git failed');
    expect(displayUrl('file:///tmp/x')).toBe('file:///tmp/x');
  });
});
