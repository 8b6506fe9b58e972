export { openDatabase, openDatabaseReadonly, prepareOnce } from './database';
export type { Db } from './database';
export type { FreshTemplate } from './from-template';
export { applyMigrations, schemaVersion, SchemaTooNewError } from './migrations';
export type { Migration } from './migrations';
export { idempotencyKeysIn, IDEMPOTENCY_MIGRATIONS } from './idempotency-keys';
export type { IdempotencyKeys, RememberedAnswer } from './idempotency-keys';
