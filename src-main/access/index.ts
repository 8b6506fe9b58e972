export { createAccess, tlsDir, type AccessCapability } from './capability';
export type { AccessService, Device } from './access-service';
export type { DirectoryMember, MemberDirectory } from './members';
export { ACCESS_MIGRATIONS } from './store';
export { spkiHash, type TlsMaterial } from './tls/local-ca';
