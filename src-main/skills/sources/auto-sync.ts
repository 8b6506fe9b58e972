import type { ComponentStatus } from '../../../src-shared';
import type { Logger } from '../../platform/trace';
import { userSkillsDir } from '../installer';
import { skillCacheDir } from './checkout';
import { displayUrl } from './git';
import type { SourceUrls } from './skill-source';
import { syncOptionsOf } from './source-syncs';
import { readSourcesFile, skillSourcesFile } from './sources-file';
import { syncSource, type SyncReport } from './sync';

/** The background sync starts this long after the master, past the first requests of a start. */
export const AUTO_SYNC_DELAY_MS = 500;
/** All sources together get this long; git is stopped when it runs out. */
export const AUTO_SYNC_BUDGET_MS = 10 * 60_000;

export interface AutoSyncDeps {
  readonly config: SourceUrls & {
    skillsUserDir?: string | undefined;
    skillCacheDir?: string | undefined;
    skillSourcesFile?: string | undefined;
  };
  /** Workspace skills by id (never shadowed silently). */
  readonly workspace: () => ReadonlyMap<string, string>;
  /** Loads the skills again: new ones become SkillProposals through the engine's gate. */
  readonly reload: () => void;
  readonly log: Logger;
}

export interface AutoSync {
  status(): ComponentStatus;
  /** Settles when the sync has finished (or was stopped). */
  readonly done: Promise<void>;
  /** Stops git and the installing; settles when nothing runs any more. */
  stop(): Promise<void>;
}

/**
 * JARVIS_SKILL_AUTO_SYNC: syncs every configured source once, in the background after the
 * start, within a time budget. Skills already installed from a source are updated only when
 * its entry says `auto_update`; nothing is ever activated here, the reload hands new and
 * changed skills to the household's SkillProposal gate.
 */
export function startAutoSync(deps: AutoSyncDeps): AutoSync {
  const abort = new AbortController();
  let status: ComponentStatus = { state: 'ok', detail: 'syncing the skill sources', code: 'skillSources.syncing', params: { sources: 0 } };
  let timer: NodeJS.Timeout | undefined;
  let budget: NodeJS.Timeout | undefined;

  const run = async (): Promise<void> => {
    let configured;
    try {
      configured = readSourcesFile(skillSourcesFile(deps.config), deps.config);
    } catch (err) {
      const detail = displayUrl(err instanceof Error ? err.message : String(err));
      status = { state: 'error', detail, code: 'skillSources.failed', params: { failed: 1, sources: 0 } };
      deps.log.warn(`skill sources: ${detail}`);
      return;
    }
    status = { ...status, params: { sources: configured.length } };
    budget = setTimeout(() => abort.abort(), AUTO_SYNC_BUDGET_MS);
    budget.unref();
    const ctx = {
      userDir: userSkillsDir(deps.config),
      cacheDir: skillCacheDir(deps.config),
      workspace: deps.workspace(),
      signal: abort.signal,
    };
    const reports: SyncReport[] = [];
    for (const c of configured) {
      if (abort.signal.aborted) break;
      const report = await syncSource(ctx, c.source, syncOptionsOf(c, c.auto_update));
      reports.push(report);
      const problem = report.error ?? (report.counts.failed > 0 ? `${report.counts.failed} skills failed` : undefined);
      if (problem) deps.log.warn(`skill source ${report.source}: ${problem}`);
    }
    clearTimeout(budget);
    const sum = (k: 'installed' | 'updated') => reports.reduce((n, r) => n + r.counts[k], 0);
    const failedSources = reports.filter((r) => r.error !== undefined || r.counts.failed > 0);
    if (sum('installed') + sum('updated') > 0 && !abort.signal.aborted) deps.reload();
    const at = new Date().toISOString();
    const counts = `${sum('installed')} installed, ${sum('updated')} updated`;
    status =
      failedSources.length > 0
        ? {
            state: 'degraded',
            detail: `synced at ${at}: ${counts}; ${failedSources.map((r) => `${r.source}: ${r.error ?? `${r.counts.failed} skills failed`}`).join('; ')}`,
            code: 'skillSources.failed',
            params: { failed: failedSources.length, sources: configured.length },
          }
        : {
            state: 'ok',
            detail: `synced at ${at}: ${counts}`,
            code: 'skillSources.synced',
            params: { installed: sum('installed'), updated: sum('updated') },
          };
  };

  let started = false;
  const done = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      started = true;
      run()
        .catch((err: unknown) => {
          const detail = displayUrl(err instanceof Error ? err.message : String(err));
          status = { state: 'error', detail, code: 'skillSources.failed', params: { failed: 1, sources: 0 } };
          deps.log.warn(`skill sources: ${detail}`);
        })
        .finally(resolve);
    }, AUTO_SYNC_DELAY_MS);
    timer.unref();
    abort.signal.addEventListener('abort', () => {
      if (started) return;
      clearTimeout(timer);
      resolve();
    });
  });

  return {
    status: () => status,
    done,
    stop() {
      abort.abort();
      if (budget) clearTimeout(budget);
      return done;
    },
  };
}
