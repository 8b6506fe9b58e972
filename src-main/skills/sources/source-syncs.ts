import type { SkillSourceInfo, SkillSourcesEvent, SkillSourcesResponse, SkillSourceSyncResult } from '../../../src-shared';
import { Refusal } from '../../platform/errors';
import type { Logger } from '../../platform/trace';
import { userSkillsDir } from '../installer';
import { searchPattern } from './catalog';
import { readSourceStates, skillCacheDir } from './checkout';
import { displayUrl } from './git';
import type { SourceUrls } from './skill-source';
import { readSourcesFile, skillSourcesFile, type ConfiguredSource } from './sources-file';
import { syncSource, type SyncOptions } from './sync';

export interface SourceSyncDeps {
  readonly config: SourceUrls & {
    skillsUserDir?: string | undefined;
    skillCacheDir?: string | undefined;
    skillSourcesFile?: string | undefined;
  };
  readonly enabled: boolean;
  /** Workspace skills by id (never shadowed silently). */
  readonly workspace: () => ReadonlyMap<string, string>;
  /** Loads the skills again: new ones become SkillProposals through the engine's gate. */
  readonly reload: () => void;
  readonly publish: (event: SkillSourcesEvent) => void;
  readonly log: Logger;
}

/** How a configured source is synced (the sources file's filter and scripts choice). */
export function syncOptionsOf(c: ConfiguredSource, updateInstalled: boolean): SyncOptions {
  return {
    filter: {
      ...(c.filter.category ? { categories: c.filter.category } : {}),
      ...(c.filter.search ? { search: searchPattern(c.filter.search) } : {}),
    },
    withScripts: c.with_scripts,
    dryRun: false,
    force: false,
    updateInstalled,
  };
}

const HOW_TO_ADD = 'Add one to that file, for example [{"source": "hermes"}] (JARVIS_SKILL_SOURCES_FILE names another file).';

/**
 * The household's "sync now" (UI, HTTP): lists the configured sources with their last sync
 * and runs one sync at a time in the background, like `jarvis skill sync` (skills installed
 * from the source are brought up to date). New and changed skills are never active here: the
 * reload afterwards hands them to the household's SkillProposal gate.
 */
/** A sync result names this many failed skills at most; the counts hold them all. */
const MAX_FAILURES_LISTED = 20;

export class SourceSyncs {
  private running: Promise<void> | undefined;
  private readonly abort = new AbortController();

  constructor(private readonly deps: SourceSyncDeps) {}

  private file(): string {
    return skillSourcesFile(this.deps.config);
  }

  list(): SkillSourcesResponse {
    const file = this.file();
    let configured: ConfiguredSource[];
    try {
      configured = readSourcesFile(file, this.deps.config);
    } catch (err) {
      return { sources: [], file, syncing: this.running !== undefined, problem: displayUrl((err as Error).message) };
    }
    const states = readSourceStates(skillCacheDir(this.deps.config));
    const sources = configured.map((c): SkillSourceInfo => {
      const state = states[c.source.name];
      return {
        name: c.source.name,
        url: displayUrl(c.source.url),
        filter: c.filter,
        auto_update: c.auto_update,
        ...(state
          ? {
              last_sync: {
                at: state.synced_at,
                ...(state.commit ? { commit: state.commit } : {}),
                ...(state.counts ? { counts: state.counts } : {}),
                ...(state.error ? { error: displayUrl(state.error) } : {}),
              },
            }
          : {}),
      };
    });
    return { sources, file, syncing: this.running !== undefined };
  }

  /** Starts a sync of one source (by name) or all; refused while one runs or with nothing to sync. */
  start(name?: string): { sources: string[] } {
    if (!this.deps.enabled) throw new Refusal('conflict', 'SKILLS_OFF', 'Skills are switched off (JARVIS_SKILLS_ENABLED=false).');
    if (this.running)
      throw new Refusal('conflict', 'SKILL_SYNC_RUNNING', 'A sync of the skill sources is already running. Wait until it has finished.');
    const file = this.file();
    let configured: ConfiguredSource[];
    try {
      configured = readSourcesFile(file, this.deps.config);
    } catch (err) {
      throw new Refusal('conflict', 'SKILL_SOURCES_INVALID', displayUrl((err as Error).message));
    }
    if (configured.length === 0)
      throw new Refusal('conflict', 'SKILL_SOURCES_NONE', `No skill sources are set up in ${file}. ${HOW_TO_ADD}`);
    const chosen = name === undefined ? configured : configured.filter((c) => c.source.name === name);
    if (chosen.length === 0)
      throw new Refusal(
        'not_found',
        'SKILL_SOURCE_UNKNOWN',
        `${name} is not a configured skill source (${configured.map((c) => c.source.name).join(', ')}).`,
      );
    this.running = this.run(chosen).finally(() => {
      this.running = undefined;
    });
    return { sources: chosen.map((c) => c.source.name) };
  }

  private async run(chosen: readonly ConfiguredSource[]): Promise<void> {
    const ctx = {
      userDir: userSkillsDir(this.deps.config),
      cacheDir: skillCacheDir(this.deps.config),
      workspace: this.deps.workspace(),
      signal: this.abort.signal,
    };
    const results: SkillSourceSyncResult[] = [];
    for (const c of chosen) {
      if (this.abort.signal.aborted) break;
      this.deps.publish({ state: 'running', source: c.source.name });
      try {
        const report = await syncSource(ctx, c.source, syncOptionsOf(c, true));
        const failures = report.items
          .filter((i) => i.outcome === 'failed')
          .slice(0, MAX_FAILURES_LISTED)
          .map((i) => ({ skill: i.id, reason: displayUrl(i.reason ?? 'not installed') }));
        results.push({
          source: report.source,
          counts: report.counts,
          ...(report.error ? { error: displayUrl(report.error) } : {}),
          ...(failures.length > 0 ? { failures } : {}),
        });
      } catch (err) {
        const error = displayUrl(err instanceof Error ? err.message : String(err));
        results.push({ source: c.source.name, counts: { installed: 0, updated: 0, skipped: 0, failed: 0 }, error });
      }
      const last = results[results.length - 1];
      if (last?.error) this.deps.log.warn(`skill source ${last.source}: ${last.error}`);
    }
    if (this.abort.signal.aborted) return;
    if (results.some((r) => r.counts.installed + r.counts.updated > 0)) this.deps.reload();
    this.deps.publish({ state: 'done', results });
  }

  /** Stops git and the installing; settles when nothing runs any more. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }
}
