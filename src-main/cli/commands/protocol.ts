import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import type { JarvisEvent } from '../../../src-shared';
import { masterBundle } from '../../master/bundle';
import type { VerifyReport } from '../../protocol/chain';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../exit-codes';

/** Events from an export (the protocol export, or EXPORT DEBUG that embeds it) or a database. */
export function verifyFile(path: string): VerifyReport {
  const { openDatabaseReadonly, readEventsReadonly, verifyChain } = masterBundle().exports;
  const head = readFileSync(path).subarray(0, 16).toString('latin1');
  if (head.startsWith('SQLite format 3')) {
    const db = openDatabaseReadonly(path);
    try {
      return verifyChain(readEventsReadonly(db));
    } finally {
      db.close();
    }
  }
  const data = JSON.parse(readFileSync(path, 'utf8')) as { events?: JarvisEvent[]; protocol?: { events?: JarvisEvent[] } };
  const events = data.events ?? data.protocol?.events;
  if (!Array.isArray(events)) throw new Error(`${path} holds no protocol events (expected an export or a JARVIS database)`);
  // An export lists events grouped by session and ordered by revision; keep that order.
  const sorted = [...events].sort((a, b) => (a.work_session_id === b.work_session_id ? a.revision - b.revision : a.work_session_id < b.work_session_id ? -1 : 1));
  return verifyChain(sorted);
}

export function registerProtocol(program: Command): void {
  const protocol = program.command('protocol').description('The Jarvis protocol audit log (spec/004)');
  protocol
    .command('verify <file>')
    .description('Recompute the hash chain of an export (JSON) or a JARVIS database and report the first broken link')
    .option('--json', 'print JSON for scripts')
    .action((file: string, opts: { json?: boolean }) => {
      let report: VerifyReport;
      try {
        report = verifyFile(file);
      } catch (err) {
        process.stderr.write(`jarvis protocol verify: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      if (opts.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else if (report.ok) process.stdout.write(`ok: ${report.events_checked} events in ${report.sessions} sessions, every link verified\n`);
      else {
        const b = report.first_broken!;
        process.stdout.write(`BROKEN at session ${b.work_session_id}, revision ${b.revision} (event ${b.event_id}): ${b.reason}\n${report.events_checked} events verified before it\n`);
      }
      process.exitCode = report.ok ? EXIT_OK : EXIT_FAILURE;
    });
}
