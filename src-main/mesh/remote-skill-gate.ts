import { createHash } from 'node:crypto';
import { canonicalJson, type SkillManifest, type SkillProposal } from '../../src-shared';

/**
 * The hash a remote skill is known by: replicas that send the same manifest (whatever the
 * key order or spacing) are one skill, any other manifest under the same id is another.
 */
export function manifestSha256(manifest: unknown): string {
  return createHash('sha256').update(canonicalJson(manifest)).digest('hex');
}

/** What the household decided on one manifest of a remote skill. */
export interface RemoteAdmission {
  readonly state: 'active' | 'proposed' | 'rejected';
  readonly proposal_id?: string;
  /** Position of the proposal among the skill's proposals, oldest first; -1 without one. */
  readonly rank: number;
  /** Why the manifest is held back without a proposal. */
  readonly reason?: string;
}

/** The part of the protocol recorder the gate uses. */
export interface SkillProposalBook {
  skillProposal(skillId: string, version: string, manifestSha256: string, change: 'added' | 'changed'): SkillProposal;
  skillProposals(skillId: string): SkillProposal[];
  waitingSkillProposals(): number;
}

/**
 * Proposals are records of the audit log and cannot be deleted: a worker that keeps sending
 * new manifests could otherwise grow it without bound. Beyond this many undecided
 * proposals, a new manifest waits without one until the household has decided some.
 */
export const MAX_WAITING_SKILL_PROPOSALS = 64;

/** Verdicts kept in memory; a worker cycling manifests only makes the gate read again. */
const CACHE_SIZE = 1024;

/**
 * The SkillProposal gate for skills that workers offer: a manifest runs only after a
 * household member activated the proposal made for exactly that manifest.
 */
export class RemoteSkillGate {
  /** Bumped whenever a verdict may have changed (a new proposal, a decision). */
  revision = 0;
  private readonly verdicts = new Map<string, RemoteAdmission>();

  constructor(
    private readonly book: SkillProposalBook,
    private readonly onError: (skillId: string, message: string) => void = () => {},
  ) {}

  /** On a worker's PUT: the verdict for this manifest, proposing it on first sight. */
  propose(manifest: SkillManifest, sha256: string): RemoteAdmission {
    return this.proposeRecord(manifest.id, manifest.version, sha256);
  }

  /** The same for any record under the gate (a skill's manifest, or a worker serving a skill). */
  proposeRecord(id: string, version: string, sha256: string): RemoteAdmission {
    const known = this.admission(id, sha256);
    if (known.proposal_id) return known;
    const key = keyOf(id, sha256);
    const heldBack = (reason: string): RemoteAdmission => {
      const verdict = { state: 'proposed' as const, rank: -1, reason };
      this.verdicts.set(key, verdict);
      return verdict;
    };
    try {
      if (this.book.waitingSkillProposals() >= MAX_WAITING_SKILL_PROPOSALS) {
        return heldBack(`${MAX_WAITING_SKILL_PROPOSALS} skills already wait for the household; this one is proposed once some are decided`);
      }
      const change = this.book.skillProposals(id).length > 0 ? 'changed' : 'added';
      this.book.skillProposal(id, version, sha256, change);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.onError(id, message);
      return heldBack(`the proposal could not be recorded: ${message}`);
    }
    this.verdicts.delete(key);
    this.revision++;
    return this.admission(id, sha256);
  }

  /** The verdict on one manifest, as the protocol has it; never writes. */
  admission(skillId: string, sha256: string): RemoteAdmission {
    const key = keyOf(skillId, sha256);
    const cached = this.verdicts.get(key);
    if (cached) return cached;
    const proposals = this.book.skillProposals(skillId);
    let rank = -1;
    for (let i = proposals.length - 1; i >= 0; i--) {
      if (proposals[i]!.manifest_sha256 === sha256) {
        rank = i;
        break;
      }
    }
    const proposal = rank >= 0 ? proposals[rank]! : undefined;
    const verdict: RemoteAdmission = proposal
      ? { state: proposal.status === 'activated' ? 'active' : proposal.status, proposal_id: proposal.proposal_id, rank }
      : { state: 'proposed', rank: -1 };
    if (this.verdicts.size >= CACHE_SIZE) this.verdicts.clear();
    this.verdicts.set(key, verdict);
    return verdict;
  }

  /** A household decision: every verdict is read again. */
  decided(): void {
    this.verdicts.clear();
    this.revision++;
  }
}

function keyOf(skillId: string, sha256: string): string {
  return `${skillId}\u0000${sha256}`;
}
