import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { openDatabase, type Db } from '../platform/database';
import { silentLogger } from '../platform/trace';
import { createRagService } from './create';
import type { RagService } from './service';
import { WatchFolder } from './watch-folder';

describe('watched folder', () => {
  let dir: string;
  let db: Db;
  let service: RagService;
  let watcher: WatchFolder;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-watch-'));
    mkdirSync(join(dir, 'inbox', 'briefe'), { recursive: true });
    const config = loadConfig({
      JARVIS_DATA: join(dir, 'data', 'jarvis.db'),
      OLLAMA_URL: 'http://127.0.0.1:9',
      JARVIS_RAG_MAX_FILE_MB: '1',
    });
    db = openDatabase(config.dataFile);
    service = createRagService(db, config, { clock: () => new Date(), log: silentLogger });
    watcher = new WatchFolder({ dir: join(dir, 'inbox'), service, log: silentLogger });
  });
  afterAll(async () => {
    await service.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ingests a file once it has held still for a scan, including subfolders; ignores other files', async () => {
    writeFileSync(join(dir, 'inbox', 'briefe', 'stadtwerke.txt'), 'Abschlag ab Januar: 84 Euro pro Monat.');
    writeFileSync(join(dir, 'inbox', 'foto.raw'), 'x');
    writeFileSync(join(dir, 'inbox', '.versteckt.txt'), 'geheim');
    await watcher.scan();
    expect(service.list()).toEqual([]); // first sight: maybe still being copied
    await watcher.scan();
    await service.drain();
    expect(service.list().map((d) => [d.name, d.status])).toEqual([['stadtwerke.txt', 'ready']]);
    expect((await service.query('Abschlag')).results[0]?.document).toBe('stadtwerke.txt');
  });

  it('re-indexes a changed file under the same document and reports refused files', async () => {
    const [before] = service.list();
    writeFileSync(join(dir, 'inbox', 'briefe', 'stadtwerke.txt'), 'Neuer Abschlag ab März: 91 Euro pro Monat.');
    writeFileSync(join(dir, 'inbox', 'riesig.txt'), Buffer.alloc(2 * 1024 * 1024, 0x61));
    await watcher.scan();
    await watcher.scan();
    await service.drain();
    const docs = service.list();
    expect(docs.map((d) => d.id)).toEqual([before!.id]);
    expect((await service.query('März')).results[0]?.document).toBe('stadtwerke.txt');
    expect([...watcher.problems.values()].join()).toMatch(/limit is 1\.0 MB/);
  });

  it('a file deleted from the folder takes its document along after two scans; a missing folder removes nothing', async () => {
    const keep = join(dir, 'inbox', 'bleibt.txt');
    writeFileSync(keep, 'Die Garage hat den Code 4711.');
    await watcher.scan();
    await watcher.scan();
    await service.drain();
    expect(
      service
        .list()
        .map((d) => d.name)
        .sort(),
    ).toEqual(['bleibt.txt', 'stadtwerke.txt']);

    rmSync(join(dir, 'inbox', 'briefe', 'stadtwerke.txt'));
    rmSync(join(dir, 'inbox', 'riesig.txt'));
    await watcher.scan();
    // Gone for one scan only (an editor saving by rename): still there.
    expect(
      service
        .list()
        .map((d) => d.name)
        .sort(),
    ).toEqual(['bleibt.txt', 'stadtwerke.txt']);
    await watcher.scan();
    expect(service.list().map((d) => d.name)).toEqual(['bleibt.txt']);
    expect((await service.query('Abschlag')).results).toEqual([]);
    expect(watcher.problems.size).toBe(0);

    // An unmounted or renamed folder is not "every file deleted".
    renameSync(join(dir, 'inbox'), join(dir, 'inbox-weg'));
    await watcher.scan();
    await watcher.scan();
    renameSync(join(dir, 'inbox-weg'), join(dir, 'inbox'));
    expect(service.list().map((d) => d.name)).toEqual(['bleibt.txt']);
  });

  it('a file deleted while JARVIS was off is noticed by the next start', async () => {
    const restarted = new WatchFolder({ dir: join(dir, 'inbox'), service, log: silentLogger });
    rmSync(join(dir, 'inbox', 'bleibt.txt'));
    await restarted.scan();
    await restarted.scan();
    expect(service.list()).toEqual([]);
  });
});
