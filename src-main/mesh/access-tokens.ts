import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: one per enrolled worker, issued once and kept as a hash. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * Constant time whatever the inputs: both sides are hashed to 32 bytes first, so neither
 * the content nor the length of the expected secret leaks through timing.
 */
export function tokenMatches(given: string | undefined, expectedHash: Buffer): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(hashToken(given), expectedHash);
}

/** `Authorization: Bearer <token>` -> token, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}
