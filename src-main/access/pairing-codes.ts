import { randomInt, timingSafeEqual } from 'node:crypto';

// The short code a phone types (or reads from the QR code) to pair. One code is live at a
// time: asking for a new one voids the old. It is good for five minutes and one pairing.
// Wrong guesses are counted per address: an address that guessed wrong five times can no
// longer use the code, the phone in the family's hand still can. Only when many addresses
// together guessed wrong is the code void for everyone.

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 5 * 60_000;
/** Wrong guesses one address may make on a code. */
export const CODE_TRIES = 5;
/** Wrong guesses of all addresses together after which the code is void (31^6 codes: still hopeless to guess). */
export const CODE_TOTAL_TRIES = 100;

/**
 * Who guesses: an IPv4 address as it is, an IPv6 address by its /64 network, since one
 * host can take any number of addresses inside its own network.
 */
export function guesserOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4) return v4[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

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
  private live: { code: string; expiresMs: number; wrong: Map<string, number>; wrongTotal: number } | undefined;

  constructor(private readonly now: () => Date) {}

  issue(): IssuedCode {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    const expiresMs = this.now().getTime() + CODE_TTL_MS;
    this.live = { code, expiresMs, wrong: new Map(), wrongTotal: 0 };
    return { code, expiresAt: new Date(expiresMs) };
  }

  /** When the live code runs out, if there is one. */
  expiresAt(): Date | undefined {
    return this.live && new Date(this.live.expiresMs);
  }

  /**
   * Checks a code typed at `client` (an address): a wrong one counts down that address's
   * tries; at zero the code no longer works for it, for the others it still does.
   */
  check(typed: string, client = ''): CodeCheck {
    const live = this.live;
    if (!live) return { ok: false, reason: 'none', triesLeft: 0 };
    if (this.now().getTime() >= live.expiresMs) {
      this.live = undefined;
      return { ok: false, reason: 'expired', triesLeft: 0 };
    }
    const who = guesserOf(client);
    const wrong = live.wrong.get(who) ?? 0;
    if (wrong >= CODE_TRIES) return { ok: false, reason: 'used_up', triesLeft: 0 };
    if (equal(normalizeCode(typed), live.code)) return { ok: true };
    live.wrong.set(who, wrong + 1);
    live.wrongTotal += 1;
    if (live.wrongTotal >= CODE_TOTAL_TRIES) {
      this.live = undefined;
      return { ok: false, reason: 'used_up', triesLeft: 0 };
    }
    const triesLeft = CODE_TRIES - wrong - 1;
    return triesLeft <= 0 ? { ok: false, reason: 'used_up', triesLeft: 0 } : { ok: false, reason: 'wrong', triesLeft };
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
