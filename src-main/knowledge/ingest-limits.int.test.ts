import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RagDocument } from '../../src-shared';
import { startTestMaster, type TestMaster } from '../testing/test-master';

let t: TestMaster;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-ingest-limits-'));
  t = await startTestMaster({ JARVIS_RAG_MAX_FILE_MB: '64' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(name: string, data: Buffer): Promise<RagDocument> {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  const res = await fetch(`${t.url}/api/rag/documents`, { method: 'POST', body: form });
  expect(res.status).toBe(202);
  return ((await res.json()) as { document: RagDocument }).document;
}

/** Polls /api/health until `done` says stop; returns every status it got (none may be missing). */
async function pollHealth(done: () => Promise<boolean>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 3000; i++) {
    statuses.push((await t.request('/api/health')).status);
    if (await done()) return statuses;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the document never settled');
}

async function document(id: string): Promise<RagDocument | undefined> {
  const docs = (await t.request('/api/rag/documents')).json.documents as RagDocument[];
  return docs.find((d) => d.id === id);
}

function chunkCount(id: string): number {
  return (t.master.platform.db.prepare('SELECT COUNT(*) AS n FROM rag_chunks WHERE document_id = ?').get(id) as { n: number }).n;
}

/** About `mb` megabytes of JSON records, written in pieces. */
async function bigJson(path: string, mb: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('{"items":[');
  const record = (i: number) =>
    JSON.stringify({ id: i, name: `Eintrag ${i}`, note: `Notiz zu Eintrag ${i}: ${'lorem ipsum dolor '.repeat(4)}` });
  let bytes = 0;
  for (let i = 0; bytes < mb * 1024 * 1024; i++) {
    const line = (i ? ',' : '') + record(i);
    bytes += line.length;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end(']}');
  await once(out, 'finish');
}

describe('document ingest off the event loop, with limits', () => {
  it('reads a 45 MB JSON on a worker thread: /api/health answers throughout, the chunk limit holds', async () => {
    const path = join(dir, 'huge.json');
    await bigJson(path, 45);
    const doc = await upload('huge.json', readFileSync(path));
    let last: RagDocument | undefined;
    const polls = await pollHealth(async () => {
      last = await document(doc.id);
      return last?.status === 'ready' || last?.status === 'failed';
    });
    expect(polls.every((s) => s === 200)).toBe(true);
    // 45 MB of records make far more than 20,000 chunks: refused with the reason, nothing kept.
    expect(last?.status).toBe('failed');
    expect(last?.error).toContain('more than 20000 search chunks');
    expect(chunkCount(doc.id)).toBe(0);
  });

  it('refuses JSON and HTML nested deeper than the limit, with the reason', async () => {
    const json = await upload('deep.json', Buffer.from(`${'['.repeat(5000)}1${']'.repeat(5000)}`));
    const html = await upload(
      'deep.html',
      Buffer.from(`<html><body>${'<div><span>x '.repeat(30_000)}tief${'</span></div>'.repeat(30_000)}</body></html>`),
    );
    let docs: (RagDocument | undefined)[] = [];
    const polls = await pollHealth(async () => {
      docs = [await document(json.id), await document(html.id)];
      return docs.every((d) => d?.status === 'failed' || d?.status === 'ready');
    });
    expect(polls.every((s) => s === 200)).toBe(true);
    expect(docs.map((d) => [d?.status, d?.error])).toEqual([
      ['failed', 'The JSON is nested deeper than 256 levels; it was not indexed.'],
      ['failed', 'The HTML is nested deeper than 256 levels; it was not indexed.'],
    ]);
  });

  it('deletes a document of thousands of chunks in slices: health answers, no chunk is left', async () => {
    const paragraphs = Array.from({ length: 6000 }, (_, i) => `Absatz ${i}: ${'Haushaltsbuch Eintrag '.repeat(45)}`);
    const path = join(dir, 'large.txt');
    writeFileSync(path, paragraphs.join('\n\n'));
    const doc = await upload('large.txt', readFileSync(path));
    await pollHealth(async () => (await document(doc.id))?.status === 'ready');
    expect(chunkCount(doc.id)).toBeGreaterThan(5000);
    let deleted = false;
    const deleting = t.request(`/api/rag/documents/${doc.id}`, { method: 'DELETE' }).finally(() => (deleted = true));
    const polls = await pollHealth(async () => deleted);
    expect((await deleting).status).toBe(204);
    expect(polls.every((s) => s === 200)).toBe(true);
    expect(chunkCount(doc.id)).toBe(0);
    expect(await document(doc.id)).toBeUndefined();
  });
});
