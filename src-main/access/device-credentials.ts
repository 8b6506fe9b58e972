import { createHash, randomBytes } from 'node:crypto';

// A device credential: 256 random bits, given to the device once (as a cookie) and kept
// here only as its SHA-256. A hash without a salt is enough: the value is random, not a
// password anyone chose.

export const DEVICE_COOKIE = 'jarvis_device';
/** Chromium caps a cookie's lifetime at 400 days; the device stays paired until revoked. */
const MAX_AGE_S = 400 * 86_400;

export function newCredential(): string {
  return randomBytes(32).toString('base64url');
}

export function credentialHash(credential: string): string {
  return createHash('sha256').update(credential).digest('hex');
}

export function credentialCookie(credential: string): string {
  return `${DEVICE_COOKIE}=${credential}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; Secure; SameSite=Strict`;
}

/** The device credential in a Cookie header, if it holds a well-formed one. */
export function credentialFromCookies(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text) return undefined;
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return undefined;
}
