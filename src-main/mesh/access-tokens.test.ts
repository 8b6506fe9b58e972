import { describe, expect, it } from 'vitest';
import { bearerToken, hashToken, newAccessToken, tokenMatches } from './access-tokens';

describe('access tokens', () => {
  it('are 256 random bits, different every time', () => {
    const a = newAccessToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newAccessToken()).not.toBe(a);
  });

  it('match only the exact token, whatever the length of the guess', () => {
    const token = newAccessToken();
    const hash = hashToken(token);
    expect(tokenMatches(token, hash)).toBe(true);
    expect(tokenMatches(token.slice(0, -1), hash)).toBe(false);
    expect(tokenMatches(`${token}x`, hash)).toBe(false);
    expect(tokenMatches('', hash)).toBe(false);
    expect(tokenMatches(undefined, hash)).toBe(false);
  });

  it('reads a Bearer header and nothing else', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
