import { DEFAULT_RISK_POLICY, type RiskPolicy } from '../../../src-shared';
import type { Db } from '../../platform/database';
import { applyMigrations, type Migration } from '../../platform/database/migrations';

export const RISK_POLICY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'the household risk policy',
    up(db) {
      db.exec('CREATE TABLE risk_policy (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL, updated_at TEXT NOT NULL)');
    },
  },
];

/**
 * The household's risk policy: one row, read into memory once and replaced as a whole, so
 * every tool call sees the policy as it stands the moment it was saved.
 */
export class RiskPolicyStore {
  private cached: RiskPolicy;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {
    applyMigrations(db, 'risk_policy', RISK_POLICY_MIGRATIONS);
    const row = db.prepare('SELECT body FROM risk_policy WHERE id = 1').get() as { body: string } | undefined;
    this.cached = row ? withDefaults(JSON.parse(row.body) as Partial<RiskPolicy>) : DEFAULT_RISK_POLICY;
  }

  current(): RiskPolicy {
    return this.cached;
  }

  /** The body was checked against riskPolicySchema by the route. */
  replace(policy: RiskPolicy): RiskPolicy {
    const next = withDefaults(policy);
    this.db
      .prepare(
        'INSERT INTO risk_policy (id, body, updated_at) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at',
      )
      .run(JSON.stringify(next), this.clock().toISOString());
    this.cached = next;
    return next;
  }
}

function withDefaults(policy: Partial<RiskPolicy>): RiskPolicy {
  return { classes: { ...DEFAULT_RISK_POLICY.classes, ...policy.classes }, overrides: { ...policy.overrides } };
}
