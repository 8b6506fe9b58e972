// Pages of write-ahead log one recorded MCP read (tasks_list: its session, decision,
// contribution, outcome and seal, six events) writes to a database already holding earlier
// calls, against a one-row commit on the same kind of file (one page). Each page a commit
// touches is written and waited for; rows keyed by random ids each touch a page of their own.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleAndImport, report } from './lib.mjs';

const PRIOR = Number(process.env.BENCH_WAL_PRIOR ?? 3000);
const MEASURED = Number(process.env.BENCH_WAL_CALLS ?? 200);

export async function run() {
  const m = await bundleAndImport('protocol-wal', {
    contents: [
      "export { ProtocolService, ProtocolRecorder, ephemeralSigner, DEFAULT_POLICY_RULES } from './src-main/protocol/index.ts';",
      "export { ProtocolStore } from './src-main/protocol/store/index.ts';",
      "export { openDatabase } from './src-main/platform/database/index.ts';",
      "export { SkillRegistry } from './src-main/platform/registry/index.ts';",
      "export { Tracer } from './src-main/platform/trace/index.ts';",
      "export { MemoryHomeProvider } from './src-main/testing/memory-home-provider.ts';",
      "export { McpToolCalls } from './src-main/mcp/server/mcp-tool-calls.ts';",
    ].join('\n'),
  });
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-protocol-wal-'));
  try {
    const file = join(dir, 'protocol.db');
    const db = m.openDatabase(file);
    const protocol = new m.ProtocolService(new m.ProtocolStore(db), () => new Date(), m.ephemeralSigner());
    protocol.bootstrap(m.DEFAULT_POLICY_RULES);
    const registry = new m.SkillRegistry();
    registry.addProvider(new m.MemoryHomeProvider());
    const calls = new m.McpToolCalls({
      registry,
      recorder: new m.ProtocolRecorder(protocol),
      tracer: new m.Tracer({ enabled: false, limit: 10, now: () => new Date() }),
      clock: () => new Date(),
      timezone: 'Europe/Berlin',
      onAuditError: (_op, err) => {
        throw err;
      },
    });
    const caller = { key: 'tok_bench', name: 'bench' };
    const level = db.pragma('synchronous', { simple: true });
    db.pragma('synchronous = OFF');
    for (let i = 0; i < PRIOR; i++) await calls.call(caller, 'tasks_list', {});
    db.pragma(`synchronous = ${level}`);
    // Frames stay in the log while they are counted.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('wal_autocheckpoint = 0');
    const frame = Number(db.pragma('page_size', { simple: true })) + 24;
    const pagesOf = (run) => {
      const before = statSync(`${file}-wal`).size;
      run();
      return (statSync(`${file}-wal`).size - before) / frame;
    };
    let callPages = 0;
    for (let i = 0; i < MEASURED; i++) {
      const before = statSync(`${file}-wal`).size;
      await calls.call(caller, 'tasks_list', {});
      callPages += (statSync(`${file}-wal`).size - before) / frame;
    }
    db.exec('CREATE TABLE bench_one_row (v INTEGER)');
    const insert = db.prepare('INSERT INTO bench_one_row (v) VALUES (?)');
    pagesOf(() => insert.run(0));
    const rowPages = pagesOf(() => insert.run(1));
    db.close();
    const perCall = callPages / MEASURED;
    report(`WAL pages of a recorded MCP read (${MEASURED} calls after ${PRIOR})`, [
      ['pages per tasks_list call', perCall.toFixed(1)],
      ['pages of a one-row commit (baseline)', rowPages.toFixed(0)],
    ]);
    return { name: 'protocol-wal-pages', ratio: perCall / rowPages };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
