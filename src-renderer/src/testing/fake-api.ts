import { vi } from 'vitest';

export type Handler = (body: unknown, init: RequestInit | undefined) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function notFound(): Response {
  return json({ error: { code: 'NOT_FOUND', message: 'Route not found' } }, 404);
}

/** A text/event-stream response from a list of [event, data] pairs. */
export function sse(events: readonly [string, unknown][]): Response {
  const text = events.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join('');
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      // Two chunks that split an event, as a real network does.
      c.enqueue(bytes.slice(0, 17));
      c.enqueue(bytes.slice(17));
      c.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/**
 * Stubs fetch with a route table ("POST /api/tools/tasks_update"); unknown routes are 404,
 * as on a master without that capability. Returns the recorded calls.
 */
export function fakeApi(routes: Record<string, Handler>): { calls: { method: string; path: string; body: unknown }[] } {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).replace(/^https?:\/\/[^/]+/, '');
      let body: unknown;
      try {
        body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      } catch {
        body = init?.body;
      }
      calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
      return handler ? handler(body, init) : notFound();
    }),
  );
  return { calls };
}
