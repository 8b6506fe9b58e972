// The renderer's one HTTP client. Every route it calls is typed by ApiRoutes in src-shared:
// the route decides the body, the path parameters and the answer. Slices and screens call
// these functions, never fetch.
import type {
  ApiErrorBody,
  ApiRoute,
  ChatRequest,
  ChatStreamErrorEvent,
  ChatStreamEvent,
  FormFields,
  HomeToolArgs,
  HomeToolData,
  HomeToolName,
  RouteParams,
  RouteRequest,
  RouteResponse,
  ToolResult,
} from '../../src-shared';
import { takeEarly } from './early-requests';
import { createSseParser } from './live/sse-parser';

/** The master's answer when it refuses: the message is for the user, the code for logic. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** JSON pointer of the refused input ("/title"), when the master named one. */
    readonly path?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The master was not reached at all (offline, or it is down): the request may be sent again. */
  get unreachable(): boolean {
    return this.status === 0 && this.code === 'NETWORK';
  }
}

const UNREACHABLE = 'JARVIS-Dienst nicht erreichbar';

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isErrorBody(json: unknown): json is ApiErrorBody {
  return typeof json === 'object' && json !== null && 'error' in json && typeof json.error === 'object' && json.error !== null;
}

function errorFrom(status: number, json: unknown): ApiError {
  const err = isErrorBody(json) ? json.error : undefined;
  return new ApiError(status, err?.code ?? 'HTTP_ERROR', err?.message ?? `HTTP ${status}`, err?.path);
}

type JsonRoute = { [R in ApiRoute]: RouteRequest<R> extends FormFields<unknown> ? never : R }[ApiRoute];
type FormRoute = { [R in ApiRoute]: RouteRequest<R> extends FormFields<unknown> ? R : never }[ApiRoute];

/** What one call of route R needs: its path parameters, and its body when it takes one. */
export type RequestOptions<R extends ApiRoute> = ([RouteParams<R>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: Readonly<Record<RouteParams<R>, string>> }) &
  (RouteRequest<R> extends undefined ? { readonly body?: undefined } : { readonly body: RouteRequest<R> }) & {
    readonly query?: Readonly<Record<string, string>>;
    readonly headers?: Readonly<Record<string, string>>;
    readonly signal?: AbortSignal;
  };

/** The options argument may be left out when the route needs neither parameters nor a body. */
export type RequestArgs<R extends ApiRoute> =
  object extends RequestOptions<R> ? [options?: RequestOptions<R>] : [options: RequestOptions<R>];

interface LooseOptions {
  readonly params?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/** "POST /api/tools/{name}" + {name: "tasks_update"} -> ["POST", "/api/tools/tasks_update"]. */
function requestLine(route: ApiRoute, options: LooseOptions | undefined): [method: string, path: string] {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const path = route.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options?.params?.[name] ?? ''));
  const query = options?.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  return [method, path + query];
}

