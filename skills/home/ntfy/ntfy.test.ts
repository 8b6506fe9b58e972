import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error the skill pack is plain JavaScript (no npm dependencies, no build step)
import { runEnvelope } from '../_lib/skill-main.mjs';
// @ts-expect-error see above
import { ntfyActions } from './actions.mjs';

// A stand-in ntfy server written from ntfy's publishing documentation (docs.ntfy.sh/publish/,
// "Publish as JSON" and "Access tokens"): a JSON body {topic, message, title, priority, tags,
// click} POSTed to the root URL; `Authorization: Bearer tk_…`; 200 with the stored message
// {id, time, event: "message", topic, …}; 403 {"code":40301,"http":403,"error":"forbidden"}
// for a topic the token may not write.

const TOKEN = 'tk_standin0123456789abcdefghij';

interface Published {
  headers: IncomingHttpHeaders;
  body: any;
}

describe('home.ntfy send', () => {
  let server: Server;
  let url = '';
  const published: Published[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/') return res.writeHead(404).end('{"code":40401,"http":404,"error":"page not found"}');
        if (req.headers.authorization !== `Bearer ${TOKEN}`) {
          res.writeHead(403, { 'content-type': 'application/json' });
          return res.end('{"code":40301,"http":403,"error":"forbidden","link":"https://ntfy.sh/docs/publish/#authentication"}');
        }
        const body = JSON.parse(raw);
        published.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'sPs71M8A2T', time: 1700000000, expires: 1700043200, event: 'message', topic: body.topic, message: body.message }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));
  beforeEach(() => (published.length = 0));

  const call = (input: object, env: Record<string, string>) =>
    runEnvelope({ protocol: 'jarvis.skill.v1', action: 'send', input, context: {} }, ntfyActions, env) as Promise<{ success: boolean; data?: any; error?: any }>;

  it('publishes title, priority, tags and click URL to the topic with the token', async () => {
    const r = await call(
      { message: 'Essen ist fertig', title: 'Küche', priority: 4, tags: ['spaghetti'], click: 'https://example.org/rezept' },
      { NTFY_URL: url, NTFY_TOPIC: 'familie', NTFY_TOKEN: TOKEN },
    );
    expect(r).toMatchObject({ success: true, data: { id: 'sPs71M8A2T', topic: 'familie' } });
    expect(published[0]!.body).toEqual({ topic: 'familie', message: 'Essen ist fertig', title: 'Küche', priority: 4, tags: ['spaghetti'], click: 'https://example.org/rezept' });
    expect(published[0]!.headers['content-type']).toBe('application/json');
  });

  it('reports a refused token without repeating it', async () => {
    const r = await call({ message: 'x' }, { NTFY_URL: url, NTFY_TOPIC: 'familie', NTFY_TOKEN: 'tk_wrong_secret' });
    expect(r.error).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(JSON.stringify(r)).not.toContain('tk_wrong_secret');
    expect(published).toEqual([]);
  });

  it('says which setting is missing or malformed', async () => {
    expect((await call({ message: 'x' }, {})).error).toMatchObject({ code: 'NOT_CONFIGURED', message: expect.stringContaining('NTFY_URL') });
    expect((await call({ message: 'x' }, { NTFY_URL: url })).error).toMatchObject({ code: 'NOT_CONFIGURED', message: expect.stringContaining('NTFY_TOPIC') });
    expect((await call({ message: 'x' }, { NTFY_URL: url, NTFY_TOPIC: 'a/b' })).error).toMatchObject({ code: 'BAD_SETTING' });
  });

  it('reports an unreachable server', async () => {
    const r = await call({ message: 'x' }, { NTFY_URL: 'http://127.0.0.1:1', NTFY_TOPIC: 'familie' });
    expect(r.error).toMatchObject({ code: 'UNREACHABLE' });
  });
});
