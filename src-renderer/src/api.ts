import type { ApiErrorBody, ToolResult } from '../../src-shared';

/** The master's answer when it refuses: the message is for the user, the code for logic. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A capability whose branch is not part of this build answers 404/501: a state to render, not a crash. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 501);
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFrom(status: number, json: unknown): ApiError {
  const err = (json as ApiErrorBody | undefined)?.error;
  return new ApiError(status, err?.code ?? 'HTTP_ERROR', err?.message ?? `HTTP ${status}`);
}

export async function apiFetch<T>(path: string, init?: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> }): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init?.method ?? (init?.body === undefined ? 'GET' : 'POST'),
      headers: { ...(init?.headers ?? {}), ...(init?.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init?.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'JARVIS-Dienst nicht erreichbar');
  }
  const json = parseBody(await res.text());
  if (!res.ok) throw errorFrom(res.status, json);
  return json as T;
}

/**
 * POST /api/tools/{name}: the one write path the UI shares with the assistant.
 * A refused call (success:false) becomes an ApiError so callers can roll back.
 */
export async function callTool<T = unknown>(name: string, args: Record<string, unknown>): Promise<ToolResult<T>> {
  const result = await apiFetch<ToolResult<T>>(`/api/tools/${encodeURIComponent(name)}`, { body: { arguments: args } });
  if (!result.success) throw new ApiError(422, result.error?.code ?? 'TOOL_FAILED', result.error?.message ?? result.message);
  return result;
}

/** Multipart POST with upload progress (fetch has no upload progress events). */
export function apiUpload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'JARVIS-Dienst nicht erreichbar'));
    xhr.onload = () => {
      const json = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as T);
      else reject(errorFrom(xhr.status, json));
    };
    xhr.send(form);
  });
}

/** POST multipart with fetch (no progress needed), same error mapping as apiFetch. */
export async function apiPostForm<T>(path: string, form: FormData, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', body: form, signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'JARVIS-Dienst nicht erreichbar');
  }
  const json = parseBody(await res.text());
  if (!res.ok) throw errorFrom(res.status, json);
  return json as T;
}
