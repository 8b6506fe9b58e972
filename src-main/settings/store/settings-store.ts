import { applyMigrations, type Db } from '../../platform/database';
import { SETTINGS_MIGRATIONS } from './migrations';

export interface SealedSecret {
  readonly name: string;
  readonly sealed: string;
  readonly sealer: string;
}

/** The settings the household set in the app, its sealed secrets and the first-start steps. */
export class SettingsStore {
  constructor(private readonly db: Db) {
    applyMigrations(db, 'settings', SETTINGS_MIGRATIONS);
  }

  values(): Record<string, string> {
    const rows = this.db.prepare('SELECT name, value FROM app_settings').all() as { name: string; value: string }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }

  /** Sets (a string) or clears (undefined) each named value, in one transaction. */
  write(changes: Readonly<Record<string, string | undefined>>, nowMs: number): void {
    const put = this.db.prepare(
      'INSERT INTO app_settings (name, value, updated_ms) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value, updated_ms = excluded.updated_ms',
    );
    const del = this.db.prepare('DELETE FROM app_settings WHERE name = ?');
    this.db.transaction(() => {
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) del.run(name);
        else put.run(name, value, nowMs);
      }
    })();
  }

  secrets(): SealedSecret[] {
    return this.db.prepare('SELECT name, sealed, sealer FROM app_secrets ORDER BY name').all() as SealedSecret[];
  }

  putSecret(name: string, sealed: string, sealer: string, nowMs: number): void {
    this.db
      .prepare(
        'INSERT INTO app_secrets (name, sealed, sealer, updated_ms) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET sealed = excluded.sealed, sealer = excluded.sealer, updated_ms = excluded.updated_ms',
      )
      .run(name, sealed, sealer, nowMs);
  }

  deleteSecret(name: string): void {
    this.db.prepare('DELETE FROM app_secrets WHERE name = ?').run(name);
  }

  steps(): Record<string, string> {
    const rows = this.db.prepare('SELECT step, state FROM setup_steps').all() as { step: string; state: string }[];
    return Object.fromEntries(rows.map((r) => [r.step, r.state]));
  }

  setStep(step: string, state: string, nowMs: number): void {
    this.db
      .prepare(
        'INSERT INTO setup_steps (step, state, updated_ms) VALUES (?, ?, ?) ON CONFLICT(step) DO UPDATE SET state = excluded.state, updated_ms = excluded.updated_ms',
      )
      .run(step, state, nowMs);
  }
}

/** The tables a backup must not carry as they are: sealed with a key the backup does not hold. */
export const SECRET_TABLE = 'app_secrets';
