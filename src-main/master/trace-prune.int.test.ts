import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestMaster } from '../testing/test-master';

describe('the trace folder at start', () => {
  it('drops trace files past their age once the first health answer is out, and keeps other files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-trace-prune-'));
    writeFileSync(join(dir, 'trace-2020-01-01.jsonl'), 'old\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a trace file');
    const tm = await startTestMaster({ JARVIS_DEBUG_DIR: dir });
    try {
      expect((await tm.request('/api/health')).status).toBe(200);
      // Any other request waits for the start-up work that followed the first answer.
      expect((await tm.request('/api/state')).status).toBe(200);
      expect(existsSync(join(dir, 'trace-2020-01-01.jsonl'))).toBe(false);
      expect(existsSync(join(dir, 'notes.txt'))).toBe(true);
    } finally {
      await tm.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
