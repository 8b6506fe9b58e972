import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';

/** The master's identity towards the push services: one P-256 key pair, base64url. */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

const FILE_NAME = 'vapid-keys.json';

function isKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string' && /^[A-Za-z0-9_-]{80,100}$/.test(v.publicKey);
}

/**
 * The key pair, made once and kept beside the database: every browser subscription is
 * bound to the public key, so a new pair would silence every device until it subscribes
 * again. Only the owner may read the file.
 */
export function loadOrCreateVapidKeys(dataFile: string): VapidKeys {
  if (dataFile === ':memory:') return webpush.generateVAPIDKeys();
  const file = join(dirname(dataFile), FILE_NAME);
  if (existsSync(file)) {
    const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isKeys(stored))
      throw new Error(`${file} does not hold a VAPID key pair; move it aside to make a new one (devices then subscribe again).`);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(keys), { mode: 0o600 });
  renameSync(partial, file);
  return keys;
}
