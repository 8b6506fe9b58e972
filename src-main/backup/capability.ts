import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupFileView, BackupsView, ComponentStatus, RestoreRequest, RestoreStarted, NotCarriedSecret } from '../../src-shared';
import type { Capability, Platform } from '../platform/capability';
import { Refusal } from '../platform/errors';
import { loadOrCreateSigner } from '../protocol';
import { createBackup } from './create-backup';
import { removeMasterLock, writeMasterLock } from './master-lock';
import { backupsToPrune, scheduledBackups, scheduledName } from './retention';
import { registerBackupRoutes } from './routes';
import { prepareAppRestore, readLastRestore } from './app-restore';
import type { KnownSchemaObjects } from './store/schema-objects';
import { snapshotOnline } from './store/snapshot';
import { fileStamp } from './stamp';

const DAY_MS = 86_400_000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface BackupDeps {
  /** The documents' original files (the knowledge base's folder). */
  readonly filesDir: string;
  /** The desktop settings file beside the database, if the app keeps one there. */
  readonly settingsFile: string;
  /** The secrets sealed in the database (their names only). */
  readonly secretsNotCarried?: () => readonly NotCarriedSecret[];
  /** What a restore from the app checks against, and the host's restart (absent: no restore from the app). */
  readonly restore?: {
    readonly knownSchemas: Readonly<Record<string, number>>;
    readonly knownObjects: () => KnownSchemaObjects;
    readonly restart: ((between: () => void) => void) | undefined;
  };
}

export interface BackupCapability extends Capability {
  /** Writes one backup to the folder now (the schedule calls this once a day). */
  runScheduled(): Promise<string>;
  /** The folder, the schedule and the backups in it, for the Settings screen. */
  view(): BackupsView;
  /** "Back up now": answered when the file is written. */
  backupNow(): Promise<BackupFileView>;
}

function filesIn(dir: string | undefined): BackupFileView[] {
  if (!dir || !existsSync(dir)) return [];
  return scheduledBackups(readdirSync(dir)).flatMap(({ name, at }) => {
    try {
      return [{ name, created_at: at.toISOString(), size: statSync(join(dir, name)).size }];
    } catch {
      return [];
    }
  });
}

/**
 * Marks the database as in use while the master runs, and, when a backup folder is set
 * (JARVIS_BACKUP_DIR or the Settings screen), backs it up once a day with the documents
 * and settings, keeping daily backups for a week and weekly ones for a month. The folder
 * is read at each use: one chosen in the app applies without a restart.
 */
