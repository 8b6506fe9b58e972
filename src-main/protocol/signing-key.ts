import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { SigningKeyInfo } from '../../src-shared';

/** The file beside the database that holds the host's private signing key (PKCS#8 PEM). */
export const SIGNING_KEY_FILE = 'protocol-signing-key.pem';

/**
 * Signs what the host seals. The private key never leaves this object: it is not
 * enumerable, has no toJSON, and nothing here logs or returns it.
 */
export interface Signer {
  readonly key: SigningKeyInfo;
  sign(text: string): string;
}

export function signingKeyPath(dataFile: string): string {
  return join(dirname(dataFile), SIGNING_KEY_FILE);
}

/** `SHA256:` plus the unpadded base64 SHA-256 of the DER public key, the form ssh-keygen prints. */
export function fingerprintOf(publicKeyDer: Buffer): string {
  return `SHA256:${createHash('sha256').update(publicKeyDer).digest('base64').replace(/=+$/, '')}`;
}

function keyInfo(publicKey: KeyObject): SigningKeyInfo {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return { algorithm: 'Ed25519', public_key: der.toString('base64'), fingerprint: fingerprintOf(der) };
}

function signerOf(privateKey: KeyObject): Signer {
  const key = keyInfo(createPublicKey(privateKey));
  return {
    key,
    sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64'),
  };
}

/** A key that lives only in memory (tests, and a database that lives only in memory). */
export function ephemeralSigner(): Signer {
  return signerOf(generateKeyPairSync('ed25519').privateKey);
}

function readPrivateKey(path: string): KeyObject {
  const key = createPrivateKey(readFileSync(path, 'utf8'));
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${path} does not hold an Ed25519 key`);
  return key;
}

/**
 * The host's signing key, made on first start. The file is created with mode 0600 and
 * `wx` (never overwriting a key another process made a moment earlier); a key file that
 * others can read is narrowed back to 0600.
 */
export function loadOrCreateSigner(dataFile: string): Signer {
  if (dataFile === ':memory:') return ephemeralSigner();
  const path = signingKeyPath(dataFile);
  if (!existsSync(path)) {
    const { privateKey } = generateKeyPairSync('ed25519');
    try {
      writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return signerOf(readPrivateKey(path));
}

/**
 * The host's signing key as `loadOrCreateSigner` gives it, read or made on first use: a
 * fresh data dir's key generation and file writes then stay off the start.
 */
export function lazySigner(dataFile: string): Signer {
  let signer: Signer | undefined;
  const load = (): Signer => (signer ??= loadOrCreateSigner(dataFile));
  return {
    get key() {
      return load().key;
    },
    sign: (text) => load().sign(text),
  };
}

/** The public half of this machine's key, or undefined when JARVIS has not started here yet. */
export function readLocalKeyInfo(dataFile: string): (SigningKeyInfo & { path: string }) | undefined {
  const path = signingKeyPath(dataFile);
  if (!existsSync(path)) return undefined;
  return { ...keyInfo(createPublicKey(readPrivateKey(path))), path };
}

/** Checks an Ed25519 signature made by `Signer.sign` against the key a manifest names. */
export function verifySignature(key: SigningKeyInfo, text: string, signature: string): boolean {
  try {
    const publicKey = createPublicKey({ key: Buffer.from(key.public_key, 'base64'), format: 'der', type: 'spki' });
    if (publicKey.asymmetricKeyType !== 'ed25519') return false;
    return verify(null, Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** The fingerprint of the key a manifest carries, recomputed (the stated one is not trusted). */
export function fingerprintOfInfo(key: SigningKeyInfo): string {
  return fingerprintOf(Buffer.from(key.public_key, 'base64'));
}
