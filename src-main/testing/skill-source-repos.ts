// Local git repositories shaped like the published skill collections, for the skill source
// tests (no network). Each follows the layout of the real repository it is named after.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout.trim();
}

export function skillMd(name: string, description: string, body = 'Follow these steps.\n', extra = ''): string {
  return `---\nname: ${name}\ndescription: "${description}"\n${extra}---\n\n# ${name}\n\n${body}`;
}

/** Writes the files (path -> content) and commits them; returns the new commit. */
export function commitFiles(repo: string, files: Readonly<Record<string, string>>, message = 'update'): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), content);
  }
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', message);
  return git(repo, 'rev-parse', 'HEAD');
}

export function createRepo(dir: string, files: Readonly<Record<string, string>>): string {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  commitFiles(dir, files, 'initial');
  return dir;
}

export function headOf(repo: string): string {
  return git(repo, 'rev-parse', 'HEAD');
}

/**
 * NousResearch/hermes-agent: skills grouped by category folders under `skills/`
 * (`skills/research/arxiv/SKILL.md` with `scripts/` and `references/`), a few skills directly
 * in `skills/`, archived ones in `skills/.archive/`, and the agent's own code beside them.
 */
export function hermesRepo(dir: string): string {
  return createRepo(dir, {
    'README.md': '# Hermes Agent\n',
    'run_agent.py': 'print("agent")\n',
    'skills/AGENTS.md': 'How skills are written.\n',
    'skills/research/arxiv/SKILL.md': skillMd(
      'arxiv',
      'Search and summarise papers on arXiv',
      'Use the search script.\n',
      'version: 1.0.0\nauthor: Hermes Agent\nlicense: MIT\nmetadata:\n  hermes:\n    tags: [Research, Papers]\n',
    ),
    'skills/research/arxiv/scripts/search_arxiv.py': 'print("search")\n',
    'skills/research/arxiv/references/api.md': 'The arXiv API.\n',
    'skills/research/duckduckgo-search/SKILL.md': skillMd('duckduckgo-search', 'Search the web with DuckDuckGo'),
    'skills/apple/apple-notes/SKILL.md': skillMd(
      'apple-notes',
      'Manage Apple Notes via memo CLI: create, search, edit.',
      'Use memo.\n',
      'platforms: [macos]\nprerequisites:\n  commands: [memo]\n',
    ),
    'skills/ai-seo/SKILL.md': skillMd('ai-seo', 'Check pages for search engine optimisation'),
    'skills/.archive/productivity/old-outreach/SKILL.md': skillMd('old-outreach', 'Archived'),
  });
}

/**
 * openclaw/skills: `skills/<owner>/<slug>/SKILL.md`, each with the collection's `_meta.json`
 * (owner, slug, displayName, latest version), some with a skill.json of their own.
 */
export function openclawRepo(dir: string): string {
  const meta = (owner: string, slug: string, displayName: string) =>
    `${JSON.stringify({ owner, slug, displayName, latest: { version: '1.0.0', publishedAt: 1769536059956, commit: null }, history: [] }, null, 2)}\n`;
  return createRepo(dir, {
    'README.md': '# OpenClaw skills archive\n',
    'skills/alonw0/molt-bar/SKILL.md': skillMd('molt-bar', 'Virtual Pub for AI Agents'),
    'skills/alonw0/molt-bar/_meta.json': meta('alonw0', 'molt-bar', 'Molt Virtual Bar'),
    'skills/bastos/obsidian-daily/SKILL.md': skillMd('obsidian-daily', 'Write the daily note in Obsidian'),
    'skills/bastos/obsidian-daily/_meta.json': meta('bastos', 'obsidian-daily', 'Obsidian Daily'),
    // No name in the front matter (as in many published skills): named after its folder.
    'skills/bastos/daily-quote/SKILL.md': '---\ndescription: A quote a day\n---\nSay a quote.\n',
    'skills/bastos/obsidian-daily/skill.json': `${JSON.stringify({ name: 'obsidian-daily', version: '0.2.0' })}\n`,
  });
}

/** A GitHub repository with skills under a folder of its own (`<repo>/skills/<name>/SKILL.md`), as Anthropic's skills repository keeps them. */
export function githubRepo(dir: string): string {
  return createRepo(dir, {
    'README.md': '# Agent skills\n',
    'skills/pdf/SKILL.md': skillMd('pdf', 'Read and fill PDF forms', 'Use pdftotext.\n', 'license: Apache-2.0\n'),
    'skills/pdf/reference.md': 'Forms.\n',
    'skills/docx/SKILL.md': skillMd('docx', 'Edit Word documents'),
    'template/SKILL.md': skillMd('template', 'Outside the skills folder'),
  });
}

export interface SourceRepos {
  readonly hermes: string;
  readonly openclaw: string;
  readonly github: string;
}

/**
 * The three sources as local repositories under `root/remote`, an empty workspace, and the
 * settings that point the CLI at them (the openclaw URL as a plain path, which works as well
 * as a file:// URL).
 */
export function sourcesTestSetup(root: string): { repos: SourceRepos; env: Record<string, string> } {
  const repos = {
    hermes: hermesRepo(join(root, 'remote', 'hermes-agent')),
    openclaw: openclawRepo(join(root, 'remote', 'openclaw-skills')),
    // JARVIS_SKILL_GITHUB_URL/<owner>/<repo>.git, as on github.com.
    github: githubRepo(join(root, 'remote', 'github', 'acme', 'agent-skills.git')),
  };
  mkdirSync(join(root, 'workspace'));
  return {
    repos,
    env: {
      JARVIS_SKILLS_DIR: join(root, 'workspace'),
      JARVIS_SKILLS_USER_DIR: join(root, 'user'),
      JARVIS_DATA: join(root, 'jarvis.db'),
      JARVIS_MESH_ENROLLMENT_TOKEN: '',
      JARVIS_SKILL_CACHE_DIR: join(root, 'cache'),
      JARVIS_SKILL_SOURCES_FILE: join(root, 'skill-sources.json'),
      JARVIS_SKILL_HERMES_URL: `file://${repos.hermes}`,
      JARVIS_SKILL_OPENCLAW_URL: repos.openclaw,
      JARVIS_SKILL_GITHUB_URL: `file://${join(root, 'remote', 'github')}`,
    },
  };
}