async function send(
  method: string,
  path: string,
  init: { body?: BodyInit; headers?: Readonly<Record<string, string>>; signal?: AbortSignal },
): Promise<Response> {
  // A request that can be cancelled is its caller's own; an early one cannot be.
  const sentEarly =
    init.signal || (init.body !== undefined && typeof init.body !== 'string')
      ? undefined
      : takeEarly(method, path, { body: init.body, ...(init.headers ? { headers: init.headers } : {}) });
  if (sentEarly) {
    try {
      return await sentEarly;
    } catch {
      // The early request found no master (it may have started since): ask again below.
    }
  }
  try {
    return await fetch(path, { method, headers: init.headers, body: init.body, signal: init.signal });
  } catch (e) {
    if (e instanceof Error && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', UNREACHABLE);
  }
}

async function jsonCall(
  route: ApiRoute,
  options: LooseOptions | undefined,
  extraHeaders: Readonly<Record<string, string>>,
): Promise<unknown> {
  const [method, path] = requestLine(route, options);
  const hasBody = options?.body !== undefined;
  const res = await send(method, path, {
    headers: { ...extraHeaders, ...(options?.headers ?? {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options?.signal,
  });
  const json = parseBody(await res.text());
  if (!res.ok) throw errorFrom(res.status, json);
  return json;
}

/** A request function that adds these headers to every call (the protocol client's version and actor). */
export function requester(headers: () => Readonly<Record<string, string>>) {
  function call<R extends JsonRoute>(route: R, ...args: RequestArgs<R>): Promise<RouteResponse<R>>;
  function call(route: JsonRoute, options?: LooseOptions): Promise<unknown> {
    return jsonCall(route, options, headers());
  }
  return call;
}

/** One JSON call of the loopback API: `request('GET /api/skills')`, `request('POST /api/mesh/workers/{id}/reload', { params: { id }, body: {} })`. */
export const request = requester(() => ({}));

export interface ToolCallOptions {
  /** A call that may be sent again (an offline queue): the master gives it one effect and repeats its first answer. */
  readonly idempotencyKey?: string;
}

/**
 * POST /api/tools/{name}: the one write path the UI shares with the assistant.
 * A refused call (success:false) becomes an ApiError so callers can roll back.
 */
export async function callTool<N extends HomeToolName>(
  name: N,
  args: HomeToolArgs[N],
  options?: ToolCallOptions,
): Promise<ToolResult<HomeToolData[N]>>;
export async function callTool(name: HomeToolName, args: object, options: ToolCallOptions = {}): Promise<ToolResult> {
  const headers = options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined;
  const result = await request('POST /api/tools/{name}', { params: { name }, body: { arguments: args }, ...(headers ? { headers } : {}) });
  if (!result.success)
    throw new ApiError(422, result.error?.code ?? 'TOOL_FAILED', result.error?.message ?? result.message, result.error?.path);
  return result;
}

function formOf(fields: Readonly<Record<string, string | Blob | undefined>>, names: Readonly<Record<string, string>> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, value, names[key] ?? (value instanceof File ? value.name : 'blob'));
  }
  return form;
}

type FormOf<R extends FormRoute> = RouteRequest<R> extends FormFields<infer F> ? F : never;

/** A multipart POST, same error mapping as request(). `fileNames` names the uploaded Blobs. */
export async function postForm<R extends FormRoute>(
  route: R,
  fields: FormOf<R>,
  fileNames?: Readonly<Record<string, string>>,
): Promise<RouteResponse<R>>;
export async function postForm(
  route: FormRoute,
  fields: Readonly<Record<string, string | Blob | undefined>>,
  fileNames?: Readonly<Record<string, string>>,
): Promise<unknown> {
  const [method, path] = requestLine(route, undefined);
  const res = await send(method, path, { body: formOf(fields, fileNames) });
  const json = parseBody(await res.text());
  if (!res.ok) throw errorFrom(res.status, json);
  return json;
}

/** The same multipart POST with upload progress (fetch has no upload progress events). */
export function uploadForm<R extends FormRoute>(
  route: R,
  fields: FormOf<R>,
  onProgress?: (fraction: number) => void,
): Promise<RouteResponse<R>>;
export function uploadForm(
  route: FormRoute,
  fields: Readonly<Record<string, string | Blob | undefined>>,
  onProgress?: (fraction: number) => void,
): Promise<unknown> {
  const [method, path] = requestLine(route, undefined);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', UNREACHABLE));
    xhr.onload = () => {
      const json = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(json);
      else reject(errorFrom(xhr.status, json));
    };
    xhr.send(formOf(fields));
  });
}

/** GET /api/events: the one live stream of server events (see ServerEventData for their payloads). */
export function openEventStream(): EventSource {
  return new EventSource('/api/events');
}

export type ChatStreamMessage = ChatStreamEvent | ChatStreamErrorEvent;

/**
 * POST /api/agent/chat/stream: hands each event to `onEvent` as it arrives and resolves
 * when the stream ends. A refusal before the stream starts is an ApiError.
 */
export async function streamChat(body: ChatRequest, onEvent: (event: ChatStreamMessage) => void): Promise<void> {
  const [method, path] = requestLine('POST /api/agent/chat/stream', undefined);
  const res = await send(method, path, {
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream'))
    throw errorFrom(res.status, parseBody(await res.text()));
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = createSseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    // The event name is the union's tag; the data is the payload the master wrote for it.
    for (const ev of parse(value)) onEvent({ type: ev.event, data: JSON.parse(ev.data) } as ChatStreamMessage);
  }
}
