import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { lazySigner, loadOrCreateSigner, readLocalKeyInfo, signingKeyPath, verifySignature } from './signing-key';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-key-'));
  dirs.push(dir);
  return join(dir, 'jarvis.db');
}

describe('the host signing key', () => {
  it('is made once at first start, beside the database, readable only by its owner', () => {
    const file = dataFile();
    const first = loadOrCreateSigner(file);
    const path = signingKeyPath(file);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toContain('BEGIN PRIVATE KEY');
    expect(loadOrCreateSigner(file).key).toEqual(first.key);
    expect(first.key.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(readLocalKeyInfo(file)).toEqual({ ...first.key, path });
  });

  it('made on first use when asked for lazily, the same key as made at once', () => {
    const file = dataFile();
    const lazy = lazySigner(file);
    expect(existsSync(signingKeyPath(file))).toBe(false);
    const signature = lazy.sign('Kette');
    expect(existsSync(signingKeyPath(file))).toBe(true);
    expect(lazy.key).toEqual(loadOrCreateSigner(file).key);
    expect(verifySignature(lazy.key, 'Kette', signature)).toBe(true);
  });

  it('a key file others can read is narrowed back to 0600', () => {
    if (process.platform === 'win32') return;
    const file = dataFile();
    loadOrCreateSigner(file);
    chmodSync(signingKeyPath(file), 0o644);
    loadOrCreateSigner(file);
    expect(statSync(signingKeyPath(file)).mode & 0o777).toBe(0o600);
  });

  it('signs so that only the same text under the same key verifies; the private key is not in the signer', () => {
    const signer = loadOrCreateSigner(dataFile());
    const signature = signer.sign('{"a":1}');
    expect(verifySignature(signer.key, '{"a":1}', signature)).toBe(true);
    expect(verifySignature(signer.key, '{"a":2}', signature)).toBe(false);
    expect(verifySignature(loadOrCreateSigner(dataFile()).key, '{"a":1}', signature)).toBe(false);
    expect(verifySignature({ ...signer.key, public_key: 'not a key' }, '{"a":1}', signature)).toBe(false);
    expect(JSON.stringify(signer)).not.toMatch(/PRIVATE/);
  });

  it('there is no key to read before JARVIS first started', () => {
    expect(readLocalKeyInfo(dataFile())).toBeUndefined();
  });
});
