// The worker's own identity: an Ed25519 key made on first start and kept in its data folder.
// The master tells two workers with the same name and manifest apart by this key, so a
// second worker cannot pass for an approved one; the private half never leaves this file.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const WORKER_KEY_FILE = 'worker-key.pem';

export interface WorkerKey {
  /** The public key, SPKI DER in base64: what the worker declares at enrollment. */
  readonly publicKey: string;
  /** An Ed25519 signature of `data`, base64. */
  sign(data: Buffer | string): string;
}

function readKey(file: string): KeyObject | undefined {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${file} is not an Ed25519 private key`);
  return key;
}

function workerKeyOf(key: KeyObject): WorkerKey {
  return {
    publicKey: createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64'),
    sign: (data) => sign(null, typeof data === 'string' ? Buffer.from(data) : data, key).toString('base64'),
  };
}

/** The key in `dataDir`, made there (file 0600, folder 0700) when there is none yet. */
export function loadOrCreateWorkerKey(dataDir: string): WorkerKey {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, WORKER_KEY_FILE);
  let privateKey = readKey(file);
  if (!privateKey) {
    privateKey = generateKeyPairSync('ed25519').privateKey;
    // wx: two workers starting at once on one folder must not overwrite each other's key.
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  }
  // A key copied in by hand may be readable by others: it is this worker's alone.
  chmodSync(file, 0o600);
  return workerKeyOf(privateKey);
}

/**
 * The kept key, or, where the data folder cannot be written (a read-only container without
 * its volume), a key for this run only: the worker still serves, and says why a restart
 * will make it a new worker to the master.
 */
export function workerKeyOrPassing(dataDir: string, log: (line: string) => void): WorkerKey {
  try {
    return loadOrCreateWorkerKey(dataDir);
  } catch (err) {
    log(
      `cannot keep the worker key in ${dataDir} (${err instanceof Error ? err.message : String(err)}); ` +
        'using a key for this run only: mount a writable folder there (JARVIS_WORKER_DATA_DIR)',
    );
    return workerKeyOf(generateKeyPairSync('ed25519').privateKey);
  }
}
