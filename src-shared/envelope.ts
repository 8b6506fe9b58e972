// The result envelope every tool returns, whatever its provider (core, plugin, remote):
// what a skill process writes to stdout and what a worker answers to an invoke.

export interface ToolError {
  readonly code: string;
  readonly message: string;
  /** JSON path of the offending input, when the error is a validation error. */
  readonly path?: string;
}

export interface ToolResult<T = unknown> {
  readonly success: boolean;
  readonly data?: T;
  readonly error?: ToolError;
  /** Human-readable sentence built from the persisted result, never from model prose. */
  readonly message: string;
  readonly mutated: boolean;
  readonly warnings?: readonly string[];
}

export function toolSuccess<T>(data: T, message: string, mutated: boolean): ToolResult<T> {
  return { success: true, data, message, mutated };
}

export function toolFailure(code: string, message: string, path?: string): ToolResult<never> {
  return { success: false, error: path === undefined ? { code, message } : { code, message, path }, message, mutated: false };
}
