import { describe, expect, it } from 'vitest';
import { credentialCookie, credentialFromCookies, credentialHash, newCredential } from './device-credentials';

describe('device credentials', () => {
  it('are 256 random bits, stored as SHA-256, sent as an HttpOnly, Secure, SameSite=Strict cookie', () => {
    const c = newCredential();
    expect(Buffer.from(c, 'base64url')).toHaveLength(32);
    expect(newCredential()).not.toBe(c);
    expect(credentialHash(c)).toMatch(/^[0-9a-f]{64}$/);
    expect(credentialHash(c)).not.toContain(c);
    const cookie = credentialCookie(c);
    for (const attr of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) expect(cookie).toContain(attr);
  });

  it('are read from a Cookie header among other cookies; malformed values are ignored', () => {
    const c = newCredential();
    expect(credentialFromCookies(`theme=dark; jarvis_device=${c}; x=1`)).toBe(c);
    expect(credentialFromCookies('jarvis_device=short')).toBeUndefined();
    expect(credentialFromCookies(`jarvis_devicex=${c}`)).toBeUndefined();
    expect(credentialFromCookies(undefined)).toBeUndefined();
  });
});
