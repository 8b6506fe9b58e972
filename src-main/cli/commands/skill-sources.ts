import type { Command } from 'commander';
import { masterBundle } from '../../master/bundle';
import type { Config } from '../../platform/config';
import type { ConfiguredSource, SkillSourceDef, SyncContext, SyncReport } from '../../skills/sources';
import { EXIT_FAILURE, EXIT_USAGE } from '../exit-codes';
import { formatTable } from '../table';

const out = (text: string): void => void process.stdout.write(`${text}\n`);
const err = (text: string): void => void process.stderr.write(`jarvis skill: ${text}\n`);
const master = () => masterBundle().exports;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Workspace skills by id, so a sync never hides one of them behind a skill of the same name without saying so. */
function syncContext(config: Config): SyncContext {
  const { createSkillEngine, SkillRegistry, Tracer, userSkillsDir, sourceSync } = master();
  const engine = createSkillEngine({ config, registry: new SkillRegistry(), tracer: new Tracer({ enabled: false, limit: 1 }) });
  engine.reload();
  const workspace = new Map(engine.skills().flatMap((s) => (s.tier === 'workspace' ? [[s.id, s.dir] as const] : [])));
  return { userDir: userSkillsDir(config), cacheDir: sourceSync.skillCacheDir(config), workspace };
}

export function configured(config: Config): ConfiguredSource[] {
  const { sourceSync } = master();
  return sourceSync.readSourcesFile(sourceSync.skillSourcesFile(config), config);
}

/** A source named on the command line, with what the sources file says about it (URL, filter). */
export function resolveSource(config: Config, name: string, url?: string): { source: SkillSourceDef; entry?: ConfiguredSource } {
  const { sourceSync, InstallError } = master();
  const parsed = sourceSync.parseSourceName(name, config, url);
  if (!parsed)
    throw new InstallError(`unknown source ${JSON.stringify(name)}: use hermes, openclaw or github:<owner>/<repo>[/<path>]`, true);
  // `github:<owner>/<repo>` alone takes the configured entry's path; a path given on the command line wins.
  const entry = configured(config).find((c) => c.source.name === parsed.name && (parsed.root === '' || c.source.root === parsed.root));
  if (!entry) return { source: parsed };
  return { source: url ? { ...entry.source, url } : entry.source, entry };
}

/** Runs a command body; an InstallError (bad source, bad regex, bad sources file) is its message and exit code. */
export async function guarded(body: () => Promise<void> | void): Promise<void> {
  const { InstallError } = master();
  try {
    await body();
  } catch (e) {
    if (!(e instanceof InstallError)) throw e;
    err(e.message);
    process.exitCode = e.usage ? EXIT_USAGE : EXIT_FAILURE;
  }
}

function summary(report: SyncReport): string {
  const c = report.counts;
  return `${c.installed} installed, ${c.updated} updated, ${c.skipped} skipped, ${c.failed} failed${report.dry_run ? ' (dry run: nothing written)' : ''}`;
}

function printReport(report: SyncReport): void {
  out(`${report.source}  ${report.url}${report.commit ? `  commit ${report.commit.slice(0, 12)}` : ''}`);
  if (report.error) {
    out(`failed: ${report.error}`);
    return;
  }
  if (report.items.length > 0) {
    const rows = report.items.map((i) => [i.outcome, i.id, i.category ?? '', i.reason ?? '']);
    out(formatTable(['result', 'skill', 'category', 'reason'], rows));
    for (const i of report.items) {
      for (const f of i.skipped_files) out(`${i.id}: not installed: ${f}`);
      for (const w of i.warnings) out(`${i.id}: warning: ${w}`);
    }
  }
  out(summary(report));
}

function failed(report: SyncReport): boolean {
  return report.error !== undefined || report.counts.failed > 0;
}

/** Whether `jarvis skill install` was given a source's skill (`hermes:<name>`, `openclaw:…`, `github:…`) rather than a folder or git URL. */
export function isSourceSkill(spec: string): boolean {
  return /^(hermes|openclaw|github):/.test(spec);
}

/** `jarvis skill install hermes:<name>` and the others. */
export const installFromSourceCommand = (spec: string, opts: { withScripts?: boolean; force?: boolean; json?: boolean; url?: string }) =>
  guarded(async () => {
    const { loadConfig, sourceSync, InstallError } = master();
    const config = loadConfig(process.env);
    const ref = sourceSync.parseSkillRef(spec, config, opts.url);
    if (!ref) throw new InstallError(`${spec} names no skill source`, true);
    const source = opts.url ? ref.source : (configured(config).find((c) => c.source.name === ref.source.name)?.source ?? ref.source);
    const report = await sourceSync.installFromSource(
      syncContext(config),
      { ...ref, source: { ...ref.source, url: source.url } },
      {
        withScripts: opts.withScripts === true,
        force: opts.force === true,
      },
    );
    if (opts.json) out(JSON.stringify(report, null, 2));
    else printReport(report);
    const item = report.items[0];
    const ok = !failed(report) && item !== undefined && (item.outcome !== 'skipped' || item.reason === 'unchanged');
    if (!ok) process.exitCode = EXIT_FAILURE;
  });

