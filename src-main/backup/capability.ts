import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentStatus } from '../../src-shared';
import type { Capability, Platform } from '../platform/capability';
import { loadOrCreateSigner } from '../protocol';
import { createBackup } from './create-backup';
import { removeMasterLock, writeMasterLock } from './master-lock';
import { backupsToPrune, scheduledBackups, scheduledName } from './retention';
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
  readonly secretsNotCarried?: () => readonly string[];
}

export interface BackupCapability extends Capability {
  /** Writes one backup to the folder now (the schedule calls this once a day). */
  runScheduled(): Promise<string>;
}

/**
 * Marks the database as in use while the master runs, and, when JARVIS_BACKUP_DIR is set,
 * backs it up once a day with the documents and settings, keeping daily backups for a
 * week and weekly ones for a month.
 */
export function createBackupCapability(ctx: Platform, deps: BackupDeps): BackupCapability {
  const dir = ctx.config.backupDir;
  const dataFile = ctx.config.dataFile;
  let lastSuccess: Date | undefined = dir && existsSync(dir) ? scheduledBackups(readdirSync(dir))[0]?.at : undefined;
  let lastFailure: { at: Date; message: string } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<string> | undefined;

  const localTime = (at: Date) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: ctx.config.timezone, dateStyle: 'short', timeStyle: 'short' }).format(at);

  ctx.status.set('backup', (): ComponentStatus => {
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

  return {
    name: 'backup',
    runScheduled,
    start() {
      if (dataFile !== ':memory:') writeMasterLock(dataFile);
      if (!dir) return;
      const tick = () => {
        if (due()) runScheduled().catch(() => undefined);
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
