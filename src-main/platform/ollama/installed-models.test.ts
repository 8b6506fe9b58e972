import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedOllama } from '../../testing/scripted-ollama';
import { listInstalledModels } from './installed-models';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server that answers every request with `handler`; returns its base URL. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('listInstalledModels', () => {
  it('reads GET /api/tags as Ollama sends it, names and families', async () => {
    const ollama = await startScriptedOllama({ models: [{ name: 'qwen2.5:7b-instruct', capabilities: ['tools'], family: 'qwen2' }] });
    try {
      const models = await listInstalledModels(`${ollama.url}/`);
      expect(models).toEqual([
        expect.objectContaining({
          name: 'qwen2.5:7b-instruct',
          details: expect.objectContaining({ family: 'qwen2', families: ['qwen2'] }),
        }),
      ]);
      expect(ollama.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/tags']);
    } finally {
      await ollama.close();
    }
  });

  it('rejects with the connection error when nothing listens', async () => {
    const url = await serve(() => undefined);
    await new Promise((r) => servers.pop()!.close(r));
    await expect(listInstalledModels(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('rejects an error status, a body that is not a model list, and a silent server', async () => {
    const failing = await serve((_req, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}'));
    await expect(listInstalledModels(failing)).rejects.toThrow('Ollama answered GET /api/tags with HTTP 500');
    const garbage = await serve((_req, res) => res.end('<html>'));
    await expect(listInstalledModels(garbage)).rejects.toThrow(/not readable/);
    const silent = await serve(() => undefined);
    await expect(listInstalledModels(silent, 100)).rejects.toThrow('Ollama did not answer GET /api/tags within 100 ms');
  });
});
