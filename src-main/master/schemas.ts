import { ACCESS_MIGRATIONS } from '../access';
import { HOUSEHOLD_SCHEMAS } from '../household';
import { RAG_MIGRATIONS } from '../knowledge';
import { MCP_MIGRATIONS } from '../mcp';
import { NOTIFY_MIGRATIONS } from '../notify';
import { IDEMPOTENCY_MIGRATIONS } from '../platform/database';
import { PROTOCOL_MIGRATIONS } from '../protocol';
import { RISK_POLICY_MIGRATIONS } from '../policy';
import { SKILL_HISTORY_MIGRATIONS } from '../skills';

/**
 * The schema version of every component this build knows: the master refuses a database
 * that is newer, backs up one that is older before migrating it, and restore checks a
 * backup against it.
 */
export const KNOWN_SCHEMAS: Readonly<Record<string, number>> = {
  ...HOUSEHOLD_SCHEMAS,
  protocol: PROTOCOL_MIGRATIONS.length,
  risk_policy: RISK_POLICY_MIGRATIONS.length,
  rag: RAG_MIGRATIONS.length,
  mcp: MCP_MIGRATIONS.length,
  access: ACCESS_MIGRATIONS.length,
  idempotency: IDEMPOTENCY_MIGRATIONS.length,
  notify: NOTIFY_MIGRATIONS.length,
  skill_history: SKILL_HISTORY_MIGRATIONS.length,
};
