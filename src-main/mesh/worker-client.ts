import { randomBytes } from 'node:crypto';
import { answerProofText, CALL_NONCE_HEADER, WORKER_SIGNATURE_HEADER } from '../../src-shared';
import { ed25519Key, signatureHolds } from './key-proof';

/** The call never produced a response: connection refused or reset, DNS, or a timeout before any answer. */
export class TransportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface WorkerAnswer {
  readonly status: number;
  readonly body: unknown;
  /** The answer was longer than the cap; reading stopped there and `body` is undefined. */
  readonly tooLarge?: true;
  /** The answer was not signed by the key the worker enrolled with; `body` is undefined. */
  readonly unverified?: true;
}

/** Reads at most `maxBytes` of a response; beyond that it stops reading and drops the rest. */
async function readCapped(res: Response, maxBytes: number): Promise<string | undefined> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeTransportFailure(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'no answer before the timeout';
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return cause.code;
    if (cause?.message) return cause.message;
    return err.message;
  }
  return String(err);
}

/**
 * Master -> worker: one POST with the worker's access token. Anything that fails before a
 * response arrives is a TransportError (the caller may try another replica); once the
 * worker answered, its answer stands, whatever it says. An answer longer than
 * `maxAnswerBytes` is not read further (a worker could otherwise fill the master's memory).
 */
export async function postToWorker(
  endpoint: string,
  path: string,
  accessToken: string,
  body: unknown,
  timeoutMs: number,
  maxAnswerBytes: number,
  /** The worker's enrolled key: an Ed25519 key means its answer must be signed by it. */
  workerKey?: string,
): Promise<WorkerAnswer> {
  const url = `${endpoint.replace(/\/$/, '')}${path}`;
  const verifier = workerKey ? ed25519Key(workerKey) : undefined;
  const nonce = verifier ? randomBytes(18).toString('base64url') : undefined;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        ...(nonce ? { [CALL_NONCE_HEADER]: nonce } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new TransportError(describeTransportFailure(err));
  }
  let text: string | undefined;
  try {
    text = await readCapped(res, maxAnswerBytes);
  } catch (err) {
    throw new TransportError(describeTransportFailure(err));
  }
  if (text === undefined) return { status: res.status, body: undefined, tooLarge: true };
  if (verifier && nonce && !signatureHolds(verifier, answerProofText(nonce, text), res.headers.get(WORKER_SIGNATURE_HEADER)))
    return { status: res.status, body: undefined, unverified: true };
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed };
}
