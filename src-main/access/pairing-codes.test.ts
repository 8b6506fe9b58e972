import { describe, expect, it } from 'vitest';
import { AttemptLimiter, CODE_TRIES, CODE_TTL_MS, PairingCodes } from './pairing-codes';

function clock(start = Date.parse('2030-01-01T10:00:00Z')) {
  let ms = start;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

describe('PairingCodes', () => {
  it('accepts the live code however it is typed, and only until it is used', () => {
    const c = clock();
    const codes = new PairingCodes(c.now);
    const { code, expiresAt } = codes.issue();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect(expiresAt.getTime()).toBe(c.now().getTime() + CODE_TTL_MS);
    expect(codes.check(` ${code.slice(0, 3).toLowerCase()}-${code.slice(3)} `)).toEqual({ ok: true });
    codes.consume();
    expect(codes.check(code)).toMatchObject({ ok: false, reason: 'none' });
  });

  it('refuses a code after five minutes', () => {
    const c = clock();
    const codes = new PairingCodes(c.now);
    const { code } = codes.issue();
    c.advance(CODE_TTL_MS);
    expect(codes.check(code)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('counts wrong guesses down and voids the code at zero', () => {
    const codes = new PairingCodes(clock().now);
    const { code } = codes.issue();
    for (let left = CODE_TRIES - 1; left > 0; left--)
      expect(codes.check('WRONG1')).toEqual({ ok: false, reason: 'wrong', triesLeft: left });
    expect(codes.check('WRONG1')).toMatchObject({ ok: false, reason: 'used_up' });
    expect(codes.check(code)).toMatchObject({ ok: false, reason: 'none' });
  });

  it('a new code voids the old one', () => {
    const codes = new PairingCodes(clock().now);
    const first = codes.issue().code;
    const second = codes.issue().code;
    if (first !== second) expect(codes.check(first)).toMatchObject({ ok: false });
    expect(codes.check(second)).toEqual({ ok: true });
  });
});

describe('AttemptLimiter', () => {
  it('refuses an address over its limit until the window has passed, others unaffected', () => {
    const c = clock();
    const limiter = new AttemptLimiter(c.now, 3, 60_000);
    for (let i = 0; i < 3; i++) expect(limiter.allow('10.0.0.9')).toBe(true);
    expect(limiter.allow('10.0.0.9')).toBe(false);
    expect(limiter.allow('10.0.0.8')).toBe(true);
    c.advance(60_000);
    expect(limiter.allow('10.0.0.9')).toBe(true);
  });
});
