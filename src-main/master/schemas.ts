import { ACCESS_MIGRATIONS, APP_PASSWORD_MIGRATIONS } from '../access';
import { APPROVALS_MIGRATIONS } from '../approvals';
import { knownSchemaObjects, type KnownSchemaObjects } from '../backup';
import { CALDAV_MIGRATIONS } from '../caldav';
import { HOUSEHOLD_MIGRATION_SETS } from '../household';
import { RAG_MIGRATIONS } from '../knowledge';
import { MCP_MIGRATIONS } from '../mcp';
import { NOTIFY_MIGRATIONS } from '../notify';
import { IDEMPOTENCY_MIGRATIONS, type Migration } from '../platform/database';
import { PROTOCOL_MIGRATIONS } from '../protocol';
import { RISK_POLICY_MIGRATIONS } from '../policy';
import { SETTINGS_MIGRATIONS } from '../settings';
import { SKILL_HISTORY_MIGRATIONS, SKILL_LEARNING_MIGRATIONS } from '../skills';

/** Every component's migrations: a new component is added here, and nowhere else. */
export const COMPONENT_MIGRATIONS: Readonly<Record<string, readonly Migration[]>> = {
  ...HOUSEHOLD_MIGRATION_SETS,
  protocol: PROTOCOL_MIGRATIONS,
  risk_policy: RISK_POLICY_MIGRATIONS,
  rag: RAG_MIGRATIONS,
  mcp: MCP_MIGRATIONS,
  access: ACCESS_MIGRATIONS,
  access_app_passwords: APP_PASSWORD_MIGRATIONS,
  idempotency: IDEMPOTENCY_MIGRATIONS,
  notify: NOTIFY_MIGRATIONS,
  skill_history: SKILL_HISTORY_MIGRATIONS,
  skill_learning: SKILL_LEARNING_MIGRATIONS,
  caldav: CALDAV_MIGRATIONS,
  settings: SETTINGS_MIGRATIONS,
  approvals: APPROVALS_MIGRATIONS,
};

/**
 * The schema version of every component this build knows: the master refuses a database
 * that is newer, backs up one that is older before migrating it, and restore checks a
 * backup against it.
 */
export const KNOWN_SCHEMAS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(COMPONENT_MIGRATIONS).map(([component, migrations]) => [component, migrations.length]),
);

let objects: KnownSchemaObjects | undefined;

/** The tables, views and triggers the migrations create at any version (made once, in memory, when first asked). */
export function knownObjects(): KnownSchemaObjects {
  objects ??= knownSchemaObjects(COMPONENT_MIGRATIONS);
  return objects;
}
