import { randomUUID } from 'node:crypto';
import type { SkillsResponse } from '../../src-shared';
import type { TestMaster } from './test-master';

/** The household's answer to a SkillProposal, sent as the UI sends it. */
export function decideSkillProposal(tm: TestMaster, proposalId: string, decision: 'accept' | 'reject') {
  return tm.request(`/api/protocol/skill-proposals/${proposalId}/decision`, {
    method: 'POST',
    json: { decision },
    headers: {
      'jarvis-protocol-version': '0.1.0',
      'jarvis-actor-id': 'act_household',
      'jarvis-idempotency-key': randomUUID(),
      'jarvis-request-timestamp': new Date().toISOString(),
    },
  });
}

/** Activates every skill that waits for the household, as a person clicking AKTIVIEREN would. */
export async function activateProposedSkills(tm: TestMaster): Promise<string[]> {
  const listing = (await tm.request('/api/skills')).json as SkillsResponse;
  const waiting = listing.skills.filter((s) => s.activation?.status === 'proposed');
  for (const s of waiting) {
    const res = await decideSkillProposal(tm, s.activation!.proposal_id, 'accept');
    if (res.status !== 200) throw new Error(`activating ${s.id} failed: ${res.status} ${res.text}`);
  }
  return waiting.map((s) => s.id);
}
