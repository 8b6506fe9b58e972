import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RestoreOutcome, RestoreProblem, RestoreRequest, RestoreStarted } from '../../src-shared';
import { Refusal } from '../platform/errors';
import { openArchive } from './archive';
import { BackupError } from './errors';
import { newerSchemas, restoreBackup } from './restore';
import type { KnownSchemaObjects } from './store/schema-objects';

// A restore started in the Settings screen: checked while JARVIS runs (so a damaged or too
// new backup is refused at once, with nothing stopped), then the same restore as
// `jarvis restore` while the master is stopped, and JARVIS starts again on its own. How it
// went is kept beside the database, for the screen to read once JARVIS is back.

export interface AppRestoreDeps {
  readonly dataFile: string;
  readonly filesDir: string;
  readonly settingsFile: string;
  readonly knownSchemas: Readonly<Record<string, number>>;
  readonly knownObjects: () => KnownSchemaObjects;
  readonly machineKey: () => string;
  /** Stops the master, runs the work on the closed database and starts a new master. */
  readonly restart: ((between: () => void) => void) | undefined;
  readonly clock: () => Date;
}

export function lastRestoreFile(dataFile: string): string {
  return `${dataFile}.last-restore.json`;
}

export function readLastRestore(dataFile: string): RestoreOutcome | undefined {
  try {
    const v = JSON.parse(readFileSync(lastRestoreFile(dataFile), 'utf8')) as Partial<RestoreOutcome>;
    return typeof v.id === 'string' && typeof v.ok === 'boolean' && typeof v.at === 'string' ? (v as RestoreOutcome) : undefined;
  } catch {
    return undefined;
  }
}

function problemOf(err: unknown): RestoreProblem {
  const code = err instanceof BackupError ? err.code : '';
  if (code === 'backup.checksum' || code === 'backup.signature' || code === 'backup.notBackup' || code === 'backup.integrity')
    return 'damaged';
  if (code === 'backup.schemaTooNew') return 'too_new';
  if (code === 'backup.foreignSchema') return 'foreign';
  if (code === 'backup.notConfirmed') return 'not_confirmed';
  return 'failed';
}

/**
 * Checks the backup `file` (a name of the backup folder's list) and, when it may be
 * restored, returns the restore's id and the work that stops, restores and restarts.
 * Throws a Refusal, with nothing changed, for a backup that must not come in.
 */
export function prepareAppRestore(
  deps: AppRestoreDeps,
  folder: string,
  request: RestoreRequest,
): { started: RestoreStarted; run: () => void } {
  const { restart } = deps;
  if (!restart)
    throw new Refusal(
      'conflict',
      'RESTORE_NEEDS_RESTART',
      'This JARVIS cannot restart by itself: stop it and run `jarvis restore` with the backup file.',
    );
  const file = join(folder, request.name);
  const machineKey = deps.machineKey();
  let createdAt: string;
  try {
    const archive = openArchive(file);
    try {
      const { manifest } = archive;
      createdAt = manifest.created_at;
      if (newerSchemas(manifest.schemas, deps.knownSchemas).length)
        throw new Refusal('conflict', 'BACKUP_TOO_NEW', 'This backup was made by a newer JARVIS. Update JARVIS first.');
      if (archive.signedBy !== machineKey && request.confirm_foreign !== true)
        throw new Refusal(
          'conflict',
          'FOREIGN_BACKUP',
          'This backup was not made on this computer. It brings its paired devices and access rules along.',
        );
    } finally {
      archive.close();
    }
  } catch (err) {
    if (err instanceof Refusal) throw err;
    throw new Refusal('invalid', 'BACKUP_DAMAGED', 'This backup is damaged or cannot be read; nothing was changed.');
  }
  const id = randomUUID();
  const keep = (outcome: Omit<RestoreOutcome, 'id' | 'at' | 'backup_created_at'>) => {
    const record: RestoreOutcome = { id, at: deps.clock().toISOString(), backup_created_at: createdAt, ...outcome };
    writeFileSync(lastRestoreFile(deps.dataFile), JSON.stringify(record), { mode: 0o600 });
  };
  const between = () => {
    try {
      restoreBackup(
        file,
        {
          dataFile: deps.dataFile,
          filesDir: deps.filesDir,
          settingsFile: deps.settingsFile,
          knownSchemas: deps.knownSchemas,
          security: {
            machineKey,
            knownObjects: deps.knownObjects(),
            confirmForeign: () => request.confirm_foreign === true,
          },
        },
        deps.clock(),
      );
      keep({ ok: true });
    } catch (err) {
      keep({ ok: false, problem: problemOf(err) });
      throw err;
    }
  };
  return { started: { id }, run: () => restart(between) };
}
