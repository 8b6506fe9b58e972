import { request as httpRequest, type IncomingMessage } from 'node:http';

/** One entry of Ollama's GET /api/tags, as far as the master reads it. */
export interface InstalledModel {
  readonly name: string;
  readonly details?: { readonly family?: string; readonly families?: readonly string[] | null };
}

// A model list is a few kilobytes; anything near this is not Ollama.
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * The models Ollama has installed (GET /api/tags), over node:http. The official client asks
 * the same through fetch, and the first fetch loads Node's whole fetch implementation
 * (undici): about a twentieth of the master's cold start, spent at every start only to learn
 * whether Ollama runs. Chat, embeddings and /api/show still go through the client.
 * Rejects with the connection error, or an Error naming the HTTP status.
 */
export async function listInstalledModels(baseUrl: string, timeoutMs = 30_000): Promise<InstalledModel[]> {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/api/tags`);
  // node:https (and TLS) only for an https URL: loading them costs a few milliseconds.
  const request = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: { accept: 'application/json' }, timeout: timeoutMs }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) req.destroy(new Error(`Ollama's model list is larger than ${MAX_BODY_BYTES} bytes`));
        else chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`Ollama answered GET /api/tags with HTTP ${res.statusCode}`));
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { models?: unknown };
          if (!Array.isArray(body.models)) throw new Error('no models array');
          resolve(body.models.filter((m): m is InstalledModel => typeof (m as InstalledModel | null)?.name === 'string'));
        } catch (err) {
          reject(new Error(`Ollama's model list is not readable (${err instanceof Error ? err.message : String(err)})`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`Ollama did not answer GET /api/tags within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}
