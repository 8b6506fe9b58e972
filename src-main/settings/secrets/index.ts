export { KeyFileSealer, readOrCreateKey } from './key-file-sealer';
export { SecretUnreadableError, type SecretSealer } from './secret-sealer';
