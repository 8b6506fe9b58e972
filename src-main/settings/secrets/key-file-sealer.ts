import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { SecretUnreadableError, type SecretSealer } from './secret-sealer';

// AES-256-GCM with a random 96-bit nonce per value; the tag authenticates nonce and text.
// Sealed form: "v1:" + base64url(nonce | tag | ciphertext).
const PREFIX = 'v1:';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The key file a server keeps beside (not inside) the database: `<data folder>/secrets.key`. */
export function readOrCreateKey(file: string): Buffer {
  if (existsSync(file)) {
    const mode = statSync(file).mode & 0o777;
    // Someone widened it (a copy, an archive tool): narrow it again rather than refuse to start.
    if (mode !== 0o600) chmodSync(file, 0o600);
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    if (key.length !== KEY_BYTES) throw new SecretUnreadableError(`${file} does not hold a ${KEY_BYTES}-byte key`);
    return key;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  // 'wx': never overwrite a key another process made a moment ago.
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, `${key.toString('base64url')}\n`);
  } finally {
    closeSync(fd);
  }
  chmodSync(file, 0o600);
  return key;
}

export class KeyFileSealer implements SecretSealer {
  readonly kind = 'key-file' as const;
  private readonly key: Buffer;

  constructor(keyFile: string) {
    this.key = readOrCreateKey(keyFile);
  }

  seal(plain: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
  }

  open(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new SecretUnreadableError('unknown format');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretUnreadableError('too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadableError('sealed with another key, or changed');
    }
  }
}
