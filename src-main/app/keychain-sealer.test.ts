import { describe, expect, it, vi } from 'vitest';

// Electron faked at its boundary: safeStorage "encrypts" by XOR with a key only the fake
// knows, so a sealed value neither equals nor contains the secret, and another keychain fails.
const fake = vi.hoisted(() => {
  const make = (keyByte: number, available = true, backend = 'gnome_libsecret') => ({
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (plain: string) => Buffer.concat([Buffer.from([keyByte]), Buffer.from(plain, 'utf8').map((b) => b ^ keyByte)]),
    decryptString: (buf: Buffer) => {
      if (buf[0] !== keyByte) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(buf.subarray(1).map((b) => b ^ keyByte)).toString('utf8');
    },
  });
  return { make, safeStorage: make(0x5a) };
});
vi.mock('electron', () => ({ safeStorage: fake.safeStorage }));

import { SecretUnreadableError } from '../settings/secrets';
import { keychainSealer } from './keychain-sealer';

describe('keychain secret sealer', () => {
  it("seals with Electron's safeStorage by default and opens it again", () => {
    const sealer = keychainSealer()!;
    expect(sealer.kind).toBe('os-keychain');
    const sealed = sealer.seal('ha-long-lived-token');
    expect(sealed).not.toContain('ha-long-lived-token');
    expect(sealer.open(sealed)).toBe('ha-long-lived-token');
  });

  it('says it cannot open what another keychain sealed', () => {
    const sealed = keychainSealer(fake.make(0x11))!.seal('token');
    expect(() => keychainSealer(fake.make(0x22))!.open(sealed)).toThrow(SecretUnreadableError);
    expect(() => keychainSealer()!.open('v1:abc')).toThrow(SecretUnreadableError);
  });

  it('is not used where there is no keychain, so the key file takes over', () => {
    expect(keychainSealer(fake.make(1, false))).toBeUndefined();
    if (process.platform === 'linux') expect(keychainSealer(fake.make(1, true, 'basic_text'))).toBeUndefined();
  });
});
