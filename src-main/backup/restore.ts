import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { openArchive } from './archive';
import { BackupError } from './errors';
import { DATABASE_ENTRY, DOCUMENTS_PREFIX, SETTINGS_ENTRY, type BackupManifest } from './manifest';
import { runningMaster } from './master-lock';
import { foreignSchemaObjects, rowCounts, type KnownSchemaObjects } from './store/schema-objects';
import { checkpointFile, integrityProblems, readSchemasOfFile } from './store/snapshot';
import { fileStamp } from './stamp';

export interface RestoreTarget {
  readonly dataFile: string;
  readonly filesDir: string;
  readonly settingsFile: string;
  /** The schema version each component of this build knows. */
  readonly knownSchemas: Readonly<Record<string, number>>;
  /**
   * Who may restore what: every restore but the master's own roll-back of a failed upgrade
   * (the backup it wrote a moment before, beside the database) names these.
   */
  readonly security: RestoreSecurity | 'own-upgrade-backup';
}

export interface RestoreSecurity {
  /** The fingerprint of this machine's signing key. */
  readonly machineKey: string;
  /** The tables, views and triggers this build's migrations create. */
  readonly knownObjects: KnownSchemaObjects;
  /**
   * Asked before a backup that this machine did not sign (another machine's, an unsigned
   * or a forged one) replaces anything; false refuses it.
   */
  confirmForeign(summary: BackupSummary): boolean;
}

/** What a foreign backup holds, for the household to decide. */
export interface BackupSummary {
  readonly createdAt: string;
  readonly appVersion: string;
  /** The fingerprint of the key that signed it; undefined = not signed at all. */
  readonly signedBy?: string;
  /** Rows per table of interest (paired devices, MCP tokens, risk policy, members, tasks, events, documents). */
  readonly holds: Readonly<Record<string, number>>;
}

/** The tables whose contents decide whether a backup from elsewhere may come in. */
export const SUMMARY_TABLES = [
  'access_devices',
  'mcp_tokens',
  'risk_policy',
  'household_members',
  'household_tasks',
  'household_events',
  'rag_documents',
] as const;

export interface RestoreResult {
  readonly manifest: BackupManifest;
  /** Where the replaced database, documents and settings were kept. */
  readonly keptAside: readonly string[];
}

/** Components of the backup this build cannot read: unknown ones or newer versions. */
export function newerSchemas(schemas: Readonly<Record<string, number>>, known: Readonly<Record<string, number>>): string[] {
  return Object.entries(schemas)
    .filter(([component, version]) => version > (known[component] ?? 0))
    .map(([component, version]) => `${component} ${version} (this JARVIS knows ${known[component] ?? 'none'})`);
}

function moveAside(path: string, stamp: string, kept: string[]): void {
  for (const suffix of ['', '-wal', '-shm']) {
    if (!existsSync(path + suffix)) continue;
    const aside = `${path}.before-restore-${stamp}${suffix}`;
    renameSync(path + suffix, aside);
    if (suffix === '') kept.push(aside);
  }
}

/**
 * Restores a backup: checks its checksum and schema versions, refuses while a master runs
 * on the database, unpacks beside the target, opens the restored database and runs
 * `PRAGMA integrity_check`; only then moves the current files aside (renamed with a
 * time stamp) and the restored ones in.
 */
