import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readInstallRecord, type InstallRecord } from '../install-record';
import { installSkill } from '../installer';
import { treeSha256 } from '../tree-hash';
import { catalogOf, entryMatchesKey, matchesFilter, type CatalogEntry, type CatalogFilter } from './catalog';
import { lockSource, refreshCheckout, writeSourceState } from './checkout';
import { displayUrl } from './git';
import { writeCatalogIndex } from './search';
import type { SkillRef, SkillSourceDef } from './skill-source';

export interface SyncContext {
  readonly userDir: string;
  readonly cacheDir: string;
  /** Workspace skills by id: a source's skill of the same name is not installed behind one silently. */
  readonly workspace: ReadonlyMap<string, string>;
  readonly signal?: AbortSignal;
}

export type SyncOutcome = 'installed' | 'updated' | 'skipped' | 'failed';

export interface SyncItem {
  readonly ref: string;
  readonly id: string;
  readonly category?: string;
  readonly outcome: SyncOutcome;
  /** Why it was skipped or failed; for a dry run, that nothing was written. */
  readonly reason?: string;
  readonly dir?: string;
  /** Files of the skill that were not installed (scripts/ without --with-scripts, symbolic links, oversized files). */
  readonly skipped_files: readonly string[];
  readonly warnings: readonly string[];
}

export interface SyncReport {
  readonly source: string;
  readonly url: string;
  readonly commit?: string;
  readonly dry_run: boolean;
  readonly items: readonly SyncItem[];
  readonly counts: Readonly<Record<SyncOutcome, number>>;
  /** The source could not be fetched: nothing was installed. */
  readonly error?: string;
}

