import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RagDocument, RagSearchResponse, ServerEvent } from '../../src-shared';
import { buildCorruptPdf, buildEncryptedPdf, buildZipBombDocx, everyFormat } from '../testing/rag-fixtures';
import { startTestMaster, type TestMaster } from '../testing/test-master';

async function upload(t: TestMaster, name: string, data: Buffer, field = 'file'): Promise<{ status: number; json: any }> {
  const form = new FormData();
  form.append(field, new Blob([data]), name);
  const res = await fetch(`${t.url}/api/rag/documents`, { method: 'POST', body: form });
  return { status: res.status, json: await res.json() };
}

async function documents(t: TestMaster): Promise<RagDocument[]> {
  return (await t.request('/api/rag/documents')).json.documents;
}

/** Polls until no document is queued or in progress (the queue runs in the background). */
async function settled(t: TestMaster, timeoutMs = 60_000): Promise<RagDocument[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const docs = await documents(t);
    if (docs.every((d) => d.status === 'ready' || d.status === 'failed')) return docs;
    if (Date.now() > until) throw new Error(`not settled: ${JSON.stringify(docs.map((d) => [d.name, d.status]))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function search(t: TestMaster, q: string, extra = ''): Promise<RagSearchResponse> {
  const res = await t.request(`/api/rag/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

describe('knowledge: ingest and search without Ollama', () => {
  let t: TestMaster;
  const events: ServerEvent[] = [];

  beforeAll(async () => {
    t = await startTestMaster({ JARVIS_RAG_MAX_FILE_MB: '2' });
    t.master.platform.events.subscribe((e) => events.push(e));
  });
  afterAll(async () => t?.close());

  it('ingests every supported format and finds each by a query, with its location', async () => {
    const fixtures = await everyFormat();
    for (const f of fixtures) {
      const res = await upload(t, f.name, f.data);
      expect(res.status, `${f.name}: ${JSON.stringify(res.json)}`).toBe(202);
      expect(res.json.document.status).toBe('queued');
    }
    const docs = await settled(t);
    for (const f of fixtures) {
      const doc = docs.find((d) => d.name === f.name)!;
      expect(doc.status, `${f.name}: ${doc.error}`).toBe('ready');
      expect(doc.chunks).toBeGreaterThan(0);
      const res = await search(t, f.query);
      expect(res.mode).toBe('keyword');
      expect(res.notice).toMatch(/Keyword search only/);
      const top = res.results[0];
      expect(top?.document, `${f.query} -> ${JSON.stringify(res.results)}`).toBe(f.name);
      expect(top!.location).toMatch(f.location);
      expect(top!.excerpt.length).toBeGreaterThan(0);
      expect(top!.score).toBeGreaterThan(0);
    }
  }, 120_000);

  it('publishes rag.progress from queued through extracting and indexing to ready', () => {
    const progress = events
      .filter((e) => e.type === 'rag.progress')
      .map((e) => e.data as { name: string; status: string; progress: number });
    const mine = progress.filter((p) => p.name === 'versicherung.pdf').map((p) => p.status);
    expect(mine[0]).toBe('queued');
    expect(mine).toContain('extracting');
    expect(mine).toContain('indexing');
    expect(mine.at(-1)).toBe('ready');
  });

  it('re-adding the same file changes nothing; a changed file with the same name is re-indexed', async () => {
    const before = await documents(t);
    const again = await upload(
      t,
      'notiz.txt',
      Buffer.from('Einkauf für das Wochenende.\n\nDer Ersatzschlüssel liegt beim Nachbarn Krüger im Briefkasten.\n'),
    );
    expect(again.status).toBe(200);
    expect(again.json.outcome).toBe('unchanged');
    expect((await documents(t)).length).toBe(before.length);

    const changed = await upload(t, 'notiz.txt', Buffer.from('Der Ersatzschlüssel ist jetzt bei Familie Öztürk.\n'));
    expect(changed.status).toBe(202);
    expect(changed.json.outcome).toBe('reindexing');
    const docs = await settled(t);
    expect(docs.length).toBe(before.length);
    expect((await search(t, 'Krüger')).results.filter((r) => r.document === 'notiz.txt')).toEqual([]);
    expect((await search(t, 'Öztürk')).results[0]?.document).toBe('notiz.txt');
  }, 120_000);

  it('filters by format and name, and limits top_k', async () => {
    const pdfOnly = await search(t, 'Ersatzschlüssel Fahrraddiebstahl', '&format=pdf');
    expect(pdfOnly.results.map((r) => r.document)).toEqual(['versicherung.pdf']);
    const byName = await search(t, 'Ersatzschlüssel Fahrraddiebstahl', '&name=notiz');
    expect(byName.results.map((r) => r.document)).toEqual(['notiz.txt']);
    const one = await search(t, 'Ersatzschlüssel Fahrraddiebstahl', '&top_k=1');
    expect(one.results).toHaveLength(1);
    expect((await t.request('/api/rag/search?q=x&top_k=abc')).status).toBe(400);
    expect((await t.request('/api/rag/search?q=x&format=exe')).status).toBe(400);
    expect((await t.request('/api/rag/search')).status).toBe(400);
  });

  it('rag_search is a core tool that returns excerpts with document, location and score and is traced', async () => {
    const tool = t.master.platform.registry.get('rag_search');
    expect(tool?.provider).toBe('core');
    const result = await t.master.platform.registry.call(
      'rag_search',
      { query: 'Kündigungsfrist', top_k: 3 },
      { traceId: 'trace_rag_1', now: new Date(), timezone: 'Europe/Berlin', actor: 'assistant' },
    );
    expect(result.success).toBe(true);
    const data = result.data as RagSearchResponse;
    expect(data.results[0]).toMatchObject({ document: 'mietvertrag.docx' });
    expect(data.results[0]!.location).toMatch(/Kündigung/);
    expect(result.message).toMatch(/mietvertrag\.docx/);
    const traced = t.master.platform.tracer.list({ traceId: 'trace_rag_1' }).find((e) => e.component === 'rag' && e.stage === 'retrieval');
    expect(traced?.data).toMatchObject({ query: 'Kündigungsfrist', mode: 'keyword', results: [{ document: 'mietvertrag.docx' }] });
    // The same tool through the household's generic tool route, as scripts and the UI call it.
    const viaHttp = await t.request('/api/tools/rag_search', { json: { arguments: { query: 'Kündigungsfrist' } } });
    expect(viaHttp.status, viaHttp.text).toBe(200);
    expect(viaHttp.json.data.results[0].document).toBe('mietvertrag.docx');
    const bad = await t.master.platform.registry.call(
      'rag_search',
      { query: 'x', top_k: 'drei' },
      { traceId: 'trace_rag_2', now: new Date(), timezone: 'Europe/Berlin', actor: 'assistant' },
    );
    expect(bad.success).toBe(false);
    expect(bad.error?.code).toBe('INVALID_ARGUMENTS');
  });

  it('bad input gets a clear failed status and nothing else breaks', async () => {
    const cases: [string, Buffer, RegExp][] = [
      ['kaputt.pdf', buildCorruptPdf(), /PDF could not be read/],
      ['geheim.pdf', buildEncryptedPdf(), /password-protected/],
      ['bombe.docx', buildZipBombDocx(80), /unpack to 80\.0 MB|it was not opened/],
      ['luegt.docx', buildZipBombDocx(80, true), /more than its directory says/],
      ['muell.pdf', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x10, 0x20]), /not a PDF file/],
      ['muell.txt', Buffer.from([0x41, 0x00, 0x00, 0x13, 0xff, 0x00]), /binary data/],
      ['latin1.txt', Buffer.from('Gr\xfc\xdfe aus K\xf6ln', 'latin1'), /not valid UTF-8 \(first bad byte at offset 2\)/],
      ['bild.png', Buffer.from('this is not a png at all'), /not an image file/],
      ['leer.csv', Buffer.from('   \n'), /no data rows/],
    ];
    for (const [name, data] of cases) expect((await upload(t, name, data)).status, name).toBe(202);
    const docs = await settled(t);
    for (const [name, , reason] of cases) {
      const doc = docs.find((d) => d.name === name)!;
      expect(doc.status, name).toBe('failed');
      expect(doc.error, name).toMatch(reason);
      expect(doc.chunks).toBe(0);
    }
    // Adding a failed file again tries it again (and fails again, with the same reason).
    const retry = await upload(t, 'geheim.pdf', buildEncryptedPdf());
    expect(retry.json.outcome).toBe('reindexing');
    expect((await settled(t)).find((d) => d.name === 'geheim.pdf')?.error).toMatch(/password-protected/);
    // The good documents are untouched and still found.
    expect((await search(t, 'Zitronensäure')).results[0]?.document).toBe('handbuch.md');
    const health = await t.request('/api/health');
    expect(health.json.components.rag.detail).toMatch(/failed/);
  }, 120_000);

  it('refuses an unknown extension and an empty upload without storing anything', async () => {
    const count = (await documents(t)).length;
    const exe = await upload(t, 'setup.exe', Buffer.from('MZ....'));
    expect(exe.status).toBe(415);
    expect(exe.json.error.code).toBe('UNSUPPORTED_FORMAT');
    expect(exe.json.error.message).toMatch(/\.exe/);
    const wrongField = await upload(t, 'a.txt', Buffer.from('hallo'), 'upload');
    expect(wrongField.status).toBe(400);
    expect((await t.request('/api/rag/documents', { method: 'POST', json: { file: 'x' } })).status).toBe(415);
    expect((await documents(t)).length).toBe(count);
  });

  it('refuses a 200 MB upload early: the stream is cut at the limit and nothing is kept', async () => {
    const count = (await documents(t)).length;
    const url = new URL(`${t.url}/api/rag/documents`);
    const boundary = 'jarvisboundary';
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const result = await new Promise<{ status: number; body: string; sentMb: number }>((resolve, reject) => {
      let sent = 0;
      let done = false;
      // Chunked, so the server cannot refuse by Content-Length and must count the stream.
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          done = true;
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentMb: sent }));
        },
      );
      req.on('error', (err) => (done ? undefined : reject(err)));
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="riesig.txt"\r\nContent-Type: text/plain\r\n\r\n`);
      const pump = () => {
        while (!done && sent < 200) {
          sent++;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        if (!done) req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error.code).toBe('FILE_TOO_LARGE');
    expect(result.sentMb).toBeLessThan(200);
    expect((await documents(t)).length).toBe(count);
    expect(readdirSync(join(t.dataDir, 'rag-files')).filter((f) => f.startsWith('.incoming'))).toEqual([]);

    // With a declared length the answer comes before a single byte of the body is sent.
    const declared = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(200 * 1024 * 1024) },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, ...(res.headers.connection ? { connection: res.headers.connection } : {}) });
          req.destroy();
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(declared).toEqual({ status: 413, connection: 'close' });
  }, 120_000);

  it('deleting a document removes its chunks from search', async () => {
    const doc = (await documents(t)).find((d) => d.name === 'versicherung.pdf')!;
    expect((await search(t, 'Fahrraddiebstahl')).results).not.toEqual([]);
    expect((await t.request(`/api/rag/documents/${doc.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await search(t, 'Fahrraddiebstahl')).results).toEqual([]);
    expect((await t.request(`/api/rag/documents/${doc.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await documents(t)).some((d) => d.id === doc.id)).toBe(false);
  });
});
