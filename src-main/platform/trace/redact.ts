// Secrets (enrollment and access tokens, env_from values, configured secrets) must never
// reach a log, a trace or an export. Redaction happens when an event is recorded, so
// nothing downstream can leak what was never stored.

const SECRET_KEY = /(token|secret|password|passwd|authorization|api[_-]?key|cookie)/i;
export const REDACTED = '[redacted]';

export class SecretRedactor {
  private readonly secrets = new Set<string>();

  /** Values shorter than 6 characters are not tracked: they would blank out ordinary words. */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 6) this.secrets.add(secret);
  }

  delete(secret: string): void {
    this.secrets.delete(secret);
  }

  text(value: string): string {
    let out = value;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return out;
  }

  /**
   * A deep copy with every known secret value replaced, keys left alone: for answers whose
   * field names are data (a tool result may well have a `tokens` count).
   */
  knownValues<T>(input: T, depth = 0): T {
    if (this.secrets.size === 0) return input;
    if (depth > 32) return REDACTED as T;
    if (typeof input === 'string') return this.text(input) as T;
    if (Array.isArray(input)) return input.map((v) => this.knownValues(v, depth + 1)) as T;
    if (input && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input as Record<string, unknown>)) out[this.text(k)] = this.knownValues(v, depth + 1);
      return out as T;
    }
    return input;
  }

  /** A deep copy with secret-looking keys and every known secret value replaced. */
  value<T>(input: T, depth = 0): T {
    if (depth > 32) return REDACTED as T;
    if (typeof input === 'string') return this.text(input) as T;
    if (Array.isArray(input)) return input.map((v) => this.value(v, depth + 1)) as T;
    if (input && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
        out[k] = SECRET_KEY.test(k) && v !== null && v !== undefined && typeof v !== 'boolean' ? REDACTED : this.value(v, depth + 1);
      }
      return out as T;
    }
    return input;
  }
}
