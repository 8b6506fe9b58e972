import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openArchive, writeArchiveSync } from './archive';
import { BACKUP_FORMAT } from './manifest';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function archiveOf(names: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-archive-'));
  dirs.push(dir);
  const sources = Object.entries(names).map(([name, text], i) => {
    writeFileSync(join(dir, `src${i}`), text);
    return { name, path: join(dir, `src${i}`) };
  });
  const out = join(dir, 'out.jarvis-backup');
  writeArchiveSync(
    out,
    {
      format: BACKUP_FORMAT,
      format_version: 1,
      app_version: 'test',
      created_at: '2026-12-01T00:00:00Z',
      schemas: { household: 5 },
      parts: ['database', 'documents'],
    },
    sources,
  );
  return out;
}

describe('backup archive', () => {
  it('gives back each file as it was written', () => {
    const out = archiveOf({ 'jarvis.db': 'db bytes', 'rag-files/a/b.txt': 'Mietvertrag' });
    const archive = openArchive(out);
    try {
      expect(archive.manifest.files).toEqual([
        { name: 'jarvis.db', size: 8 },
        { name: 'rag-files/a/b.txt', size: 11 },
      ]);
      const to = join(dirs[0]!, 'b.txt');
      archive.extract('rag-files/a/b.txt', to);
      expect(readFileSync(to, 'utf8')).toBe('Mietvertrag');
    } finally {
      archive.close();
    }
  });

  it('refuses a file name that would climb out of the folder it is restored into', () => {
    for (const name of ['rag-files/../../etc/passwd', '/etc/passwd', 'rag-files//x', 'rag-files\\x']) {
      expect(() => openArchive(archiveOf({ 'jarvis.db': 'x', [name]: 'evil' }))).toThrow(/unreadable manifest: a file entry is invalid/);
    }
  });

  it('refuses every single flipped byte and every cut', () => {
    const out = archiveOf({ 'jarvis.db': 'db bytes', 'rag-files/x.txt': 'text' });
    const bytes = readFileSync(out);
    for (let i = 0; i < bytes.length; i += 7) {
      const bad = Buffer.from(bytes);
      bad[i]! ^= 0x01;
      writeFileSync(out, bad);
      expect(() => openArchive(out)).toThrow(/damaged|not a JARVIS backup/);
    }
    for (const cut of [0, 10, bytes.length - 1]) {
      writeFileSync(out, bytes.subarray(0, cut));
      expect(() => openArchive(out)).toThrow(/damaged|not a JARVIS backup/);
    }
  });
});
