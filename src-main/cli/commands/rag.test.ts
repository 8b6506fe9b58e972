import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureOutput } from '../../testing/captured-output';
import { runCli } from '../program';

describe('jarvis rag', () => {
  let dir: string;
  const saved = { ...process.env };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-rag-cli-'));
    process.env.JARVIS_DATA = join(dir, 'data', 'jarvis.db');
    process.env.OLLAMA_URL = 'http://127.0.0.1:9';
    writeFileSync(join(dir, 'wlan.md'), '# Router\n\nDas WLAN-Passwort für Gäste steht auf der Rückseite der Fritzbox.\n');
    writeFileSync(join(dir, 'alt.txt'), Buffer.from('M\xfcll am Dienstag', 'latin1'));
    writeFileSync(join(dir, 'setup.exe'), 'MZ');
  });
  afterEach(() => {
    process.exitCode = undefined;
    vi.restoreAllMocks();
  });
  afterAll(() => {
    process.env = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (...args: string[]) => captureOutput(() => runCli(args));

  it('add indexes files, waits for them and reports each outcome; a bad file makes it exit 1', async () => {
    const r = await run('rag', 'add', join(dir, 'wlan.md'), join(dir, 'alt.txt'), join(dir, 'setup.exe'), join(dir, 'fehlt.txt'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/wlan\.md\s+ready \(1 chunks, keywords only\)/);
    expect(r.stdout).toMatch(/alt\.txt\s+failed: The text is not valid UTF-8/);
    expect(r.stderr).toMatch(/setup\.exe: Unsupported file type \.exe/);
    expect(r.stderr).toMatch(/fehlt\.txt: .*does not exist/);

    const again = await run('rag', 'add', join(dir, 'wlan.md'));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/unchanged/);
  });

  it('search finds by keywords and says that it ran without embeddings', async () => {
    const r = await run('rag', 'search', 'Passwort', 'Gäste');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/mode: keyword \(Keyword search only/);
    expect(r.stdout).toMatch(/1\. wlan\.md — Abschnitt „Router“/);
    expect((await run('rag', 'search', 'x', '--top-k', 'viele')).code).toBe(2);
  });

  it('list and remove', async () => {
    const list = await run('rag', 'list', '--json');
    const docs = JSON.parse(list.stdout).documents as { id: string; name: string }[];
    expect(docs.map((d) => d.name).sort()).toEqual(['alt.txt', 'wlan.md']);
    const id = docs.find((d) => d.name === 'wlan.md')!.id;
    expect((await run('rag', 'remove', id)).code).toBe(0);
    expect((await run('rag', 'remove', id)).code).toBe(1);
    expect((await run('rag', 'search', 'Passwort')).stdout).toMatch(/No matches/);
  });
});
