import {
  decideRisk,
  type GateDecision,
  type MemberRole,
  type RiskPolicy,
  type RiskPolicyResponse,
  type RiskVerdict,
} from '../../src-shared';
import type { RegisteredTool, SkillRegistry, ToolAsker, ToolGate } from '../platform/registry';
import { decide } from './gate';
import type { RiskPolicyStore } from './store';

/** The narrow view of the household's members the gate needs: whose role is what, now. */
export interface RoleDirectory {
  get(id: string): { readonly role: MemberRole } | undefined;
  /** The member the desktop acts for (an admin). */
  desktopMember(): { readonly role: MemberRole };
}

/**
 * The household's risk policy and the gate over it. The role is read from the members on
 * every decision, so a changed role holds from the very next call.
 */
export class PolicyService implements ToolGate {
  constructor(
    private readonly store: RiskPolicyStore,
    private readonly members: RoleDirectory,
    private readonly registry: SkillRegistry,
  ) {}

  policy(): RiskPolicy {
    return this.store.current();
  }

  replace(policy: RiskPolicy): RiskPolicyResponse {
    this.store.replace(policy);
    return this.view();
  }

  /** The policy and what it decides per registered tool. */
  view(): RiskPolicyResponse {
    const policy = this.store.current();
    const tools = this.registry
      .list()
      .map((t) => ({ name: t.name, ...decideRisk(policy, t.name, t.risk) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { policy, tools };
  }

  /** The role a tool call acts with: its member's; without a member the desktop's; an unknown member is a guest. */
  roleOf(memberId: string | undefined): MemberRole {
    if (memberId === undefined) return this.members.desktopMember().role;
    return this.members.get(memberId)?.role ?? 'guest';
  }

  decide(tool: RegisteredTool, args: unknown, who: ToolAsker): GateDecision {
    return decide(this.store.current(), tool, args, { ...who, role: this.roleOf(who.member) });
  }

  verdict(tool: RegisteredTool): RiskVerdict {
    return decideRisk(this.store.current(), tool.name, tool.risk);
  }
}
