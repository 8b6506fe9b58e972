import type { FastifyRequest } from 'fastify';

/** The answers' top-level fields that hold a secret (a token, a pairing code), by request. */
const SECRET_FIELDS = new WeakMap<FastifyRequest, readonly string[]>();

/**
 * A route whose answer carries a secret names its fields here: the answer is sent as it is,
 * but whatever keeps answers (the Idempotency-Key store) keeps it without them, so the
 * secret is never stored, never ends up in a backup, and a replay gets the record without it.
 */
export function answerCarriesSecrets(req: FastifyRequest, fields: readonly string[]): void {
  SECRET_FIELDS.set(req, fields);
}

/** The body that may be kept: without the secret fields, or undefined when it cannot be kept safely. */
export function keepableAnswer(req: FastifyRequest, body: string): string | undefined {
  const fields = SECRET_FIELDS.get(req);
  if (!fields) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const kept: Record<string, unknown> = { ...(parsed as Record<string, unknown>) };
  for (const field of fields) delete kept[field];
  return JSON.stringify(kept);
}
