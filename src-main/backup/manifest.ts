import { BackupError } from './errors';

export const BACKUP_FORMAT = 'jarvis-backup';

/** What a backup holds: the database always; the documents' files and the settings when there were any. */
export type BackupPart = 'database' | 'documents' | 'settings';

export interface BackupManifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly format_version: 1;
  readonly app_version: string;
  readonly created_at: string;
  /** The schema version of each component in the backed-up database. */
  readonly schemas: Readonly<Record<string, number>>;
  readonly parts: readonly BackupPart[];
  /**
   * The secrets typed into the app that this backup cannot give back elsewhere: they are
   * sealed with a key kept apart from the database (the keychain or the key file), which no
   * backup holds. They are entered again after a restore on another computer.
   */
  readonly secrets_not_carried?: readonly string[];
  readonly files: readonly { readonly name: string; readonly size: number }[];
}

export const DATABASE_ENTRY = 'jarvis.db';
export const SETTINGS_ENTRY = 'settings.json';
export const DOCUMENTS_PREFIX = 'rag-files/';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A name inside the archive never climbs out of the folder it is restored into. */
export function safeEntryName(name: string): boolean {
  return (
    name.length > 0 &&
    !name.startsWith('/') &&
    !name.includes('\\') &&
    !name.includes('\0') &&
    name.split('/').every((p) => p !== '' && p !== '.' && p !== '..')
  );
}

export function parseManifest(text: string, file: string): BackupManifest {
  const bad = (why: string) => new BackupError('backup.notBackup', `${file} has an unreadable manifest: ${why}.`);
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    throw bad('not JSON');
  }
  if (!isRecord(m) || m.format !== BACKUP_FORMAT) throw bad('not a JARVIS backup manifest');
  if (m.format_version !== 1)
    throw new BackupError(
      'backup.tooNew',
      `${file} was written in backup format ${String(m.format_version)}; this JARVIS reads format 1. Update JARVIS to restore it.`,
    );
  if (typeof m.app_version !== 'string' || typeof m.created_at !== 'string') throw bad('no version or date');
  if (!isRecord(m.schemas) || !Object.values(m.schemas).every((v) => Number.isInteger(v) && (v as number) >= 0))
    throw bad('no schema versions');
  if (!Array.isArray(m.parts) || !m.parts.every((p) => p === 'database' || p === 'documents' || p === 'settings'))
    throw bad('unknown parts');
  if (!Array.isArray(m.files)) throw bad('no file list');
  const names = new Set<string>();
  for (const f of m.files as unknown[]) {
    if (!isRecord(f) || typeof f.name !== 'string' || !safeEntryName(f.name) || !Number.isSafeInteger(f.size) || (f.size as number) < 0)
      throw bad('a file entry is invalid');
    if (names.has(f.name)) throw bad(`${f.name} is listed twice`);
    names.add(f.name);
  }
  if (!names.has(DATABASE_ENTRY)) throw bad('it holds no database');
  return m as unknown as BackupManifest;
}
