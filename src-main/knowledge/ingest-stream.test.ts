import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { openDatabase, type Db } from '../platform/database';
import { silentLogger } from '../platform/trace';
import { createRagService, ragFilesDir } from './create';
import type { RagService } from './service';

describe('an upload that fails', () => {
  let dir: string;
  let db: Db;
  let service: RagService;
  let files: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-upload-'));
    const config = loadConfig({ JARVIS_DATA: join(dir, 'jarvis.db'), OLLAMA_URL: 'http://127.0.0.1:9', JARVIS_RAG_MAX_FILE_MB: '1' });
    db = openDatabase(config.dataFile);
    service = createRagService(db, config, { clock: () => new Date(), log: silentLogger });
    files = ragFilesDir(config);
  });
  afterAll(async () => {
    await service.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const leftovers = () => readdirSync(files).filter((f) => f.startsWith('.incoming-'));

  it('leaves no .incoming file, even when the stream fails while the file is still opening', async () => {
    for (let i = 0; i < 20; i++) {
      let sent = false;
      const broken = new Readable({
        read() {
          if (!sent) {
            sent = true;
            this.push(Buffer.from('Elternbrief: '));
            // Fails while the file may still be opening.
            setImmediate(() => this.destroy(new Error('connection reset')));
          }
        },
      });
      await expect(service.ingestStream(broken, 'brief.txt')).rejects.toThrow('connection reset');
    }
    expect(leftovers()).toEqual([]);
  });

  it('leaves no .incoming file for an upload over the size limit', async () => {
    await expect(service.ingestStream(Readable.from([Buffer.alloc(2 * 1024 * 1024, 65)]), 'gross.txt')).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    expect(leftovers()).toEqual([]);
  });
});
