export { openDatabase, openDatabaseReadonly } from './database';
export type { Db } from './database';
export { applyMigrations, schemaVersion, SchemaTooNewError } from './migrations';
export type { Migration } from './migrations';
