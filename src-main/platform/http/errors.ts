import type { ApiErrorBody } from '../../../src-shared';

/** An error a route throws on purpose: it becomes `{error:{code,message}}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorBody(code: string, message: string, path?: string): ApiErrorBody {
  return { error: path === undefined ? { code, message } : { code, message, path } };
}
