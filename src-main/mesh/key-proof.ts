import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { enrollProofText, type EnrollRequest } from '../../src-shared';

/** How far a worker's clock may be from the master's when it signs its enrollment. */
export const KEY_PROOF_SKEW_MS = 5 * 60_000;

/** The declared key as an Ed25519 public key, or undefined for a free-form key of older workers. */
export function ed25519Key(key: string): KeyObject | undefined {
  try {
    const k = createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' });
    return k.asymmetricKeyType === 'ed25519' ? k : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `signature` (base64) is `key`'s signature of `text`; a malformed one is not. */
export function signatureHolds(key: KeyObject, text: string, signature: string | null | undefined): boolean {
  if (!signature) return false;
  try {
    return verify(null, Buffer.from(text), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * Why an enrollment's key proof does not hold, or undefined when it does. A real public key
 * must come with a fresh signature made by its private half, so a public key copied from a
 * live worker cannot be declared by another. A free-form key proves nothing and needs none:
 * it differs from every real key, so it can only ever be a new replica.
 */
export function keyProofProblem(req: EnrollRequest, now: Date): string | undefined {
  if (!req.key) return undefined;
  const key = ed25519Key(req.key);
  if (!key) return undefined;
  if (!req.key_proof || !req.key_at) return 'The worker declared a public key without proving it holds the private half.';
  const at = Date.parse(req.key_at);
  if (!Number.isFinite(at) || Math.abs(now.getTime() - at) > KEY_PROOF_SKEW_MS)
    return "The worker's key proof was not signed now: check the worker's clock.";
  const text = enrollProofText({ name: req.name, endpoint: req.endpoint, key_at: req.key_at });
  return signatureHolds(key, text, req.key_proof) ? undefined : "The worker's key proof does not match the key it declared.";
}
