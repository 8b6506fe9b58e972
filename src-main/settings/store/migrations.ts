import type { Migration } from '../../platform/database';

export const SETTINGS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'settings held by the app, sealed secrets, first-start steps',
    up(db) {
      db.exec(`
        CREATE TABLE app_settings (
          name TEXT PRIMARY KEY,
          value TEXT NOT NULL,
          updated_ms INTEGER NOT NULL
        );
        CREATE TABLE app_secrets (
          name TEXT PRIMARY KEY,
          sealed TEXT NOT NULL,
          sealer TEXT NOT NULL,
          updated_ms INTEGER NOT NULL
        );
        CREATE TABLE setup_steps (
          step TEXT PRIMARY KEY,
          state TEXT NOT NULL,
          updated_ms INTEGER NOT NULL
        );
      `);
    },
  },
];
