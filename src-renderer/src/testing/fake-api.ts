import { vi } from 'vitest';
import type { ApiErrorBody, EventStream, RouteOfLine, RouteResponse } from '../../../src-shared';

/** A canned answer whose body has the wire type T (the type is only a compile-time tag). */
export type Reply<T> = Response & { readonly wire?: T };

export type Handler<T> = (body: unknown, init: RequestInit | undefined) => Reply<T> | Promise<Reply<T>>;

/** The answer type of a request line ("POST /api/tools/tasks_update"), from the shared route table. */
type AnswerOf<L extends string> = RouteResponse<RouteOfLine<L>>;

export function json<T>(body: T, status = 200): Reply<T> {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The master's refusal: any route may answer it. */
export function apiError(code: string, message: string, status: number, path?: string): Reply<never> {
  const body: ApiErrorBody = { error: path === undefined ? { code, message } : { code, message, path } };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function notFound(): Reply<never> {
  return apiError('NOT_FOUND', 'Route not found', 404);
}

/** A text/event-stream response from a list of events (`event:` the type, `data:` the payload). */
export function sse<E extends { readonly type: string; readonly data: unknown }>(events: readonly E[]): Reply<EventStream<E>> {
  const text = events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`).join('');
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
 * Stubs fetch with a table of request lines ("POST /api/tools/tasks_update"). Each line must
 * belong to a route of the shared ApiRoutes table, and its canned answer must have that
 * route's response type. Unknown lines answer 404. Returns the recorded calls.
 */
export function fakeApi<L extends string>(routes: { [K in L]: Handler<AnswerOf<K>> }): {
  calls: { method: string; path: string; body: unknown }[];
} {
  const table: Readonly<Record<string, Handler<unknown>>> = routes;
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
      const handler = table[`${method} ${path}`] ?? table[`${method} ${path.split('?')[0]}`];
      return handler ? handler(body, init) : notFound();
    }),
  );
  return { calls };
}
