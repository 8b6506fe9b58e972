import { createPublicKey, verify } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateWorkerKey, WORKER_KEY_FILE, workerKeyOrPassing } from './worker-key';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'worker-key-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('worker key', () => {
  it('is made on first start as worker-key.pem, mode 0600 in a 0700 folder, and kept after', () => {
    const dir = join(tempDir(), 'data');
    const first = loadOrCreateWorkerKey(dir);
    expect(statSync(join(dir, WORKER_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(loadOrCreateWorkerKey(dir).publicKey).toBe(first.publicKey);
    expect(loadOrCreateWorkerKey(tempDir()).publicKey).not.toBe(first.publicKey);
  });

  it('signs with the private half of the public key it declares', () => {
    const key = loadOrCreateWorkerKey(tempDir());
    const pub = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(verify(null, Buffer.from('challenge-1'), pub, Buffer.from(key.sign('challenge-1'), 'base64'))).toBe(true);
    expect(verify(null, Buffer.from('challenge-2'), pub, Buffer.from(key.sign('challenge-1'), 'base64'))).toBe(false);
  });

  it('tightens a key file copied in readable by others, and refuses a file that is not an Ed25519 key', () => {
    const dir = tempDir();
    const made = loadOrCreateWorkerKey(dir);
    const file = join(dir, WORKER_KEY_FILE);
    chmodSync(file, 0o644);
    expect(loadOrCreateWorkerKey(dir).publicKey).toBe(made.publicKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'not a key');
    expect(() => loadOrCreateWorkerKey(dir)).toThrow();
  });
  it('where its folder cannot be written, the worker still starts with a key for this run and says why', () => {
    const blocker = join(tempDir(), 'a-file');
    writeFileSync(blocker, 'not a folder');
    const lines: string[] = [];
    const key = workerKeyOrPassing(join(blocker, 'data'), (l) => lines.push(l));
    const pub = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(verify(null, Buffer.from('x'), pub, Buffer.from(key.sign('x'), 'base64'))).toBe(true);
    expect(lines.join('\n')).toMatch(/cannot keep the worker key .*JARVIS_WORKER_DATA_DIR/);
  });
});
