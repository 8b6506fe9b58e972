import { describe, expect, it } from 'vitest';
import { AttemptLimiter, CODE_TOTAL_TRIES, CODE_TRIES, CODE_TTL_MS, PairingCodes } from './pairing-codes';

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

  it('counts wrong guesses per address: one LAN host that guesses wrong cannot void the code for the family’s phone', () => {
    const codes = new PairingCodes(clock().now);
    const { code } = codes.issue();
    for (let left = CODE_TRIES - 1; left > 0; left--)
      expect(codes.check('WRONG1', '192.168.1.66')).toEqual({ ok: false, reason: 'wrong', triesLeft: left });
    expect(codes.check('WRONG1', '192.168.1.66')).toMatchObject({ ok: false, reason: 'used_up' });
    // The guesser is done with this code, even with the right one.
    expect(codes.check(code, '::ffff:192.168.1.66')).toMatchObject({ ok: false, reason: 'used_up' });
    // Another IPv6 address of the same /64 network is the same guesser.
    for (let i = 0; i < CODE_TRIES; i++) codes.check('WRONG1', `fd00:1:2:3::${i + 1}`);
    expect(codes.check(code, 'fd00:1:2:3:aaaa::9')).toMatchObject({ ok: false, reason: 'used_up' });
    expect(codes.check(code, '192.168.1.23')).toEqual({ ok: true });
  });

  it('voids the code once many addresses together guessed wrong', () => {
    const codes = new PairingCodes(clock().now);
    const { code } = codes.issue();
    for (let host = 0; host * CODE_TRIES < CODE_TOTAL_TRIES; host++)
      for (let i = 0; i < CODE_TRIES; i++) codes.check('WRONG1', `10.0.${host}.1`);
    expect(codes.check(code, '192.168.1.23')).toMatchObject({ ok: false, reason: 'none' });
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
