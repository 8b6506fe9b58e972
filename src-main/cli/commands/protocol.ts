import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { masterBundle } from '../../master/bundle';
import type { EvidenceReport } from '../../protocol';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../exit-codes';

export interface VerifyOptions {
  /** The fingerprint the export must be signed with (as `jarvis protocol key` prints it). */
  readonly expectedKey?: string;
}

/**
 * Checks a database (chains and records) or an export (the protocol export, or EXPORT DEBUG
 * that embeds it: also the signed manifest, the export digest and every chain head).
 */
export function verifyFile(path: string, options: VerifyOptions = {}): EvidenceReport {
  const {
    openDatabaseReadonly,
    protocolPartOf,
    readChainEndReadonly,
    readEventsReadonly,
    readLocalKeyInfo,
    readRecordsReadonly,
    readSessionChainReadonly,
    verifyEvidence,
  } = masterBundle().exports;
  const head = readFileSync(path).subarray(0, 16).toString('latin1');
  if (head.startsWith('SQLite format 3')) {
    const db = openDatabaseReadonly(path);
    try {
      const sessionChain = readSessionChainReadonly(db);
      const chainEnd = readChainEndReadonly(db);
      // The key beside the database signed its chain's end (the signing key lives there).
      const key = readLocalKeyInfo(path);
      return verifyEvidence({
        events: readEventsReadonly(db),
        records: readRecordsReadonly(db),
        ...(sessionChain ? { sessionChain } : {}),
        ...(chainEnd !== undefined ? { chainEnd } : {}),
        ...(key ? { endKey: { algorithm: key.algorithm, public_key: key.public_key, fingerprint: key.fingerprint } } : {}),
      });
    } finally {
      db.close();
    }
  }
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path} is neither a JARVIS database nor JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const part = protocolPartOf(document);
  if (!part?.events) throw new Error(`${path} holds no protocol events (expected an export or a JARVIS database)`);
  const records = part.records !== null && typeof part.records === 'object' ? part.records : {};
  const report = verifyEvidence({
    events: part.events,
    records,
    sealed: { document: document as Record<string, unknown>, manifest: part.manifest },
  });
  if (options.expectedKey && report.signed_by !== options.expectedKey) {
    return {
      ...report,
      ok: false,
      problems: [
        ...report.problems,
        `the export is signed by ${report.signed_by ?? 'no key'}, not by the expected key ${options.expectedKey}`,
      ],
    };
  }
  return report;
}

/** Whether the signing key is this machine's: what a household wants to know about an export. */
function keyNote(report: EvidenceReport): string {
  if (!report.signed_by) return '';
  const { loadConfig, readLocalKeyInfo } = masterBundle().exports;
  let local: string | undefined;
  try {
    local = readLocalKeyInfo(loadConfig(process.env).dataFile)?.fingerprint;
  } catch {
    local = undefined;
  }
  if (local === report.signed_by) return `signed by this machine's key ${report.signed_by}\n`;
  return `signed by key ${report.signed_by}: compare it with what \`jarvis protocol key\` prints on the machine that made the export\n`;
}

export function registerProtocol(program: Command): void {
  const protocol = program.command('protocol').description('The Jarvis protocol audit log');
  protocol
    .command('verify <file>')
    .description('Check a JARVIS database or an export: every chain, the records against the events, and for an export its signed seal')
    .option('--json', 'print JSON for scripts')
    .option('--key <fingerprint>', 'fail unless the export is signed by this key (SHA256:…)')
    .action((file: string, opts: { json?: boolean; key?: string }) => {
      let report: EvidenceReport;
      try {
        report = verifyFile(file, { ...(opts.key ? { expectedKey: opts.key } : {}) });
      } catch (err) {
        process.stderr.write(`jarvis protocol verify: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      if (opts.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else {
        const out: string[] = [];
        if (report.ok)
          out.push(
            `ok: ${report.events_checked} events in ${report.sessions} sessions, every link verified, the records match their events\n`,
          );
        else {
          out.push(`NOT VERIFIED: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}\n`);
          for (const problem of report.problems) out.push(`- ${problem}\n`);
        }
        if (report.legacy_sessions.length > 0)
          out.push(
            `${report.legacy_sessions.length} older sessions: chain checked, records not rebuilt (their events predate the records travelling with them)\n`,
          );
        out.push(keyNote(report));
        process.stdout.write(out.join(''));
      }
      process.exitCode = report.ok ? EXIT_OK : EXIT_FAILURE;
    });
  protocol
    .command('key')
    .description("Print the fingerprint of this machine's signing key, to compare with the one `verify` reports")
    .option('--json', 'print JSON for scripts')
    .action((opts: { json?: boolean }) => {
      const { loadConfig, readLocalKeyInfo } = masterBundle().exports;
      const dataFile = loadConfig(process.env).dataFile;
      const key = readLocalKeyInfo(dataFile);
      if (!key) {
        process.stderr.write(
          `jarvis protocol key: no signing key beside ${dataFile} yet; it is made when JARVIS starts for the first time\n`,
        );
        process.exitCode = EXIT_USAGE;
        return;
      }
      if (opts.json)
        process.stdout.write(
          `${JSON.stringify({ algorithm: key.algorithm, fingerprint: key.fingerprint, public_key: key.public_key }, null, 2)}\n`,
        );
      else process.stdout.write(`${key.fingerprint}\n(Ed25519, ${key.path})\n`);
      process.exitCode = EXIT_OK;
    });
}
