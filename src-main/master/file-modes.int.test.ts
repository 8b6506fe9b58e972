// Everything JARVIS writes that holds household data or secrets is its owner's alone.
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_SECRET_HEADER } from '../access';
import { startTestMaster } from '../testing/test-master';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});
const mode = (path: string) => statSync(path).mode & 0o777;

describe('file modes', () => {
  it('the database with its WAL and SHM, the signing key, the debug trace and the backups are 0600, their folders 0700', async () => {
    const root = mkdtempSync(join(tmpdir(), 'jarvis-modes-'));
    roots.push(root);
    // Created under a permissive umask, as on many desktops.
    const umask = process.umask(0o022);
    const dataDir = join(root, 'data');
    const t = await startTestMaster({
      JARVIS_DATA: join(dataDir, 'jarvis.db'),
      JARVIS_DEBUG_TRACE: 'true',
      JARVIS_DEBUG_DIR: join(root, 'traces'),
      JARVIS_BACKUP_DIR: join(root, 'backups'),
    });
    try {
      await t.request('/api/tools/tasks_create', { json: { arguments: { title: 'Geheimnisvoll' } } });
      const backup = await t.master.capabilities.backup.runScheduled();
      expect(mode(dataDir)).toBe(0o700);
      for (const f of ['jarvis.db', 'jarvis.db-wal', 'jarvis.db-shm', 'protocol-signing-key.pem'])
        expect(mode(join(dataDir, f)), f).toBe(0o600);
      expect(mode(join(root, 'traces'))).toBe(0o700);
      const traces = readdirSync(join(root, 'traces'));
      expect(traces.length).toBeGreaterThan(0);
      for (const f of traces) expect(mode(join(root, 'traces', f)), f).toBe(0o600);
      expect(mode(join(root, 'backups'))).toBe(0o700);
      expect(mode(backup)).toBe(0o600);
    } finally {
      await t.close();
      process.umask(umask);
    }
  });

  it('the household’s documents are 0600 in a 0700 folder, also when the data folder already existed open', async () => {
    const root = mkdtempSync(join(tmpdir(), 'jarvis-modes-docs-'));
    roots.push(root);
    const umask = process.umask(0o022);
    // A data folder that existed before (the desktop's user-data folder, a home folder): 0755.
    const dataDir = join(root, 'home');
    mkdirSync(dataDir, { mode: 0o755 });
    const t = await startTestMaster({ JARVIS_DATA: join(dataDir, 'jarvis.db') });
    try {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('Kontoauszug der Familie, IBAN DE00 0000')]), 'konto.txt');
      const res = await fetch(`${t.url}/api/rag/documents`, {
        method: 'POST',
        body: form,
        headers: { [LOCAL_SECRET_HEADER]: t.master.capabilities.access.localSecret },
      });
      expect(res.status, await res.clone().text()).toBe(202);
      const files = join(dataDir, 'rag-files');
      expect(mode(files)).toBe(0o700);
      const stored = readdirSync(files);
      expect(stored.length).toBe(1);
      for (const f of stored) expect(mode(join(files, f)), f).toBe(0o600);
    } finally {
      await t.close();
      process.umask(umask);
    }
  });

  it('narrows a world-readable database that an older JARVIS made', async () => {
    const root = mkdtempSync(join(tmpdir(), 'jarvis-modes-old-'));
    roots.push(root);
    const file = join(root, 'jarvis.db');
    closeSync(openSync(file, 'w'));
    chmodSync(file, 0o644);
    const t = await startTestMaster({ JARVIS_DATA: file });
    try {
      expect(mode(file)).toBe(0o600);
    } finally {
      await t.close();
    }
  });
});
