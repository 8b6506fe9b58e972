import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createECDH } from 'node:crypto';

/** The master's identity towards the push services: one P-256 key pair, base64url. */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

const FILE_NAME = 'vapid-keys.json';

/**
 * A new P-256 pair as web-push makes it (uncompressed public point, 32-byte private scalar),
 * made with node:crypto so that the start does not load web-push and its key maths.
 */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const scalar = ecdh.getPrivateKey();
  scalar.copy(privateKey, 32 - scalar.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

function isKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string' && /^[A-Za-z0-9_-]{80,100}$/.test(v.publicKey);
}

/**
 * The key pair kept beside the database, or undefined while none was made. Only the owner
 * may read the file; a file that holds no pair stops the start, before any device is told
 * of a new key.
 */
export function readVapidKeys(dataFile: string): VapidKeys | undefined {
  if (dataFile === ':memory:') return undefined;
  const file = join(dirname(dataFile), FILE_NAME);
  if (!existsSync(file)) return undefined;
  const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isKeys(stored))
    throw new Error(`${file} does not hold a VAPID key pair; move it aside to make a new one (devices then subscribe again).`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

/**
 * The key pair, made once and kept beside the database: every browser subscription is
 * bound to the public key, so a new pair would silence every device until it subscribes
 * again. Only the owner may read the file.
 */
export function loadOrCreateVapidKeys(dataFile: string): VapidKeys {
  const stored = readVapidKeys(dataFile);
  if (stored) return stored;
  const keys = generateVapidKeys();
  if (dataFile === ':memory:') return keys;
  const file = join(dirname(dataFile), FILE_NAME);
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(keys), { mode: 0o600 });
  renameSync(partial, file);
  return keys;
}
