import { randomUUID } from 'node:crypto';
import type { SkillInfo, SkillsResponse } from '../../src-shared';
import { eventually } from './skill-worker';
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

/** Every skill GET /api/skills lists, local and remote. */
export async function listedSkills(tm: TestMaster): Promise<readonly SkillInfo[]> {
  return ((await tm.request('/api/skills')).json as SkillsResponse).skills;
}

/**
 * Activates every skill that waits for the household (only those with one of `ids`, when
 * given), as a person clicking AKTIVIEREN would.
 */
export async function activateProposedSkills(tm: TestMaster, ids?: readonly string[]): Promise<string[]> {
  const waiting = (await listedSkills(tm)).filter((s) => s.activation?.status === 'proposed' && (!ids || ids.includes(s.id)));
  for (const s of waiting) {
    const res = await decideSkillProposal(tm, s.activation!.proposal_id, 'accept');
    if (res.status !== 200) throw new Error(`activating ${s.id} failed: ${res.status} ${res.text}`);
  }
  await allowWaitingReplicas(tm, ids);
  return waiting.map((s) => s.id);
}

/** Allows every worker that waits to serve a remote skill (only skills with one of `ids`, when given). */
export async function allowWaitingReplicas(tm: TestMaster, ids?: readonly string[]): Promise<number> {
  const replicas = (await listedSkills(tm))
    .filter((s) => !ids || ids.includes(s.id))
    .flatMap((s) => (s.replicas ?? []).filter((r) => r.status === 'proposed' && r.proposal_id));
  for (const r of replicas) {
    const res = await decideSkillProposal(tm, r.proposal_id!, 'accept');
    if (res.status !== 200) throw new Error(`allowing ${r.worker} failed: ${res.status} ${res.text}`);
  }
  return replicas.length;
}

/**
 * For workers' skills, which arrive a moment after the worker starts: waits until each id
 * is listed with a proposal, then activates the waiting ones among them.
 */
export async function activateRemoteSkills(tm: TestMaster, ids: readonly string[], timeoutMs = 30_000): Promise<string[]> {
  await eventually(
    async () => {
      const listed = (await listedSkills(tm)).filter((s) => s.provider === 'remote' && s.activation);
      return ids.every((id) => listed.some((s) => s.id === id)) || undefined;
    },
    timeoutMs,
    `workers to propose ${ids.join(', ')}`,
  );
  return activateProposedSkills(tm, ids);
}
