import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RagDocument, RagSearchResponse } from '../../src-shared';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// A minimal Ollama for embeddings: /api/tags lists one embedding model, /api/embed returns
// deterministic bag-of-words vectors in which synonyms share a dimension, so a query can
// match a document it shares no keyword with — only through the vectors.
const SYNONYMS: Record<string, string> = { fahrzeug: 'auto', pkw: 'auto', wagen: 'auto', kfz: 'auto' };
const DIMS = 64;

function vectorOf(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = SYNONYMS[raw] ?? raw;
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
    v[h % DIMS]! += 1;
  }
  return v;
}

async function embedServer(): Promise<{ server: Server; url: string; calls: string[][] }> {
  const calls: string[][] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/tags') {
        res.end(
          JSON.stringify({
            models: [
              { name: 'llama3.2:3b', model: 'llama3.2:3b', details: { family: 'llama', families: ['llama'] } },
              {
                name: 'nomic-embed-text:latest',
                model: 'nomic-embed-text:latest',
                details: { family: 'nomic-bert', families: ['nomic-bert'] },
              },
            ],
          }),
        );
      } else if (req.url === '/api/embed') {
        const { model, input } = JSON.parse(body) as { model: string; input: string | string[] };
        const texts = Array.isArray(input) ? input : [input];
        calls.push(texts);
        res.end(JSON.stringify({ model, embeddings: texts.map(vectorOf) }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: 'not found' }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

async function upload(t: TestMaster, name: string, text: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(text)]), name);
  return (await fetch(`${t.url}/api/rag/documents`, { method: 'POST', body: form })).status;
}

async function settled(t: TestMaster): Promise<RagDocument[]> {
  const until = Date.now() + 30_000;
  for (;;) {
    const docs = (await t.request('/api/rag/documents')).json.documents as RagDocument[];
    if (docs.every((d) => d.status === 'ready' || d.status === 'failed')) return docs;
    if (Date.now() > until) throw new Error('not settled');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function search(t: TestMaster, q: string): Promise<RagSearchResponse> {
  return (await t.request(`/api/rag/search?q=${encodeURIComponent(q)}`)).json;
}

describe('knowledge: embeddings from Ollama', () => {
  let ollama: Awaited<ReturnType<typeof embedServer>>;
  let t: TestMaster;

  beforeAll(async () => {
    ollama = await embedServer();
    t = await startTestMaster({ OLLAMA_URL: ollama.url, OLLAMA_EMBED_MODEL: 'auto' });
  });
  afterAll(async () => {
    await t?.close();
    ollama?.server.close();
  });

  it('picks the installed embedding model, stores vectors beside the chunks and searches hybrid', async () => {
    const ready: { name: string; text: string }[] = [];
    const unsubscribe = t.master.capabilities.knowledge.documents!.onDocumentReady((doc) => ready.push(doc));
    expect(await upload(t, 'garage.txt', 'Das Auto steht in der Garage am Stadtpark.\n\nDer TÜV ist im März fällig.')).toBe(202);
    expect(await upload(t, 'kuchen.md', '# Backen\n\nApfelkuchen mit Zimt und Streuseln.')).toBe(202);
    const docs = await settled(t);
    expect(docs.map((d) => [d.name, d.status, d.embed_model])).toEqual(
      expect.arrayContaining([
        ['garage.txt', 'ready', 'nomic-embed-text:latest'],
        ['kuchen.md', 'ready', 'nomic-embed-text:latest'],
      ]),
    );
    expect(ollama.calls.flat()).toEqual(expect.arrayContaining([expect.stringContaining('Garage')]));
    // The Task Scout's feed: each document once, with its text.
    expect(ready.map((d) => d.name).sort()).toEqual(['garage.txt', 'kuchen.md']);
    expect(ready.find((d) => d.name === 'garage.txt')!.text).toContain('TÜV ist im März fällig');
    unsubscribe();
    const viaService = await t.master.capabilities.knowledge.documents!.search('Fahrzeug', { topK: 1 });
    expect(viaService.results.map((r) => r.document)).toEqual(['garage.txt']);

    // "Fahrzeug" is in no document: only the vectors connect it to "Auto".
    const res = await search(t, 'Fahrzeug');
    expect(res.mode).toBe('hybrid');
    expect(res.notice).toBeUndefined();
    expect(res.results[0]).toMatchObject({ document: 'garage.txt' });
    expect(res.results[0]!.score).toBeGreaterThan(0);

    const health = await t.request('/api/health');
    expect(health.json.components.rag).toMatchObject({ state: 'ok' });
    expect(health.json.components.rag.detail).toMatch(/hybrid search \(nomic-embed-text:latest/);
  });

  it('fuses keyword and vector ranks: a document strong in both comes first', async () => {
    const res = await search(t, 'Auto Garage');
    expect(res.mode).toBe('hybrid');
    expect(res.results[0]!.document).toBe('garage.txt');
    expect(res.results.map((r) => r.document)).toContain('kuchen.md');
  });

  it('deleting a document removes its vectors too', async () => {
    const docs = await settled(t);
    const garage = docs.find((d) => d.name === 'garage.txt')!;
    expect((await t.request(`/api/rag/documents/${garage.id}`, { method: 'DELETE' })).status).toBe(204);
    const res = await search(t, 'Fahrzeug');
    expect(res.results.map((r) => r.document)).not.toContain('garage.txt');
  });

  it('falls back to keywords and says so when Ollama goes away', async () => {
    await new Promise<void>((r) => {
      ollama.server.closeAllConnections();
      ollama.server.close(() => r());
    });
    const res = await search(t, 'Apfelkuchen');
    expect(res.mode).toBe('keyword');
    expect(res.notice).toMatch(/Keyword search only/);
    expect(res.results[0]?.document).toBe('kuchen.md');
  });
});
