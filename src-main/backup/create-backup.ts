import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { writeArchive, writeArchiveSync, type ArchiveSource, type BackupSigner } from './archive';
import { BACKUP_FORMAT, DATABASE_ENTRY, DOCUMENTS_PREFIX, SETTINGS_ENTRY, type BackupManifest, type BackupPart } from './manifest';
import { readSchemasOfFile } from './store/snapshot';

export interface BackupSources {
  readonly appVersion: string;
  /** The documents' original files (the knowledge base's folder). */
  readonly filesDir?: string;
  /** The desktop app's settings file, when there is one. */
  readonly settingsFile?: string;
  /** The machine's key: a restore elsewhere can then tell the backup is not its own. */
  readonly signer?: BackupSigner;
  /** Names of the sealed secrets in the database, for the manifest to say they are not carried. */
  readonly secretsNotCarried?: readonly string[];
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  }
  return out.sort();
}

/**
 * Packs a database snapshot (made by `snapshot` into a temporary file) with the documents
 * and the settings into one archive at `out`.
 */
export async function createBackup(
  out: string,
  sources: BackupSources,
  snapshot: (target: string) => void | Promise<void>,
  now: Date = new Date(),
): Promise<BackupManifest> {
  mkdirSync(dirname(out), { recursive: true, mode: 0o700 });
  const work = mkdtempSync(join(dirname(out), '.jarvis-backup-'));
  try {
    const dbCopy = join(work, DATABASE_ENTRY);
    await snapshot(dbCopy);
    const { manifest, entries } = plan(dbCopy, sources, now);
    return await writeArchive(out, manifest, entries, sources.signer);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The same with a snapshot that is made at once (the master before it migrates, which cannot wait). */
export function createBackupSync(
  out: string,
  sources: BackupSources,
  snapshot: (target: string) => void,
  now: Date = new Date(),
): BackupManifest {
  mkdirSync(dirname(out), { recursive: true, mode: 0o700 });
  const work = mkdtempSync(join(dirname(out), '.jarvis-backup-'));
  try {
    const dbCopy = join(work, DATABASE_ENTRY);
    snapshot(dbCopy);
    const { manifest, entries } = plan(dbCopy, sources, now);
    return writeArchiveSync(out, manifest, entries, sources.signer);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What goes into the archive: the snapshot, then the documents and the settings when there are any. */
function plan(dbCopy: string, sources: BackupSources, now: Date): { manifest: Omit<BackupManifest, 'files'>; entries: ArchiveSource[] } {
  const schemas = readSchemasOfFile(dbCopy);
  const entries: ArchiveSource[] = [{ name: DATABASE_ENTRY, path: dbCopy }];
  const parts: BackupPart[] = ['database'];
  if (sources.filesDir) {
    const files = listFiles(sources.filesDir);
    parts.push('documents');
    for (const f of files) entries.push({ name: DOCUMENTS_PREFIX + relative(sources.filesDir, f).split(sep).join('/'), path: f });
  }
  if (sources.settingsFile && existsSync(sources.settingsFile) && statSync(sources.settingsFile).isFile()) {
    parts.push('settings');
    entries.push({ name: SETTINGS_ENTRY, path: sources.settingsFile });
  }
  return {
    manifest: {
      format: BACKUP_FORMAT,
      format_version: 1,
      app_version: sources.appVersion,
      created_at: now.toISOString(),
      schemas,
      parts,
      ...(sources.secretsNotCarried?.length ? { secrets_not_carried: [...sources.secretsNotCarried] } : {}),
    },
    entries,
  };
}
