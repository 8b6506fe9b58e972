export { createAccess, tlsDir, type AccessCapability } from './capability';
export type { AccessService, Device } from './access-service';
export type { DirectoryMember, MemberDirectory } from './members';
export { ACCESS_MIGRATIONS, APP_PASSWORD_MIGRATIONS } from './store';
// Types only: the X.509 code loads when the LAN listener starts, not with every master.
export type { TlsMaterial } from './tls/local-ca';