export function createBackupCapability(ctx: Platform, deps: BackupDeps): BackupCapability {
  const dataFile = ctx.config.dataFile;
  const folder = () => ctx.config.backupDir;
  let lastFolder = folder();
  let lastSuccess: Date | undefined = scheduledBackups(filesIn(lastFolder).map((f) => f.name))[0]?.at;
  let lastFailure: { at: Date; message: string } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<string> | undefined;

  const localTime = (at: Date) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: ctx.config.timezone, dateStyle: 'short', timeStyle: 'short' }).format(at);

  /** Another folder: its own backups say when the last one was. */
  const sameFolder = (dir: string | undefined) => {
    if (dir === lastFolder) return;
    lastFolder = dir;
    lastSuccess = scheduledBackups(filesIn(dir).map((f) => f.name))[0]?.at;
    lastFailure = undefined;
  };

  ctx.status.set('backup', (): ComponentStatus => {
    const dir = folder();
    sameFolder(dir);
    if (!dir) return { state: 'off', detail: 'JARVIS_BACKUP_DIR is not set; no scheduled backups.', code: 'backup.off' };
    if (lastFailure && (!lastSuccess || lastFailure.at > lastSuccess)) {
      return {
        state: 'error',
        detail: `The last backup into ${dir} failed: ${lastFailure.message}`,
        code: 'backup.failed',
        params: { at: localTime(lastFailure.at) },
      };
    }
    if (!lastSuccess) return { state: 'ok', detail: `Backups go to ${dir}; none yet.`, code: 'backup.none' };
    return {
      state: 'ok',
      detail: `Last backup ${lastSuccess.toISOString()} in ${dir}.`,
      code: 'backup.last',
      params: { at: localTime(lastSuccess) },
    };
  });

  async function runScheduled(): Promise<string> {
    const dir = folder();
    sameFolder(dir);
    if (!dir) throw new Error('JARVIS_BACKUP_DIR is not set');
    running ??= (async () => {
      const now = ctx.clock();
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const out = join(dir, scheduledName(fileStamp(now)));
        await createBackup(
          out,
          {
            appVersion: ctx.version,
            filesDir: deps.filesDir,
            settingsFile: deps.settingsFile,
            signer: loadOrCreateSigner(dataFile),
            ...(deps.secretsNotCarried ? { secretsNotCarried: deps.secretsNotCarried() } : {}),
          },
          (target) => snapshotOnline(ctx.db, target),
          now,
        );
        lastSuccess = now;
        for (const old of backupsToPrune(readdirSync(dir), now)) rmSync(join(dir, old), { force: true });
        ctx.log.info(`backup written: ${out}`);
        return out;
      } catch (err) {
        lastFailure = { at: now, message: err instanceof Error ? err.message : String(err) };
        ctx.log.error('scheduled backup failed', err);
        throw err;
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const due = () => !lastSuccess || ctx.clock().getTime() - lastSuccess.getTime() >= DAY_MS;

  const view = (): BackupsView => {
    const dir = folder();
    sameFolder(dir);
    return {
      folder: dir ?? '',
      schedule: 'daily',
      running: running !== undefined,
      ...(lastFailure && (!lastSuccess || lastFailure.at > lastSuccess) ? { last_error: lastFailure.message.slice(0, 300) } : {}),
      files: filesIn(dir),
      secrets_not_carried: [...(deps.secretsNotCarried?.() ?? [])],
      restore_available: deps.restore?.restart !== undefined && dataFile !== ':memory:',
      ...(lastRestore ? { last_restore: lastRestore } : {}),
    };
  };

  const lastRestore = dataFile === ':memory:' ? undefined : readLastRestore(dataFile);

  /** Checks the chosen backup now; the restore itself runs once the answer is sent. */
  const restore = (request: RestoreRequest): { started: RestoreStarted; run: () => void } => {
    const dir = folder();
    if (!dir) throw new Refusal('conflict', 'NO_BACKUP_FOLDER', 'Choose a folder for the backups first.', '/backup_folder');
    if (!filesIn(dir).some((f) => f.name === request.name))
      throw new Refusal('not_found', 'BACKUP_NOT_FOUND', 'This backup is not in the backup folder (any more).', '/name');
    if (running) throw new Refusal('conflict', 'BACKUP_RUNNING', 'A backup is being written; try again in a moment.');
    return prepareAppRestore(
      {
        dataFile,
        filesDir: deps.filesDir,
        settingsFile: deps.settingsFile,
        knownSchemas: deps.restore?.knownSchemas ?? {},
        knownObjects: () => deps.restore!.knownObjects(),
        machineKey: () => loadOrCreateSigner(dataFile).key.fingerprint,
        restart: dataFile === ':memory:' ? undefined : deps.restore?.restart,
        clock: ctx.clock,
      },
      dir,
      request,
    );
  };

  async function backupNow(): Promise<BackupFileView> {
    if (!folder()) throw new Refusal('conflict', 'NO_BACKUP_FOLDER', 'Choose a folder for the backups first.', '/backup_folder');
    let out: string;
    try {
      // A backup that was already under way began before what the person just changed.
      await running?.catch(() => undefined);
      out = await runScheduled();
    } catch {
      throw new Refusal('unavailable', 'BACKUP_FAILED', 'The backup could not be written into the backup folder.');
    }
    const file = filesIn(folder()).find((f) => join(folder()!, f.name) === out);
    if (!file) throw new Refusal('unavailable', 'BACKUP_FAILED', 'The backup could not be written into the backup folder.');
    return file;
  }

  return {
    name: 'backup',
    runScheduled,
    view,
    backupNow,
    routes: (app) =>
      registerBackupRoutes(app, { view, backupNow, restore, secretsNotCarried: () => [...(deps.secretsNotCarried?.() ?? [])] }),
    start() {
      if (dataFile !== ':memory:') writeMasterLock(dataFile);
      // The hourly check runs whether or not a folder is set now: one may be chosen in the app.
      const tick = () => {
        if (folder() && due()) runScheduled().catch(() => undefined);
      };
      timer = setInterval(tick, CHECK_EVERY_MS);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      if (dataFile !== ':memory:') removeMasterLock(dataFile);
    },
  };
}
