import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestMaster } from '../../testing/test-master';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { captureOutput } from '../../testing/captured-output';
import { runCli } from '../program';

const saved = { ...process.env };
const roots: string[] = [];
afterEach(() => {
  process.env = { ...saved };
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

async function cli(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  process.env = { ...saved, ...env };
  return captureOutput(() => runCli(argv));
}

describe('jarvis backup and jarvis restore', () => {
  it('backs up the database of a running master, refuses to restore while it runs, restores once it stopped', async () => {
    const m = await startTestMaster();
    const out = mkdtempSync(join(tmpdir(), 'jarvis-cli-backup-'));
    roots.push(out);
    const env = { JARVIS_DATA: m.config.dataFile };
    let restoredFile = '';
    try {
      await m.request('/api/tools/tasks_create', { json: { arguments: { title: 'Im Backup' } } });
      const backup = await cli(env, 'backup', out);
      expect(backup.code).toBe(EXIT_OK);
      expect(backup.stdout).toMatch(/backup written: .*\.jarvis-backup/);
      const [name] = readdirSync(out);
      restoredFile = join(out, name!);
      await m.request('/api/tools/tasks_create', { json: { arguments: { title: 'Nach dem Backup' } } });

      const refused = await cli(env, 'restore', restoredFile);
      expect(refused.code).toBe(EXIT_USAGE);
      expect(refused.stderr).toMatch(/JARVIS is running on .* Stop it first/);
    } finally {
      await m.master.stop();
    }
    const restored = await cli(env, 'restore', restoredFile);
    expect(restored.code).toBe(EXIT_OK);
    expect(restored.stdout).toMatch(/kept the previous data aside: .*jarvis\.db\.before-restore-/);
    const again = await startTestMaster({ JARVIS_DATA: m.config.dataFile });
    try {
      const titles = ((await again.request('/api/tasks')).json.data.tasks as { title: string }[]).map((t) => t.title);
      expect(titles).toEqual(['Im Backup']);
    } finally {
      await again.master.stop();
      rmSync(m.dataDir, { recursive: true, force: true });
      rmSync(again.dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged backup and leaves the database alone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'jarvis-cli-restore-'));
    roots.push(root);
    const dataFile = join(root, 'jarvis.db');
    writeFileSync(dataFile, 'current');
    writeFileSync(join(root, 'broken.jarvis-backup'), 'JARVIS-BACKUP 1\n' + 'x'.repeat(100));
    const result = await cli({ JARVIS_DATA: dataFile }, 'restore', join(root, 'broken.jarvis-backup'));
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.stderr).toMatch(/jarvis restore: .*damaged: its SHA-256 checksum does not match/);
    expect(readFileSync(dataFile, 'utf8')).toBe('current');
    expect(existsSync(join(root, 'rag-files'))).toBe(false);
  });

  it('a backup from another machine is restored only with --confirm-foreign, after it showed what it holds', async () => {
    const m = await startTestMaster();
    const out = mkdtempSync(join(tmpdir(), 'jarvis-cli-foreign-'));
    roots.push(out, m.dataDir);
    try {
      await m.request('/api/tools/tasks_create', { json: { arguments: { title: 'Von drüben' } } });
      expect((await cli({ JARVIS_DATA: m.config.dataFile }, 'backup', join(out, 'b.jarvis-backup'))).code).toBe(EXIT_OK);
    } finally {
      await m.master.stop();
    }
    // Another machine: another data folder, so another signing key.
    const other = mkdtempSync(join(tmpdir(), 'jarvis-cli-other-'));
    roots.push(other);
    const dataFile = join(other, 'jarvis.db');
    writeFileSync(dataFile, 'current');
    const asked = await cli({ JARVIS_DATA: dataFile }, 'restore', join(out, 'b.jarvis-backup'));
    expect(asked.code).toBe(EXIT_USAGE);
    expect(asked.stderr).toMatch(/not made on this machine: it is signed by another machine \(key SHA256:/);
    expect(asked.stderr).toMatch(/1 tasks/);
    expect(asked.stderr).toMatch(/--confirm-foreign/);
    expect(readFileSync(dataFile, 'utf8')).toBe('current');
    const confirmed = await cli({ JARVIS_DATA: dataFile }, 'restore', '--confirm-foreign', join(out, 'b.jarvis-backup'));
    expect(confirmed.code).toBe(EXIT_OK);
    expect(readFileSync(dataFile).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  });
});
