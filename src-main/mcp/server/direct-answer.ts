import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { SUPPORTED_PROTOCOL_VERSIONS, type Result } from '@modelcontextprotocol/sdk/types.js';
import { callTool, INTERNAL_ERROR, listResources, listTools, readResource, type JarvisMcpServerDeps } from './jarvis-mcp-methods';
import type { McpCaller } from './mcp-tool-calls';

/** One POST to /mcp as the direct answer needs it: the headers the SDK's transport checks, and the parsed body. */
export interface McpPost {
  readonly accept: string | undefined;
  readonly contentType: string | undefined;
  readonly protocolVersion: string | undefined;
  readonly body: unknown;
}

type Params = Record<string, unknown>;
type Method = (deps: JarvisMcpServerDeps, caller: McpCaller, params: Params) => Result | Promise<Result>;

const isObject = (v: unknown): v is Params => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether `value` is an object whose keys are all in `allowed`. */
function only(value: Params, allowed: readonly string[]): boolean {
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
}

/**
 * The methods most clients send, each with the params it takes here: exactly those the SDK's
 * request schema accepts and its handler reads. Anything more (`_meta` with a progress
 * token, a task, a cursor) is left to the SDK.
 */
const METHODS: Readonly<Record<string, { readonly accepts: (params: Params) => boolean; readonly answer: Method }>> = {
  'tools/call': {
    accepts: (p) => only(p, ['name', 'arguments']) && typeof p.name === 'string' && (p.arguments === undefined || isObject(p.arguments)),
    answer: (deps, caller, p) => callTool(deps, caller, p.name as string, (p.arguments as Params | undefined) ?? {}),
  },
  'tools/list': { accepts: (p) => only(p, []), answer: (deps) => listTools(deps) },
  'resources/list': { accepts: (p) => only(p, []), answer: () => listResources() },
  'resources/read': {
    accepts: (p) => only(p, ['uri']) && typeof p.uri === 'string',
    answer: (deps, caller, p) => readResource(deps, caller, p.uri as string),
  },
};

const isRequestId = (id: unknown): id is string | number => typeof id === 'string' || Number.isSafeInteger(id);

/**
 * The JSON answer to a POST that holds one plain request of a method in METHODS, as the SDK's
 * Server and its stateless JSON transport would send it, without building either (most of
 * the endpoint's time before this). Undefined for anything else (initialize, a batch, a
 * notification, other methods, headers the transport would refuse): the SDK answers those.
 * The handlers are the ones the SDK's Server calls, so a tool call meets the same gate and
 * is recorded alike.
 */
export async function answerDirectly(deps: JarvisMcpServerDeps, caller: McpCaller, post: McpPost): Promise<string | undefined> {
  const { body } = post;
  if (!isObject(body) || body.jsonrpc !== '2.0' || !isRequestId(body.id) || typeof body.method !== 'string') return undefined;
  if (!only(body, ['jsonrpc', 'id', 'method', 'params'])) return undefined;
  const method = Object.hasOwn(METHODS, body.method) ? METHODS[body.method] : undefined;
  const params = body.params === undefined ? {} : body.params;
  if (!method || !isObject(params) || !method.accepts(params)) return undefined;
  // The stateless transport's checks; where one fails, its own refusal is the answer.
  if (!post.accept?.includes('application/json') || !post.accept.includes('text/event-stream')) return undefined;
  if (!isJsonContentType(post.contentType)) return undefined;
  if (post.protocolVersion !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(post.protocolVersion)) return undefined;
  const id = body.id;
  try {
    const result = await method.answer(deps, caller, params);
    return JSON.stringify({ result, jsonrpc: '2.0', id });
  } catch (err) {
    // As the SDK's Protocol turns a handler's error into a JSON-RPC error.
    const e = (err ?? {}) as { code?: unknown; message?: string; data?: unknown };
    const error = {
      code: Number.isSafeInteger(e.code) ? e.code : INTERNAL_ERROR,
      message: e.message ?? 'Internal error',
      ...(e.data !== undefined ? { data: e.data } : {}),
    };
    return JSON.stringify({ jsonrpc: '2.0', id, error });
  }
}
