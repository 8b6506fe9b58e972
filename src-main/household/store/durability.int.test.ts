// SIGKILL in the middle of writing: every acknowledged write survives and the file is sound.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/database/database';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

async function bundleWriter(): Promise<string> {
  // Inside node_modules/.cache so the bundle resolves the native better-sqlite3 from the repo.
  const outdir = join(root, 'node_modules/.cache/jarvis-tests');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `household-writer-${process.pid}.mjs`);
  await build({
    entryPoints: [join(root, 'src-main/testing/household-writer.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['better-sqlite3'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'error',
  });
  return outfile;
}

describe('household durability', () => {
  it('keeps every acknowledged write after SIGKILL and passes integrity_check', async () => {
    const writer = await bundleWriter();
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-kill-'));
    const file = join(dir, 'jarvis.db');
    try {
      const child = spawn(process.execPath, [writer, file], { stdio: ['ignore', 'pipe', 'pipe'] });
      const acked: string[] = [];
      let stderr = '';
      let buffer = '';
      child.stderr.on('data', (c) => (stderr += c));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`writer too slow: ${acked.length} acks; ${stderr}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          const lines = buffer.split('\n');
          buffer = lines.pop() ?? '';
          for (const line of lines) if (line.startsWith('ack ')) acked.push(line.slice(4));
          if (acked.length >= 150) {
            clearTimeout(timer);
            // Mid-stream: the child is inside its write loop.
            child.kill('SIGKILL');
            resolve();
          }
        });
        child.on('exit', () => {
          clearTimeout(timer);
          if (acked.length < 150) reject(new Error(`writer exited early: ${stderr}`));
        });
      });
      expect(await exited).toBe('SIGKILL');
      // Lines the child printed before it died but we had not read yet count too.
      for (const line of buffer.split('\n')) if (line.startsWith('ack ')) acked.push(line.slice(4));

      const db = openDatabase(file);
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const ids = new Set(
          (db.prepare('SELECT id FROM household_groceries UNION ALL SELECT id FROM household_tasks').all() as { id: string }[]).map(
            (r) => r.id,
          ),
        );
        const missing = acked.filter((id) => !ids.has(id));
        expect(missing).toEqual([]);
        // Every task kept its kanban card: the automation committed with it.
        const orphans = db
          .prepare('SELECT COUNT(*) AS n FROM household_tasks t LEFT JOIN household_kanban k ON k.task_id = t.id WHERE k.id IS NULL')
          .get() as { n: number };
        expect(orphans.n).toBe(0);
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(writer, { force: true });
    }
  });
});
