// A request the page knows it will make, sent before the code that makes it has loaded (the
// opening calendar's month, asked for while React and the store are still being evaluated).
// The API client's identical request takes the answer instead of asking again.

/**
 * How long an early answer may wait for its taker: one taken later (the page went elsewhere
 * first and came back) would show data from before that wait.
 */
export const EARLY_ANSWER_MS = 10_000;

/** Requests sent early and not yet taken, by method, path, headers and body. */
const early = new Map<string, { readonly answer: Promise<Response>; readonly at: number }>();

type HeaderMap = Readonly<Record<string, string>>;

interface EarlyInit {
  readonly body?: string;
  readonly headers?: HeaderMap;
}

function keyOf(method: string, path: string, init: EarlyInit): string {
  const headers = Object.entries(init.headers ?? {})
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
    .sort()
    .join('\n');
  return `${method} ${path}\n${headers}\n\n${init.body ?? ''}`;
}

/** Sends the request now; the first identical `takeEarly` gets its answer. */
export function startEarly(method: string, path: string, init: EarlyInit = {}): void {
  const answer = fetch(path, { method, headers: init.headers, body: init.body });
  // Nobody may take it (the view changed first): its failure is nobody's error.
  answer.catch(() => undefined);
  early.set(keyOf(method, path, init), { answer, at: Date.now() });
}

/** The answer of an early identical request, once; undefined when there was none or it was taken. */
export function takeEarly(method: string, path: string, init: EarlyInit): Promise<Response> | undefined {
  const key = keyOf(method, path, init);
  const sent = early.get(key);
  early.delete(key);
  return sent && Date.now() - sent.at <= EARLY_ANSWER_MS ? sent.answer : undefined;
}
