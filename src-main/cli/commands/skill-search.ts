import type { Command } from 'commander';
import { masterBundle } from '../../master/bundle';
import type { Config } from '../../platform/config';
import type { SkillEngine } from '../../skills';
import type { IndexedSkill, InstalledSkill, InstalledState, SkillSourceDef, SourceCatalog } from '../../skills/sources';
import { EXIT_FAILURE } from '../exit-codes';
import { formatTable } from '../table';
import { configured, guarded, resolveSource } from './skill-sources';

const out = (text: string): void => void process.stdout.write(`${text}\n`);
const master = () => masterBundle().exports;

const DEFAULT_LIMIT = 50;

/** One search hit: a skill of a source's catalog, or an installed skill no searched catalog lists. */
interface Hit {
  readonly name: string;
  /** `hermes:<name>`, `openclaw:<owner>/<name>`, `github:<owner>/<repo>/<path>`; for an installed skill its install record's source or its tier. */
  readonly source: string;
  readonly category?: string;
  readonly description: string;
  readonly installed: InstalledState | null;
  /** The command that installs it; null for a skill that is only installed. */
  readonly install: string | null;
  readonly rank: number;
}

interface SourceLine {
  readonly source: string;
  readonly commit?: string;
  readonly skills: number;
  readonly fetched: boolean;
  readonly error?: string;
  readonly hint?: string;
}

function firstLine(text: string): string {
  return (text.split('\n').find((l) => l.trim() !== '') ?? '').trim();
}

function installedText(state: InstalledState | null): string {
  if (!state) return 'no';
  if (state.from_source) return state.up_to_date ? 'yes, up to date' : 'yes, other commit';
  return state.source ? `yes, from ${state.source}` : `yes (${state.tier})`;
}

/** The table with the description (last): its first line, cut to what is left of the terminal's width. */
function table(hits: readonly Hit[]): string {
  const header = ['skill', 'source', 'category', 'installed', 'install with', 'description'];
  const rows = hits.map((h) => [h.name, h.source, h.category ?? '', installedText(h.installed), h.install ?? '', firstLine(h.description)]);
  const used = header.slice(0, -1).reduce((sum, head, i) => sum + Math.max(head.length, ...rows.map((r) => r[i]?.length ?? 0)) + 2, 0);
  // Into a pipe or a file the line stays whole (for grep); on a terminal a row stays one line.
  const room = process.stdout.isTTY && process.stdout.columns ? Math.max(20, process.stdout.columns - used) : Infinity;
  const cut = (d: string) => (d.length > room ? `${d.slice(0, room - 1)}…` : d);
  return formatTable(
    header,
    rows.map((r) => [...r.slice(0, -1), cut(r[r.length - 1] ?? '')]),
  );
}

function parseLimit(text: string | undefined): number {
  const { InstallError } = master();
  if (text === undefined) return DEFAULT_LIMIT;
  if (!/^[1-9][0-9]{0,5}$/.test(text)) throw new InstallError(`--limit must be a whole number from 1, got ${JSON.stringify(text)}`, true);
  return Number(text);
}

/** Every configured source, then any other whose clone lies in the cache; one line each. */
function sourcesToSearch(config: Config, cacheDir: string): SkillSourceDef[] {
  const { sourceSync } = master();
  const list = configured(config).map((c) => c.source);
  const names = new Set(list.map((s) => sourceSync.searchNameOf(s)));
  for (const s of sourceSync.cachedSources(cacheDir, config)) {
    if (names.has(sourceSync.searchNameOf(s))) continue;
    // A GitHub clone serves every path of its repository: a configured path of it is searched already.
    if (s.kind === 'github' && list.some((c) => c.name === s.name)) continue;
    names.add(sourceSync.searchNameOf(s));
    list.push(s);
  }
  return list;
}

function catalogHits(catalog: SourceCatalog, words: readonly string[], installed: ReadonlyMap<string, InstalledSkill>): Hit[] {
  const { sourceSync } = master();
  const hits: Hit[] = [];
  for (const skill of catalog.skills as IndexedSkill[]) {
    const rank = sourceSync.rankOf(words, skill.id, `${skill.category ?? ''} ${skill.description}`);
    if (rank === undefined) continue;
    hits.push({
      name: skill.id,
      source: skill.ref,
      ...(skill.category ? { category: skill.category } : {}),
      description: skill.description,
      installed: sourceSync.installedState(skill, catalog.commit, installed.get(skill.id)) ?? null,
      install: `jarvis skill install ${sourceSync.installRefOf(skill, catalog.skills)}`,
      rank,
    });
  }
  return hits;
}