export function registerSkillSources(skill: Command): void {
  skill
    .command('sync <source>')
    .description('Install every matching skill of a source: hermes, openclaw, github:<owner>/<repo>[/<path>]')
    .option('--category <category>', 'only skills of this category (repeatable)', collect, [])
    .option('--search <regex>', 'only skills whose name or description matches (case-insensitive)')
    .option('--with-scripts', 'also install the skills’ scripts/ folders (skipped by default)')
    .option('--dry-run', 'report what would change, write nothing')
    .option('--force', 'replace skills whose files were changed here since they were installed')
    .option('--url <git url>', 'clone the source from here instead of its configured URL')
    .option('--json', 'print JSON for scripts')
    .action(
      (
        name: string,
        opts: {
          category: string[];
          search?: string;
          withScripts?: boolean;
          dryRun?: boolean;
          force?: boolean;
          url?: string;
          json?: boolean;
        },
      ) =>
        guarded(async () => {
          const { loadConfig, sourceSync } = master();
          const config = loadConfig(process.env);
          const search = opts.search !== undefined ? sourceSync.searchPattern(opts.search) : undefined;
          const { source, entry } = resolveSource(config, name, opts.url);
          const categories = opts.category.length > 0 ? opts.category : entry?.filter.category;
          const pattern = search ?? (entry?.filter.search !== undefined ? sourceSync.searchPattern(entry.filter.search) : undefined);
          const report = await sourceSync.syncSource(syncContext(config), source, {
            filter: { ...(categories ? { categories } : {}), ...(pattern ? { search: pattern } : {}) },
            withScripts: opts.withScripts === true || entry?.with_scripts === true,
            dryRun: opts.dryRun === true,
            force: opts.force === true,
          });
          if (opts.json) out(JSON.stringify(report, null, 2));
          else printReport(report);
          if (failed(report)) process.exitCode = EXIT_FAILURE;
        }),
    );

  skill
    .command('sources')
    .description('The configured skill sources with their URL, filter, auto_update and last sync')
    .option('--json', 'print JSON for scripts')
    .action((opts: { json?: boolean }) =>
      guarded(() => {
        const { loadConfig, sourceSync } = master();
        const config = loadConfig(process.env);
        const file = sourceSync.skillSourcesFile(config);
        const states = sourceSync.readSourceStates(sourceSync.skillCacheDir(config));
        const sources = configured(config).map((c) => {
          const state = states[c.source.name];
          return {
            name: c.source.name,
            url: sourceSync.displayUrl(c.source.url),
            ...(c.source.root && c.source.kind === 'github' ? { path: c.source.root } : {}),
            filter: c.filter,
            auto_update: c.auto_update,
            with_scripts: c.with_scripts,
            ...(state ? { last_sync: state } : {}),
          };
        });
        if (opts.json) return out(JSON.stringify({ file, auto_sync: config.skillAutoSync, sources }, null, 2));
        if (sources.length === 0) {
          out(`no skill sources configured in ${file}`);
          out(
            `known sources: hermes (${sourceSync.displayUrl(config.skillHermesUrl)}), openclaw (${sourceSync.displayUrl(config.skillOpenclawUrl)}), github:<owner>/<repo>[/<path>]`,
          );
          return;
        }
        const filterText = (f: ConfiguredSource['filter']) =>
          [f.category ? `category ${f.category.join(',')}` : '', f.search ? `search /${f.search}/` : ''].filter(Boolean).join('; ') || '-';
        const rows = sources.map((s) => [
          s.name,
          s.url,
          filterText(s.filter),
          s.auto_update ? 'yes' : 'no',
          s.last_sync?.synced_at ?? 'never',
          s.last_sync?.commit?.slice(0, 12) ?? '',
          s.last_sync?.error
            ? `failed: ${s.last_sync.error}`
            : s.last_sync?.counts
              ? `${s.last_sync.counts.installed} installed, ${s.last_sync.counts.updated} updated`
              : '',
        ]);
        out(formatTable(['source', 'url', 'filter', 'auto update', 'last sync', 'commit', 'result'], rows));
        out(`file: ${file}; background sync after start: ${config.skillAutoSync ? 'on' : 'off'} (JARVIS_SKILL_AUTO_SYNC)`);
      }),
    );

  skill
    .command('update [sources...]')
    .description('Pull sources and update the skills installed from them (without names: every configured source with auto_update)')
    .option('--dry-run', 'report what would change, write nothing')
    .option('--force', 'also replace skills whose files were changed here since they were installed')
    .option('--json', 'print JSON for scripts')
    .action((names: string[], opts: { dryRun?: boolean; force?: boolean; json?: boolean }) =>
      guarded(async () => {
        const { loadConfig, sourceSync } = master();
        const config = loadConfig(process.env);
        const sources =
          names.length > 0
            ? names.map((n) => resolveSource(config, n).source)
            : configured(config)
                .filter((c) => c.auto_update)
                .map((c) => c.source);
        if (sources.length === 0) {
          err(`no source has "auto_update": true in ${sourceSync.skillSourcesFile(config)}; name one, e.g. jarvis skill update hermes`);
          process.exitCode = EXIT_USAGE;
          return;
        }
        const ctx = syncContext(config);
        const reports: SyncReport[] = [];
        for (const source of sources)
          reports.push(await sourceSync.updateSource(ctx, source, { force: opts.force === true, dryRun: opts.dryRun === true }));
        if (opts.json) out(JSON.stringify({ reports }, null, 2));
        else
          for (const [i, report] of reports.entries()) {
            if (i > 0) out('');
            printReport(report);
          }
        if (reports.some(failed)) process.exitCode = EXIT_FAILURE;
      }),
    );
}
