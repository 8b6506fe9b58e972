export { createAccess, tlsDir, type AccessCapability, type LocalAccessOptions } from './capability';
export { LOCAL_SECRET_HEADER, localSecretFile } from './local-session';
export type { AccessService, Device } from './service';
export type { DirectoryMember, MemberDirectory } from './members';
export { ACCESS_MIGRATIONS, APP_PASSWORD_MIGRATIONS } from './store';
// Types only: the X.509 code loads when the LAN listener starts, not with every master.
export type { TlsMaterial } from './tls/local-ca';
