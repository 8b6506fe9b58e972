import { InstallError } from '../installer';

/** The published skill collections JARVIS knows how to read, each a git repository. */
export const SOURCE_KINDS = ['hermes', 'openclaw', 'github'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The settings that say where each kind of source is cloned from. */
export interface SourceUrls {
  readonly skillHermesUrl: string;
  readonly skillOpenclawUrl: string;
  readonly skillGithubUrl: string;
}

export interface SkillSourceDef {
  readonly kind: SourceKind;
  /** `hermes`, `openclaw` or `github:<owner>/<repo>`: how the source is named on the command line and in the sources file. */
  readonly name: string;
  readonly url: string;
  /** The repository folder the skills lie under; '' for the repository's top. */
  readonly root: string;
  /** What every install record of a skill from this source starts with (`hermes:`, `github:<owner>/<repo>/`). */
  readonly refPrefix: string;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

function segmentsOf(path: string, what: string): string[] {
  const parts = path.split('/').filter((p) => p !== '');
  for (const p of parts) {
    if (!SEGMENT.test(p) || p.includes('..')) throw new InstallError(`${what}: ${JSON.stringify(p)} is not a folder name`, true);
  }
  return parts;
}

/** The source of a kind; `repo` (`<owner>/<repo>`) and `path` for GitHub, `url` in place of the setting's. */
export function sourceDef(
  kind: SourceKind,
  urls: SourceUrls,
  options: { repo?: string; path?: string; url?: string } = {},
): SkillSourceDef {
  if (kind === 'hermes') return { kind, name: 'hermes', url: options.url ?? urls.skillHermesUrl, root: 'skills', refPrefix: 'hermes:' };
  if (kind === 'openclaw')
    return { kind, name: 'openclaw', url: options.url ?? urls.skillOpenclawUrl, root: 'skills', refPrefix: 'openclaw:' };
  const repo = segmentsOf(options.repo ?? '', 'github source');
  if (repo.length !== 2) throw new InstallError('a github source is github:<owner>/<repo>[/<path>]', true);
  const [owner, name] = repo as [string, string];
  const root = segmentsOf(options.path ?? '', `github:${owner}/${name}`).join('/');
  return {
    kind,
    name: `github:${owner}/${name}`,
    url: options.url ?? `${urls.skillGithubUrl.replace(/\/+$/, '')}/${owner}/${name}.git`,
    root,
    refPrefix: `github:${owner}/${name}/`,
  };
}

/** `hermes`, `openclaw` or `github:<owner>/<repo>[/<path>]` (what `jarvis skill sync` takes); undefined for anything else. */
export function parseSourceName(text: string, urls: SourceUrls, url?: string): SkillSourceDef | undefined {
  const opts = url ? { url } : {};
  if (text === 'hermes' || text === 'openclaw') return sourceDef(text, urls, opts);
  const m = /^github:([^/]+\/[^/]+)(?:\/(.*))?$/.exec(text);
  if (!m) return undefined;
  return sourceDef('github', urls, { ...opts, repo: m[1] ?? '', ...(m[2] ? { path: m[2] } : {}) });
}

export interface SkillRef {
  readonly source: SkillSourceDef;
  /** What names the skill within the source: `<name>` or `<category>/<name>` (hermes), `<owner>/<name>` (openclaw), the path (github). */
  readonly key: string;
}

/**
 * `hermes:<name>`, `openclaw:<owner>/<name>` or `github:<owner>/<repo>/<path>` (what
 * `jarvis skill install` takes besides a folder or git URL); undefined when the text names
 * none of these sources.
 */
export function parseSkillRef(text: string, urls: SourceUrls, url?: string): SkillRef | undefined {
  const m = /^(hermes|openclaw|github):(.*)$/.exec(text);
  if (!m) return undefined;
  const kind = m[1] as SourceKind;
  const rest = segmentsOf(m[2] ?? '', text);
  const opts = url ? { url } : {};
  if (kind === 'hermes') {
    if (rest.length < 1 || rest.length > 2) throw new InstallError('a Hermes skill is hermes:<name> or hermes:<category>/<name>', true);
    return { source: sourceDef(kind, urls, opts), key: rest.join('/') };
  }
  if (kind === 'openclaw') {
    if (rest.length !== 2) throw new InstallError('an OpenClaw skill is openclaw:<owner>/<name>', true);
    return { source: sourceDef(kind, urls, opts), key: rest.join('/') };
  }
  if (rest.length < 3) throw new InstallError('a GitHub skill is github:<owner>/<repo>/<path to the skill folder>', true);
  const source = sourceDef(kind, urls, { ...opts, repo: rest.slice(0, 2).join('/'), path: rest.slice(2).join('/') });
  return { source, key: `${rest.slice(0, 2).join('/')}/${source.root}` };
}