interface Mode {
  /** Install skills that are not installed yet (sync, install); update only touches installed ones. */
  readonly installNew: boolean;
  /** Replace a newer version of a skill installed from this source (false: a background sync of a source without auto_update). */
  readonly updateExisting: boolean;
  /** Replace a skill of the same name installed from elsewhere (install --force). */
  readonly replaceForeign: boolean;
  /** Replace a skill whose files were changed since it was installed. */
  readonly force: boolean;
  readonly dryRun: boolean;
  /** undefined: what the install record says (update keeps the household's choice). */
  readonly withScripts?: boolean;
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

function localTreeSha(dir: string): string | undefined {
  try {
    return treeSha256(dir);
  } catch {
    return undefined; // a link out of the folder: certainly not the installed tree
  }
}

function countsOf(items: readonly SyncItem[]): Record<SyncOutcome, number> {
  const counts = { installed: 0, updated: 0, skipped: 0, failed: 0 };
  for (const i of items) counts[i.outcome] += 1;
  return counts;
}

/** One skill of the source into the user folder, staged first so a failure leaves the installed one as it was. */
function applyEntry(ctx: SyncContext, entry: CatalogEntry, commit: string, mode: Mode, staging: string): SyncItem {
  const base = { ref: entry.ref, id: entry.id, ...(entry.category ? { category: entry.category } : {}), skipped_files: [], warnings: [] };
  if (entry.error) return { ...base, outcome: 'failed', reason: entry.error };
  const workspace = ctx.workspace.get(entry.id);
  if (workspace)
    return {
      ...base,
      outcome: 'skipped',
      reason: `the workspace has a skill named ${entry.id} (${workspace}); installed here it would be shadowed`,
    };
  const dest = join(ctx.userDir, entry.id);
  const installed = existsSync(dest);
  const record: InstallRecord | undefined = installed ? readInstallRecord(dest) : undefined;
  const ours = record?.source === entry.ref;
  if (installed && !ours && !mode.replaceForeign) {
    const from = record ? `from ${displayUrl(record.source)}` : 'by hand (no install record)';
    return { ...base, outcome: 'skipped', reason: `${entry.id} is already installed ${from}; not replaced` };
  }
  if (!installed && !mode.installNew) return { ...base, outcome: 'skipped', reason: 'not installed' };
  const locallyChanged = installed && ours && localTreeSha(dest) !== record?.sha256;
  if (locallyChanged && !mode.force)
    return {
      ...base,
      outcome: 'skipped',
      reason: 'its files were changed here since it was installed (they no longer match the install SHA-256); --force replaces them',
    };
  const withScripts = mode.withScripts ?? record?.with_scripts ?? false;
  // Taken from this very commit and untouched since: nothing to compare (a re-sync of a large collection stays cheap).
  if (installed && ours && !locallyChanged && record?.commit === commit && record.with_scripts === withScripts)
    return { ...base, outcome: 'skipped', reason: 'unchanged', dir: dest };
  const into = mkdtempSync(join(staging, 'skill-'));
  try {
    const result = installSkill({ source: entry.dir, withScripts, force: true, userDir: into, recordSource: entry.ref, commit });
    const item = { ...base, id: result.id, skipped_files: result.skipped, warnings: result.warnings };
    if (result.id !== entry.id)
      return { ...item, outcome: 'failed', reason: `the skill calls itself ${result.id}, its folder says ${entry.id}` };
    if (installed && ours && !locallyChanged && record?.sha256 === result.sha256 && record.with_scripts === withScripts)
      return { ...item, outcome: 'skipped', reason: 'unchanged', dir: dest };
    if (installed && ours && !mode.updateExisting)
      return { ...item, outcome: 'skipped', reason: 'a newer version is in the source; auto_update is off' };
    const outcome: SyncOutcome = installed ? 'updated' : 'installed';
    if (mode.dryRun) return { ...item, outcome, reason: 'dry run: nothing written', dir: dest };
    rmSync(dest, { recursive: true, force: true });
    renameSync(result.dir, dest);
    return { ...item, outcome, dir: dest };
  } catch (err) {
    return { ...base, outcome: 'failed', reason: err instanceof Error ? displayUrl(err.message) : String(err) };
  } finally {
    rmSync(into, { recursive: true, force: true });
  }
}

async function run(
  ctx: SyncContext,
  source: SkillSourceDef,
  mode: Mode,
  /** The skills to apply, and items that are already decided (a skill that is not in the source). */
  select: (entries: readonly CatalogEntry[]) => (CatalogEntry | SyncItem)[],
): Promise<SyncReport> {
  const url = displayUrl(source.url);
  let release: () => void;
  try {
    release = lockSource(ctx.cacheDir, source);
  } catch (err) {
    return { source: source.name, url, dry_run: mode.dryRun, items: [], counts: countsOf([]), error: (err as Error).message };
  }
  try {
    return await runLocked(ctx, source, mode, select);
  } finally {
    release();
  }
}

async function runLocked(
  ctx: SyncContext,
  source: SkillSourceDef,
  mode: Mode,
  select: (entries: readonly CatalogEntry[]) => (CatalogEntry | SyncItem)[],
): Promise<SyncReport> {
  const url = displayUrl(source.url);
  let checkout;
  try {
    checkout = await refreshCheckout(source, ctx.cacheDir, ctx.signal);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    if (!mode.dryRun) writeSourceState(ctx.cacheDir, source, { synced_at: new Date().toISOString(), error });
    return { source: source.name, url, dry_run: mode.dryRun, items: [], counts: countsOf([]), error };
  }
  const catalog = catalogOf(source, checkout.dir);
  writeCatalogIndex(ctx.cacheDir, source, checkout.commit, catalog);
  const chosen = select(catalog);
  const items: SyncItem[] = [];
  if (chosen.some((c) => !('outcome' in c))) {
    mkdirSync(ctx.userDir, { recursive: true });
    // A dot folder in the user folder: never loaded as a skill, and on the same file system, so a finished skill moves in at once.
    const staging = mkdtempSync(join(ctx.userDir, '.jarvis-sync-'));
    try {
      for (const entry of chosen) {
        if ('outcome' in entry) {
          items.push(entry);
          continue;
        }
        if (ctx.signal?.aborted) {
          items.push({ ref: entry.ref, id: entry.id, outcome: 'failed', reason: 'the sync was stopped', skipped_files: [], warnings: [] });
          continue;
        }
        items.push(applyEntry(ctx, entry, checkout.commit, mode, staging));
        await pause(); // a large collection never holds the master's event loop for long
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  } else items.push(...(chosen as SyncItem[]));
  const counts = countsOf(items);
  if (!mode.dryRun) writeSourceState(ctx.cacheDir, source, { commit: checkout.commit, synced_at: new Date().toISOString(), counts });
  return { source: source.name, url, commit: checkout.commit, dry_run: mode.dryRun, items, counts };
}

export interface SyncOptions {
  readonly filter: CatalogFilter;
  readonly withScripts: boolean;
  readonly dryRun: boolean;
  readonly force: boolean;
  /** false: skills already installed from the source are left as they are (a background sync without auto_update). */
  readonly updateInstalled?: boolean;
}

/** `jarvis skill sync`: every skill of the source that matches the filter, installed or brought up to date. */
export function syncSource(ctx: SyncContext, source: SkillSourceDef, options: SyncOptions): Promise<SyncReport> {
  const mode: Mode = {
    installNew: true,
    updateExisting: options.updateInstalled !== false,
    replaceForeign: false,
    force: options.force,
    dryRun: options.dryRun,
    withScripts: options.withScripts,
  };
  return run(ctx, source, mode, (entries) => entries.filter((e) => matchesFilter(e, options.filter)));
}

/** `jarvis skill install hermes:<name>` and the like: one skill of a source. */
export function installFromSource(ctx: SyncContext, ref: SkillRef, options: { withScripts: boolean; force: boolean }): Promise<SyncReport> {
  const mode: Mode = {
    installNew: true,
    updateExisting: true,
    replaceForeign: options.force,
    force: options.force,
    dryRun: false,
    withScripts: options.withScripts,
  };
  return run(ctx, ref.source, mode, (entries) => {
    const hits = entries.filter((e) => entryMatchesKey(ref.source, e, ref.key));
    const none = { ref: `${ref.source.refPrefix.split(':')[0]}:${ref.key}`, id: ref.key, skipped_files: [], warnings: [] };
    if (hits.length === 0) return [{ ...none, outcome: 'failed', reason: `${ref.source.name} has no skill ${ref.key}` }];
    if (hits.length > 1) {
      const options = hits.map((h) => (h.category ? `${h.category}/${h.ref.split(':')[1]}` : h.ref)).join(', ');
      return [{ ...none, outcome: 'failed', reason: `${ref.key} names several skills; choose one: ${options}` }];
    }
    return hits;
  });
}

/** The skills in the user folder whose install record names this source. */
export function installedFrom(userDir: string, source: SkillSourceDef): Map<string, InstallRecord> {
  const out = new Map<string, InstallRecord>();
  let names: string[] = [];
  try {
    names = readdirSync(userDir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const record = readInstallRecord(join(userDir, name));
    if (record?.source.startsWith(source.refPrefix)) out.set(record.source, record);
  }
  return out;
}

/** `jarvis skill update`: the skills installed from the source, each brought to the source's newest version. */
export function updateSource(ctx: SyncContext, source: SkillSourceDef, options: { force: boolean; dryRun: boolean }): Promise<SyncReport> {
  const mode: Mode = { installNew: false, updateExisting: true, replaceForeign: false, force: options.force, dryRun: options.dryRun };
  return run(ctx, source, mode, (entries) => {
    const installed = installedFrom(ctx.userDir, source);
    const chosen = entries.filter((e) => installed.has(e.ref));
    const gone = [...installed.keys()].filter((ref) => !entries.some((e) => e.ref === ref));
    // Listed, never removed: the household decides about a skill its source dropped.
    const dropped = gone.map((ref): SyncItem => ({
      ref,
      id: ref.replace(/^.*[:/]/, ''),
      outcome: 'skipped',
      reason: 'no longer in the source (kept as installed)',
      skipped_files: [],
      warnings: [],
    }));
    return [...chosen, ...dropped];
  });
}