function installedHits(engine: SkillEngine, words: readonly string[]): Hit[] {
  const { sourceSync } = master();
  const hits: Hit[] = [];
  for (const s of engine.skills()) {
    if (s.shadowed_by) continue;
    const info = engine.info(s);
    const text = [s.name, s.description, ...s.tags, ...info.actions.flatMap((a) => [a.name, a.description])].join(' ');
    const rank = sourceSync.rankOf(words, s.id, text);
    if (rank === undefined) continue;
    const state = sourceSync.installedState({ ref: '', id: s.id, description: '' }, undefined, { id: s.id, dir: s.dir, tier: s.tier });
    hits.push({
      name: s.id,
      source: state?.source ?? s.tier,
      description: s.description ?? '',
      installed: state ? { ...state, from_source: false } : null,
      install: null,
      rank,
    });
  }
  return hits;
}

export function registerSkillSearch(skill: Command, deps: { engine: (config: Config) => SkillEngine }): void {
  skill
    .command('search <query>')
    .description('Find skills by name and description: the installed ones and the catalogs of the skill sources as last fetched')
    .option('--source <source>', 'only this source: hermes, openclaw, github:<owner>/<repo>[/<path>]')
    .option('--installed', 'only the installed skills')
    .option('--fetch', 'pull the sources’ newest catalogs first (network)')
    .option('--limit <n>', `at most this many hits (default ${DEFAULT_LIMIT})`)
    .option('--json', 'print JSON for scripts')
    .action((query: string, opts: { source?: string; installed?: boolean; fetch?: boolean; limit?: string; json?: boolean }) =>
      guarded(async () => {
        const { loadConfig, sourceSync, InstallError } = master();
        const config = loadConfig(process.env);
        const limit = parseLimit(opts.limit);
        if (opts.source !== undefined && opts.installed) throw new InstallError('--source and --installed exclude each other', true);
        const words = sourceSync.queryWords(query);
        if (words.length === 0) throw new InstallError('the query is empty', true);
        const cacheDir = sourceSync.skillCacheDir(config);
        const sources = opts.installed
          ? []
          : opts.source !== undefined
            ? [resolveSource(config, opts.source).source]
            : sourcesToSearch(config, cacheDir);

        const catalogs: SourceCatalog[] = [];
        for (const source of sources)
          catalogs.push(opts.fetch ? await sourceSync.fetchCatalog(cacheDir, source) : sourceSync.readCatalog(cacheDir, source));

        const engine = deps.engine(config);
        const offered = new Map<string, InstalledSkill>(
          engine.skills().flatMap((s) => (s.shadowed_by ? [] : [[s.id, { id: s.id, dir: s.dir, tier: s.tier }] as const])),
        );
        const fromCatalogs = catalogs.flatMap((c) => catalogHits(c, words, offered));
        const listed = new Set(fromCatalogs.map((h) => h.source));
        // An installed skill is its catalog's row when that catalog is searched; otherwise a row of its own.
        const fromInstalled = opts.source !== undefined ? [] : installedHits(engine, words).filter((h) => !listed.has(h.source));
        const all = [...fromInstalled, ...fromCatalogs].sort(
          (a, b) => a.rank - b.rank || Number(b.installed !== null) - Number(a.installed !== null) || a.name.localeCompare(b.name),
        );
        const hits = all.slice(0, limit);

        const lines: SourceLine[] = catalogs.map((c) => ({
          source: c.name,
          ...(c.commit ? { commit: c.commit } : {}),
          skills: c.skills.length,
          fetched: c.commit !== undefined,
          ...(c.error ? { error: sourceSync.displayUrl(c.error) } : {}),
          ...(c.commit
            ? {}
            : {
                hint: `never fetched: jarvis skill sync ${c.name} --dry-run or jarvis skill search <query> --source ${c.name} --fetch fetches its catalog`,
              }),
        }));
        // Asked to fetch and could not: the hits are from the cache, and the exit code says so.
        if (lines.some((l) => l.error)) process.exitCode = EXIT_FAILURE;
        if (opts.json)
          return out(JSON.stringify({ query, hits: hits.map(({ rank: _rank, ...h }) => h), total: all.length, sources: lines }, null, 2));
        if (hits.length === 0) out(`no skill matches "${query}"`);
        else out(table(hits));
        if (all.length > hits.length) out(`${all.length - hits.length} more; --limit ${all.length} shows them all`);
        for (const l of lines) {
          if (l.error) out(`${l.source}: fetch failed: ${l.error}`);
          if (l.hint) out(`${l.source}: ${l.hint}`);
        }
        if (sources.length === 0 && !opts.installed)
          out(
            'no skill source fetched yet: jarvis skill search <query> --source hermes --fetch (or openclaw, github:<owner>/<repo>) searches one',
          );
      }),
    );
}
