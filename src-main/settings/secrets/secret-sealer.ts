/**
 * Seals the secrets a household types into the app (tokens, keys, passwords) before they
 * reach the database. The key never sits in the database: on the desktop it is the
 * operating system's keychain (Electron's safeStorage), on a server a key file of its own.
 * A database copy (a backup, a stolen file) therefore holds only sealed text.
 */
export interface SecretSealer {
  /** Where the key lives, for the settings screen and `jarvis doctor`. */
  readonly kind: 'key-file' | 'os-keychain';
  /** Sealed text (printable, safe to store); a new random nonce every call. */
  seal(plain: string): string;
  /** Throws SecretUnreadableError when the text was sealed with another key or was changed. */
  open(sealed: string): string;
}

export class SecretUnreadableError extends Error {
  constructor(why: string) {
    super(`A stored secret cannot be read: ${why}`);
    this.name = 'SecretUnreadableError';
  }
}
