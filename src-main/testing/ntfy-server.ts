// A stand-in for an ntfy server, on loopback, written from ntfy's publishing docs
// (https://docs.ntfy.sh/publish/): a message is a POST (or PUT) of its text to /<topic>;
// Title, Priority, Tags and Click arrive as headers (RFC 2047 encoded when not ASCII),
// an access token as `Authorization: Bearer <token>`. A protected topic answers 401
// without the right token, as ntfy does; a published message is answered 200 with JSON.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NtfyPublication {
  readonly topic: string;
  readonly message: string;
  readonly title: string | undefined;
  readonly priority: string | undefined;
  readonly tags: string | undefined;
  readonly click: string | undefined;
  readonly authorization: string | undefined;
}

export interface NtfyStandIn {
  readonly url: string;
  readonly published: readonly NtfyPublication[];
  close(): Promise<void>;
}

/** "=?UTF-8?B?...?=" -> text (RFC 2047, as ntfy reads its headers). */
function decodeWords(value: string | undefined): string | undefined {
  const m = value ? /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/i.exec(value) : null;
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : value;
}

export async function startNtfyServer(options: { token?: string; lifetimeMs?: number } = {}): Promise<NtfyStandIn> {
  const published: NtfyPublication[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.length < 64 && chunks.push(c));
    req.on('end', () => {
      const topic = /^\/([-_A-Za-z0-9]{1,64})$/.exec(req.url ?? '')?.[1];
      if ((req.method !== 'POST' && req.method !== 'PUT') || !topic) return void res.writeHead(404).end();
      if (options.token && req.headers.authorization !== `Bearer ${options.token}`)
        return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":40101,"http":401,"error":"unauthorized"}');
      const message = Buffer.concat(chunks).toString('utf8');
      published.push({
        topic,
        message,
        title: decodeWords(req.headers.title as string | undefined),
        priority: req.headers.priority as string | undefined,
        tags: req.headers.tags as string | undefined,
        click: req.headers.click as string | undefined,
        authorization: req.headers.authorization,
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: String(published.length), event: 'message', topic, message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = setTimeout(() => server.close(), options.lifetimeMs ?? 120_000);
  stop.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    published,
    close() {
      clearTimeout(stop);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
