import type { RefusalKind } from '../errors';

/** What the main thread posts to a task worker. */
export interface TaskRequest<I> {
  readonly input: I;
}

/** What a task worker posts back: its value, a refusal to rebuild, or a crash message. */
export type TaskReply<O> =
  | { readonly ok: true; readonly value: O }
  | {
      readonly ok: false;
      readonly refusal: { readonly kind: RefusalKind; readonly code: string; readonly message: string; readonly path?: string };
    }
  | { readonly ok: false; readonly crash: string };
