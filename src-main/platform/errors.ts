import type { ApiErrorBody, ToolResult } from '../../src-shared';

/** What kind of refusal an error is; the HTTP server turns each into one status, in one table. */
export type RefusalKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'unprocessable'
  | 'too_many'
  | 'bad_gateway'
  | 'unavailable'
  | 'timeout';

/**
 * A refusal a person or a client can act on: a stable code, a message, and where in the
 * input it applies. Every capability's own errors extend it, so no route catches an error
 * only to throw it again with a status: the server maps the kind.
 */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export const STATUS_OF_KIND: Readonly<Record<RefusalKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  unprocessable: 422,
  too_many: 429,
  bad_gateway: 502,
  unavailable: 503,
  timeout: 504,
};

/** For tables that already speak in statuses (the protocol's rejection codes). */
export function kindOfStatus(status: number): RefusalKind {
  const found = (Object.keys(STATUS_OF_KIND) as RefusalKind[]).find((k) => STATUS_OF_KIND[k] === status);
  return found ?? (status >= 500 ? 'unavailable' : 'invalid');
}

/** HTTP status of a tool call's result envelope (the envelope itself is always the body). */
export function statusOfToolResult(result: ToolResult, created = false): number {
  if (result.success) return created ? 201 : 200;
  switch (result.error?.code) {
    case 'INVALID_ARGUMENTS':
    case 'INVALID_INPUT':
    case 'INVALID_TIME':
      return 400;
    case 'UNKNOWN_TOOL':
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
    case 'MANUAL_OVERRIDE':
    case 'NAME_TAKEN':
      return 409;
    case 'POLICY_DENIED':
      return 403;
    case 'APPROVAL_REQUIRED':
      // The call waits for an admin's approval: accepted, not run.
      return 202;
    case 'TOOL_FAILED':
      return 500;
    default:
      // A plugin's own failure (e.g. UPSTREAM_UNAVAILABLE): the call itself worked.
      return 200;
  }
}

/** The body of every error answer: `{error:{code,message,path?}}`. */
export function errorBody(code: string, message: string, path?: string): ApiErrorBody {
  return { error: path === undefined ? { code, message } : { code, message, path } };
}
