import type { SkillProposal } from '../../../src-shared';

/** The part of the protocol recorder the gate uses. */
export interface ProposalBook {
  skillProposal(skillId: string, version: string, manifestSha256: string, change: 'added' | 'changed'): SkillProposal;
  skillProposals(skillId: string): SkillProposal[];
  waitingSkillProposals(): number;
}

export interface ServerAdmission {
  readonly state: 'active' | 'proposed' | 'rejected';
  readonly proposal_id?: string;
  /** Why the server waits without a proposal. */
  readonly reason?: string;
}

/** Proposals cannot be deleted: beyond this many undecided ones a new server waits without one. */
export const MAX_WAITING_PROPOSALS = 64;

/**
 * The SkillProposal gate for MCP servers: a server's tools run only after a household
 * member activated the proposal made for exactly this server description and tool list.
 * A new server, a changed command or a changed tool list is a new proposal.
 */
export class McpServerGate {
  constructor(private readonly book: ProposalBook) {}

  /** The verdict on one server description; never writes. */
  admission(skillId: string, sha256: string): ServerAdmission {
    const proposal = this.book
      .skillProposals(skillId)
      .filter((p) => p.manifest_sha256 === sha256)
      .pop();
    if (!proposal) return { state: 'proposed' };
    return { state: proposal.status === 'activated' ? 'active' : proposal.status, proposal_id: proposal.proposal_id };
  }

  /** The verdict, proposing the server on first sight of this description. */
  propose(skillId: string, version: string, sha256: string): ServerAdmission {
    const known = this.admission(skillId, sha256);
    if (known.proposal_id) return known;
    if (this.book.waitingSkillProposals() >= MAX_WAITING_PROPOSALS) {
      return {
        state: 'proposed',
        reason: `${MAX_WAITING_PROPOSALS} skills already wait for the household; this server is proposed once some are decided`,
      };
    }
    const change = this.book.skillProposals(skillId).length > 0 ? 'changed' : 'added';
    const proposal = this.book.skillProposal(skillId, version, sha256, change);
    return { state: proposal.status === 'activated' ? 'active' : proposal.status, proposal_id: proposal.proposal_id };
  }
}
