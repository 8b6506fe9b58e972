import type { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { APP_VERSION } from '../../../src-shared';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE, EXIT_USAGE } from '../exit-codes';

/** Where `jarvis backup [path]` writes: the path, a file inside it if it is a folder, else the backup folder or here. */
export function backupTarget(path: string | undefined, backupDir: string | undefined, stamp: string, suffix: string): string {
  const name = `jarvis-backup-${stamp}${suffix}`;
  if (!path) return resolve(backupDir ?? '.', name);
  return existsSync(path) && statSync(path).isDirectory() ? resolve(path, name) : resolve(path);
}

export function registerBackup(program: Command): void {
  program
    .command('backup [path]')
    .description('Back up the database named by JARVIS_DATA, the documents and the settings into one file (also while JARVIS runs)')
    .action(async (path: string | undefined) => {
      const { BACKUP_SUFFIX, createBackup, fileStamp, loadConfig, ragFilesDir, snapshotFile } = masterBundle().exports;
      try {
        const config = loadConfig(process.env);
        if (!existsSync(config.dataFile)) throw new Error(`there is no database at ${config.dataFile} (JARVIS_DATA)`);
        const out = backupTarget(path, config.backupDir, fileStamp(new Date()), BACKUP_SUFFIX);
        const manifest = await createBackup(
          out,
          { appVersion: APP_VERSION, filesDir: ragFilesDir(config), settingsFile: join(dirname(config.dataFile), 'settings.json') },
          (target) => snapshotFile(config.dataFile, target),
        );
        const bytes = statSync(out).size;
        process.stdout.write(
          `backup written: ${out} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${manifest.files.length} file(s): ${manifest.parts.join(', ')})\n`,
        );
      } catch (err) {
        process.stderr.write(`jarvis backup: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = EXIT_FAILURE;
      }
    });

  program
    .command('restore <file>')
    .description('Restore a backup over the database named by JARVIS_DATA (JARVIS must be stopped); the current data is kept aside')
    .action((file: string) => {
      const { BackupError, KNOWN_SCHEMAS, loadConfig, ragFilesDir, restoreBackup } = masterBundle().exports;
      try {
        const config = loadConfig(process.env);
        const result = restoreBackup(file, {
          dataFile: config.dataFile,
          filesDir: ragFilesDir(config),
          settingsFile: join(dirname(config.dataFile), 'settings.json'),
          knownSchemas: KNOWN_SCHEMAS,
        });
        process.stdout.write(
          `restored the backup of ${result.manifest.created_at} (JARVIS ${result.manifest.app_version}) into ${config.dataFile}\n`,
        );
        for (const aside of result.keptAside) process.stdout.write(`kept the previous data aside: ${aside}\n`);
      } catch (err) {
        process.stderr.write(`jarvis restore: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = err instanceof BackupError ? EXIT_USAGE : EXIT_FAILURE;
      }
    });
}
