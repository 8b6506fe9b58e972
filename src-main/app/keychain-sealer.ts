import { safeStorage } from 'electron';
import { SecretUnreadableError, type SecretSealer } from '../settings/secrets';

/** The part of Electron's safeStorage the sealer uses (tests hand in their own). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means no keychain, only a key hard-coded in Chromium. */
  getSelectedStorageBackend?(): string;
}

const PREFIX = 'os1:';

/**
 * Secrets sealed with the operating system's keychain (macOS Keychain, Windows DPAPI,
 * the Secret Service or KWallet on Linux) through Electron's safeStorage. Undefined where
 * there is no real keychain: the master then keeps its own key file instead of pretending.
 */
export function keychainSealer(storage: SafeStorageLike | undefined = safeStorage): SecretSealer | undefined {
  if (!storage?.isEncryptionAvailable()) return undefined;
  if (process.platform === 'linux' && storage.getSelectedStorageBackend?.() === 'basic_text') return undefined;
  return {
    kind: 'os-keychain',
    seal: (plain) => PREFIX + storage.encryptString(plain).toString('base64'),
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new SecretUnreadableError('not sealed by the keychain');
      try {
        return storage.decryptString(Buffer.from(sealed.slice(PREFIX.length), 'base64'));
      } catch {
        throw new SecretUnreadableError('the keychain could not open it (another user or computer)');
      }
    },
  };
}
