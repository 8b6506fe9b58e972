import { randomInt, timingSafeEqual } from 'node:crypto';

// The short code a phone types (or reads from the QR code) to pair. One code is live at a
// time: asking for a new one voids the old. It is good for five minutes and one pairing,
// and every wrong guess counts it down, so guessing it is hopeless.

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 5 * 60_000;
/** Wrong guesses a code survives. */
export const CODE_TRIES = 5;

export interface IssuedCode {
  readonly code: string;
  readonly expiresAt: Date;
}

export type CodeCheck =
  { readonly ok: true } | { readonly ok: false; readonly reason: 'none' | 'expired' | 'wrong' | 'used_up'; readonly triesLeft: number };

/** A code as typed: case and spaces or dashes do not matter. */
export function normalizeCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class PairingCodes {
  private live: { code: string; expiresMs: number; triesLeft: number } | undefined;

  constructor(private readonly now: () => Date) {}

  issue(): IssuedCode {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    const expiresMs = this.now().getTime() + CODE_TTL_MS;
    this.live = { code, expiresMs, triesLeft: CODE_TRIES };
    return { code, expiresAt: new Date(expiresMs) };
  }

  /** When the live code runs out, if there is one. */
  expiresAt(): Date | undefined {
    return this.live && new Date(this.live.expiresMs);
  }

  /** Checks a typed code; a wrong one counts the live code down, and at zero voids it. */
  check(typed: string): CodeCheck {
    const live = this.live;
    if (!live) return { ok: false, reason: 'none', triesLeft: 0 };
    if (this.now().getTime() >= live.expiresMs) {
      this.live = undefined;
      return { ok: false, reason: 'expired', triesLeft: 0 };
    }
    if (equal(normalizeCode(typed), live.code)) return { ok: true };
    live.triesLeft -= 1;
    if (live.triesLeft <= 0) {
      this.live = undefined;
      return { ok: false, reason: 'used_up', triesLeft: 0 };
    }
    return { ok: false, reason: 'wrong', triesLeft: live.triesLeft };
  }

  /** Spends the live code: a pairing used it. */
  consume(): void {
    this.live = undefined;
  }
}

/**
 * At most `limit` pairing attempts per client address in a sliding `windowMs`. Keeps a
 * program on the LAN from trying codes as fast as the listener answers.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly now: () => Date,
    private readonly limit = 10,
    private readonly windowMs = 60_000,
  ) {}

  /** Records an attempt; false when the address is over its limit (the attempt is refused). */
  allow(client: string): boolean {
    const nowMs = this.now().getTime();
    const recent = (this.attempts.get(client) ?? []).filter((t) => nowMs - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.attempts.set(client, recent);
      return false;
    }
    recent.push(nowMs);
    this.attempts.set(client, recent);
    if (this.attempts.size > 1000) this.forgetOld(nowMs);
    return true;
  }

  private forgetOld(nowMs: number): void {
    for (const [client, times] of this.attempts) if (times.every((t) => nowMs - t >= this.windowMs)) this.attempts.delete(client);
  }
}
