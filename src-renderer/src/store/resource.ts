import { errorText } from './error-text';

/** What a card needs to know about data it did not fetch itself. */
export type Resource<T> =
  | { readonly status: 'idle' | 'loading'; readonly data?: T }
  | { readonly status: 'ready'; readonly data: T }
  | { readonly status: 'error'; readonly data?: T; readonly error: string };

export const idle = <T>(): Resource<T> => ({ status: 'idle' });

/** Keeps the last data while reloading, so live refreshes do not flash empty cards. */
export function loading<T>(previous: Resource<T>): Resource<T> {
  return { status: 'loading', data: previous.data };
}

export function failed<T>(previous: Resource<T>, error: unknown): Resource<T> {
  return { status: 'error', data: previous.data, error: messageOf(error) };
}

/** What went wrong, in the UI's language and without codes (see errorText). */
export function messageOf(error: unknown): string {
  return errorText(error);
}
