import type { MemberRole, RiskClass } from '../../src-shared';
import type { RegisteredTool } from '../platform/registry';

/**
 * What a role does with a risk class on top of the household's policy: `policy` leaves the
 * decision to the policy, `approve` makes the call wait for an admin, `refuse` never runs it.
 * The policy's own refusal always wins: no role turns a denied class into a run.
 */
export type RoleRule = 'policy' | 'approve' | 'refuse';

/** Tools a guest may run beyond reading the household's shared lists. */
const GUEST_TOOLS: ReadonlySet<string> = new Set(['groceries_add']);

/**
 * The defaults: admins and adults follow the household's policy; a child reads and writes the
 * household's lists (and anything reversible) and needs an admin's approval for anything
 * disruptive or security-related; a guest reads the shared lists, adds groceries, and needs
 * approval for a disruptive or security action, while other changes are refused.
 */
const ROLE_RULES: Readonly<Record<MemberRole, (tool: RegisteredTool, risk: RiskClass) => RoleRule>> = {
  admin: () => 'policy',
  adult: () => 'policy',
  child: (_tool, risk) => (risk === 'read' || risk === 'reversible' ? 'policy' : 'approve'),
  guest: (tool, risk) => {
    if (GUEST_TOOLS.has(tool.name)) return 'policy';
    if (risk === 'read') return tool.provider === 'core' ? 'policy' : 'refuse';
    return risk === 'reversible' ? 'refuse' : 'approve';
  },
};

export function roleRule(role: MemberRole, tool: RegisteredTool, risk: RiskClass): RoleRule {
  // A tool declared for some roles only (the chore chart's changes: adults) is refused to the rest.
  if (tool.roles && !tool.roles.includes(role)) return 'refuse';
  return ROLE_RULES[role](tool, risk);
}
