import type { Command } from 'commander';
import { existsSync, readSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { APP_VERSION } from '../../../src-shared';
import type { BackupSummary } from '../../backup';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE, EXIT_USAGE } from '../exit-codes';

/** Where `jarvis backup [path]` writes: the path, a file inside it if it is a folder, else the backup folder or here. */
export function backupTarget(path: string | undefined, backupDir: string | undefined, stamp: string, suffix: string): string {
  const name = `jarvis-backup-${stamp}${suffix}`;
  if (!path) return resolve(backupDir ?? '.', name);
  return existsSync(path) && statSync(path).isDirectory() ? resolve(path, name) : resolve(path);
}

const HOLDS_IN_WORDS: Record<string, string> = {
  access_devices: 'paired devices',
  mcp_tokens: 'MCP access tokens',
  risk_policy: 'risk policy entries',
  household_members: 'household members',
  household_tasks: 'tasks',
  household_events: 'calendar events',
  rag_documents: 'documents',
};

/** What a backup from elsewhere holds, in words, for the person about to restore it. */
export function describeForeignBackup(summary: BackupSummary): string {
  const who = summary.signedBy ? `signed by another machine (key ${summary.signedBy})` : 'not signed by any machine';
  const holds = Object.entries(summary.holds).map(([table, n]) => `  ${n} ${HOLDS_IN_WORDS[table] ?? table}`);
  return [
    `This backup was not made on this machine: it is ${who}.`,
    `It was written on ${summary.createdAt} by JARVIS ${summary.appVersion} and holds:`,
    ...holds,
    'Restoring it brings its paired devices, access tokens and risk policy to this machine.',
  ].join('\n');
}

/** Shows the summary; then yes with --confirm-foreign, or the answer typed at the terminal, else no. */
function confirmForeignBackup(summary: BackupSummary, confirmed: boolean): boolean {
  process.stderr.write(`${describeForeignBackup(summary)}\n`);
  if (confirmed) return true;
  if (!process.stdin.isTTY) {
    process.stderr.write('Run `jarvis restore --confirm-foreign <file>` to restore it anyway.\n');
    return false;
  }
  process.stderr.write('Restore it? [y/N] ');
  const buf = Buffer.alloc(64);
  let answer = '';
  try {
    answer = buf.subarray(0, readSync(0, buf, 0, buf.length, null)).toString('utf8');
  } catch {
    return false;
  }
  return /^\s*(y|yes|j|ja)\s*$/i.test(answer);
}

export function registerBackup(program: Command): void {
  program
    .command('backup [path]')
    .description('Back up the database named by JARVIS_DATA, the documents and the settings into one file (also while JARVIS runs)')
    .action(async (path: string | undefined) => {
      const { BACKUP_SUFFIX, createBackup, fileStamp, loadConfig, loadOrCreateSigner, ragFilesDir, snapshotFile } = masterBundle().exports;
      try {
        const config = loadConfig(process.env);
        if (!existsSync(config.dataFile)) throw new Error(`there is no database at ${config.dataFile} (JARVIS_DATA)`);
        const out = backupTarget(path, config.backupDir, fileStamp(new Date()), BACKUP_SUFFIX);
        const manifest = await createBackup(
          out,
          {
            appVersion: APP_VERSION,
            filesDir: ragFilesDir(config),
            settingsFile: join(dirname(config.dataFile), 'settings.json'),
            signer: loadOrCreateSigner(config.dataFile),
          },
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
    .option(
      '--confirm-foreign',
      'restore a backup this machine did not sign (another machine, or unsigned) without asking; it shows what the backup holds either way',
    )
    .action((file: string, options: { confirmForeign?: boolean }) => {
      const { BackupError, KNOWN_SCHEMAS, knownObjects, loadConfig, loadOrCreateSigner, ragFilesDir, restoreBackup } =
        masterBundle().exports;
      try {
        const config = loadConfig(process.env);
        const result = restoreBackup(file, {
          dataFile: config.dataFile,
          filesDir: ragFilesDir(config),
          settingsFile: join(dirname(config.dataFile), 'settings.json'),
          knownSchemas: KNOWN_SCHEMAS,
          security: {
            machineKey: loadOrCreateSigner(config.dataFile).key.fingerprint,
            knownObjects: knownObjects(),
            confirmForeign: (summary) => confirmForeignBackup(summary, options.confirmForeign === true),
          },
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
