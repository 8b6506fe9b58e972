import { existsSync } from 'node:fs';
import { SchemaTooNewError, type Db } from '../platform/database';
import { loadOrCreateSigner } from '../protocol';
import { createBackupSync } from './create-backup';
import { restoreBackup } from './restore';
import { readSchemas, snapshotConnection } from './store/snapshot';
import { fileStamp } from './stamp';

export interface UpgradeCheck {
  /** The backup written before migrating, when there was anything to migrate. */
  readonly backupFile?: string;
}

/**
 * Runs before any capability migrates its tables: refuses a database from a newer JARVIS
 * before anything is written, and backs up an existing database that is about to be
 * migrated (a new, empty database needs none).
 */
export function prepareUpgrade(
  db: Db,
  dataFile: string,
  known: Readonly<Record<string, number>>,
  appVersion: string,
  now: Date,
): UpgradeCheck {
  const found = readSchemas(db);
  for (const [component, version] of Object.entries(found)) {
    // A component this build does not know is left alone; one it knows in a newer version is not.
    const k = known[component];
    if (k !== undefined && version > k) throw new SchemaTooNewError(component, version, k);
  }
  const pending = Object.entries(found).some(
    ([component, version]) => version > 0 && known[component] !== undefined && version < known[component],
  );
  if (!pending || dataFile === ':memory:' || !existsSync(dataFile)) return {};
  const backupFile = `${dataFile}.before-${appVersion}-${fileStamp(now)}.backup`;
  createBackupSync(backupFile, { appVersion, signer: loadOrCreateSigner(dataFile) }, (target) => snapshotConnection(db, target), now);
  return { backupFile };
}

/**
 * After a failed upgrade (the database is closed): puts the database back as the backup
 * before the upgrade holds it, so components that did migrate before the failing one are
 * undone too. Returns where the failed attempt was kept, or throws if it could not.
 */
export function rollBackUpgrade(
  dataFile: string,
  backupFile: string,
  known: Readonly<Record<string, number>>,
  now: Date,
): string | undefined {
  const result = restoreBackup(
    backupFile,
    {
      dataFile,
      filesDir: `${dataFile}.unused-files`,
      settingsFile: `${dataFile}.unused-settings`,
      knownSchemas: known,
      security: 'own-upgrade-backup',
    },
    now,
  );
  return result.keptAside[0];
}
