import { mkdtempSync, readFileSync, rmSync, statSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyFileSealer } from './key-file-sealer';
import { SecretUnreadableError } from './secret-sealer';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-sealer-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('key-file secret sealer', () => {
  it('makes a key file readable only by its owner and opens what it sealed', () => {
    const file = join(tempDir(), 'secrets.key');
    const sealer = new KeyFileSealer(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const sealed = sealer.seal('llat-very-secret');
    expect(sealed).not.toContain('llat-very-secret');
    expect(sealer.open(sealed)).toBe('llat-very-secret');
  });

  it('seals the same secret differently every time (a fresh nonce)', () => {
    const sealer = new KeyFileSealer(join(tempDir(), 'secrets.key'));
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
  });

  it('keeps using the key after a restart, and narrows a widened key file', () => {
    const file = join(tempDir(), 'secrets.key');
    const sealed = new KeyFileSealer(file).seal('token');
    chmodSync(file, 0o644);
    const again = new KeyFileSealer(file);
    expect(again.open(sealed)).toBe('token');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses text sealed with another key or changed on the way', () => {
    const a = new KeyFileSealer(join(tempDir(), 'a.key'));
    const b = new KeyFileSealer(join(tempDir(), 'b.key'));
    const sealed = a.seal('token');
    expect(() => b.open(sealed)).toThrow(SecretUnreadableError);
    // One bit of the ciphertext changed (a changed base64 letter may only touch padding bits).
    const raw = Buffer.from(sealed.slice('v1:'.length), 'base64url');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    const flipped = `v1:${raw.toString('base64url')}`;
    expect(() => a.open(flipped)).toThrow(SecretUnreadableError);
    expect(() => a.open('plain text')).toThrow(SecretUnreadableError);
  });

  it('refuses a key file that holds no key instead of replacing it', () => {
    const file = join(tempDir(), 'secrets.key');
    writeFileSync(file, 'short\n', { mode: 0o600 });
    expect(() => new KeyFileSealer(file)).toThrow(SecretUnreadableError);
    expect(readFileSync(file, 'utf8')).toBe('short\n');
  });
});