export function restoreBackup(file: string, target: RestoreTarget, now: Date = new Date()): RestoreResult {
  const archive = openArchive(file);
  const stamp = fileStamp(now);
  const staging = join(dirname(target.dataFile), `.restoring-${stamp}`);
  try {
    const { manifest } = archive;
    const newer = newerSchemas(manifest.schemas, target.knownSchemas);
    if (newer.length) {
      throw new BackupError(
        'backup.schemaTooNew',
        `${basename(file)} was written by a newer JARVIS (${manifest.app_version}; schema ${newer.join(', ')}). Update JARVIS first; nothing was changed.`,
      );
    }
    const pid = runningMaster(target.dataFile);
    if (pid !== undefined) {
      throw new BackupError(
        'backup.masterRunning',
        `JARVIS is running on ${target.dataFile} (process ${pid}). Stop it first (close the app or stop \`jarvis serve\`); nothing was changed.`,
      );
    }
    mkdirSync(staging, { recursive: true, mode: 0o700 });
    const restoredDb = join(staging, DATABASE_ENTRY);
    archive.extract(DATABASE_ENTRY, restoredDb);
    const problems = integrityProblems(restoredDb);
    if (problems.length) {
      throw new BackupError(
        'backup.integrity',
        `The database in ${basename(file)} fails SQLite's integrity check (${problems.slice(0, 3).join('; ')}); nothing was changed.`,
      );
    }
    const found = readSchemasOfFile(restoredDb);
    const sameSchemas =
      Object.keys(found).length === Object.keys(manifest.schemas).length &&
      Object.entries(found).every(([c, v]) => manifest.schemas[c] === v);
    if (!sameSchemas) {
      throw new BackupError(
        'backup.integrity',
        `The database in ${basename(file)} does not have the schema versions its manifest names; nothing was changed.`,
      );
    }
    if (target.security !== 'own-upgrade-backup') checkProvenance(file, archive.signedBy, manifest, restoredDb, target.security);
    const restoredFiles = join(staging, 'rag-files');
    if (manifest.parts.includes('documents')) {
      mkdirSync(restoredFiles, { recursive: true });
      for (const f of manifest.files) {
        if (!f.name.startsWith(DOCUMENTS_PREFIX)) continue;
        const to = join(restoredFiles, f.name.slice(DOCUMENTS_PREFIX.length));
        mkdirSync(dirname(to), { recursive: true });
        archive.extract(f.name, to);
      }
    }
    const restoredSettings = join(staging, SETTINGS_ENTRY);
    if (manifest.parts.includes('settings')) archive.extract(SETTINGS_ENTRY, restoredSettings);

    // Everything is unpacked and checked: now the swap, each part moved aside before its replacement comes in.
    const kept: string[] = [];
    if (existsSync(target.dataFile)) checkpointFile(target.dataFile);
    moveAside(target.dataFile, stamp, kept);
    mkdirSync(dirname(target.dataFile), { recursive: true });
    renameSync(restoredDb, target.dataFile);
    if (manifest.parts.includes('documents')) {
      moveAside(target.filesDir, stamp, kept);
      mkdirSync(dirname(target.filesDir), { recursive: true });
      renameSync(restoredFiles, target.filesDir);
    }
    if (manifest.parts.includes('settings')) {
      moveAside(target.settingsFile, stamp, kept);
      renameSync(restoredSettings, target.settingsFile);
    }
    return { manifest, keptAside: kept };
  } finally {
    archive.close();
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A backup may hold only the tables, views and triggers this build knows (a planted trigger
 * would run on the household's next write), and one that this machine did not sign comes
 * in only after the household saw what it holds and said yes.
 */
function checkProvenance(
  file: string,
  signedBy: string | undefined,
  manifest: BackupManifest,
  restoredDb: string,
  security: RestoreSecurity,
): void {
  const foreign = foreignSchemaObjects(restoredDb, security.knownObjects);
  if (foreign.length) {
    throw new BackupError(
      'backup.foreignSchema',
      `The database in ${basename(file)} holds what JARVIS never creates (${foreign.slice(0, 5).join(', ')}); nothing was changed.`,
    );
  }
  if (signedBy === security.machineKey) return;
  const summary: BackupSummary = {
    createdAt: manifest.created_at,
    appVersion: manifest.app_version,
    ...(signedBy ? { signedBy } : {}),
    holds: rowCounts(restoredDb, SUMMARY_TABLES),
  };
  if (!security.confirmForeign(summary)) {
    throw new BackupError(
      'backup.notConfirmed',
      `${basename(file)} was ${signedBy ? `signed by another machine (${signedBy})` : 'not signed'}, not by this one, and its restore was not confirmed; nothing was changed.`,
    );
  }
}
