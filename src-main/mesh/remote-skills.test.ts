import { describe, expect, it } from 'vitest';
import type { SkillManifest, SkillProposal } from '../../src-shared';
import { hashToken } from './access-tokens';
import { manifestSha256, MAX_WAITING_SKILL_PROPOSALS, RemoteSkillGate, type SkillProposalBook } from './remote-skill-gate';
import { RemoteSkillCatalog, remoteSkillInfo } from './remote-skills';
import { WorkerRoster, type WorkerRecord } from './worker-roster';
import { replicaSha256, replicaSkillId, workerAllowedByActivation } from './replica-gate';

/** The protocol's SkillProposal records, kept in memory. */
function book(): SkillProposalBook & { proposals: SkillProposal[]; decide(id: string, status: 'activated' | 'rejected'): void } {
  const proposals: SkillProposal[] = [];
  return {
    proposals,
    skillProposal(skillId, version, sha, change) {
      const known = proposals.find((p) => p.skill_id === skillId && p.manifest_sha256 === sha);
      if (known) return known;
      const p: SkillProposal = {
        proposal_id: `skp_${proposals.length}`,
        skill_id: skillId,
        version,
        change,
        manifest_sha256: sha,
        status: 'proposed',
        created_at: '',
      };
      proposals.push(p);
      return p;
    },
    skillProposals: (skillId) => proposals.filter((p) => p.skill_id === skillId),
    waitingSkillProposals: () => proposals.filter((p) => p.status === 'proposed').length,
    decide(id, status) {
      const i = proposals.findIndex((p) => p.proposal_id === id);
      proposals[i] = { ...proposals[i]!, status };
    },
  };
}

function manifest(id: string, version = '1.0.0', action = 'go'): SkillManifest {
  return {
    protocol: 'jarvis.skill.v1',
    id,
    name: id,
    version,
    runtime: { type: 'process', command: './run' },
    actions: [{ name: action, description: 'd', input_schema: { type: 'object', properties: {}, additionalProperties: false } }],
  };
}

/** A mesh in miniature: workers PUT manifests through the gate, the household decides. */
function mesh() {
  const proposals = book();
  const gate = new RemoteSkillGate(proposals);
  const roster = new WorkerRoster(
    () => new Date(),
    60_000,
    () => {},
  );
  const catalog = new RemoteSkillCatalog(roster, gate);
  const workers = new Map<string, WorkerRecord>();
  // As MeshService.putSkills: a worker offering an activated manifest is a replica proposal.
  const put = (name: string, ...manifests: SkillManifest[]) => {
    const w =
      workers.get(name) ??
      roster.add({ id: `wrk_${name}`, name, runtime: 'python', endpoint: `http://10.0.0.1/${name}`, tokenHash: hashToken(name) });
    workers.set(name, w);
    const offered = manifests.map((m) => ({ manifest: m, sha256: manifestSha256(m) }));
    for (const s of offered)
      if (gate.propose(s.manifest, s.sha256).state === 'active')
        gate.proposeRecord(replicaSkillId(s.manifest.id), s.manifest.version, replicaSha256(w));
    roster.setSkills(w, offered);
  };
  // As MeshService.decided: activating a manifest allows the worker it was activated from.
  const decide = (skillId: string, version: string, status: 'activated' | 'rejected') => {
    const p = proposals.proposals.find((x) => x.skill_id === skillId && x.version === version)!;
    proposals.decide(p.proposal_id, status);
    gate.decided();
    const group = catalog.groups().find((g) => g.admission.proposal_id === p.proposal_id);
    const index = status === 'activated' && group ? workerAllowedByActivation(group.replicas.map((r) => r.state)) : undefined;
    if (group && index !== undefined) {
      const worker = group.replicas[index]!.worker;
      const replica = gate.proposeRecord(replicaSkillId(skillId), version, replicaSha256(worker));
      proposals.decide(replica.proposal_id!, 'activated');
      gate.decided();
    }
    for (const g of catalog.groups())
      if (g.admission.state === 'active')
        for (const r of g.replicas)
          if (!r.proposal_id) gate.proposeRecord(replicaSkillId(g.id), g.manifest.version, replicaSha256(r.worker));
  };
  /** The household's answer to the replica proposal of one worker serving one skill. */
  const decideReplica = (skillId: string, name: string, status: 'activated' | 'rejected') => {
    const replica = catalog
      .groups()
      .filter((g) => g.id === skillId)
      .flatMap((g) => g.replicas)
      .find((r) => r.worker.name === name)!;
    proposals.decide(replica.proposal_id!, status);
    gate.decided();
  };
  /** Which workers serve a skill id now, and with which version. */
  const serving = (skillId: string) =>
    catalog
      .groups()
      .filter((g) => g.id === skillId && g.serving)
      .map((g) => `${g.manifest.version}@${g.callable.map((w) => w.name).join('+')}`);
  return {
    proposals,
    gate,
    catalog,
    roster,
    workers,
    put,
    decide,
    decideReplica,
    serving,
    remove: (name: string) => workers.delete(name) && roster.remove(`wrk_${name}`, 'deregistered'),
  };
}

describe('remote skill gate', () => {
  it('the manifest hash ignores key order and spacing but nothing else', () => {
    const a = manifest('weather.local');
    const reordered = JSON.parse(
      JSON.stringify({ actions: a.actions, runtime: a.runtime, version: a.version, name: a.name, id: a.id, protocol: a.protocol }),
    );
    expect(manifestSha256(reordered)).toBe(manifestSha256(a));
    expect(manifestSha256({ ...a, description: 'x' })).not.toBe(manifestSha256(a));
  });

  it('a new skill is a proposal and serves nothing until the household activates it', () => {
    const m = mesh();
    m.put('alpha', manifest('weather.local'));
    expect(m.proposals.proposals).toMatchObject([{ skill_id: 'weather.local', change: 'added', status: 'proposed' }]);
    expect(m.serving('weather.local')).toEqual([]);
    const info = remoteSkillInfo(m.catalog.groups()[0]!);
    expect(info).toMatchObject({
      provider: 'remote',
      enabled: false,
      activation: { proposal_id: 'skp_0', status: 'proposed' },
      source: 'worker:alpha',
    });
    expect(info.warnings[0]).toContain('waits until the household activates it');
    m.decide('weather.local', '1.0.0', 'activated');
    expect(m.serving('weather.local')).toEqual(['1.0.0@alpha']);
    expect(remoteSkillInfo(m.catalog.groups()[0]!)).toMatchObject({ enabled: true, activation: { status: 'activated' }, warnings: [] });
  });

  it('a second worker with the identical manifest is a replica proposal and takes calls only once allowed', () => {
    const m = mesh();
    m.put('alpha', manifest('weather.local'));
    m.decide('weather.local', '1.0.0', 'activated');
    expect(m.serving('weather.local')).toEqual(['1.0.0@alpha']);
    m.put('beta', JSON.parse(JSON.stringify(manifest('weather.local'))));
    expect(m.proposals.proposals.map((p) => [p.skill_id, p.status])).toEqual([
      ['weather.local', 'activated'],
      ['replica:weather.local', 'activated'],
      ['replica:weather.local', 'proposed'],
    ]);
    expect(m.serving('weather.local')).toEqual(['1.0.0@alpha']);
    const info = remoteSkillInfo(m.catalog.groups()[0]!);
    expect(info.replicas).toMatchObject([
      { worker: 'alpha', status: 'allowed' },
      { worker: 'beta', status: 'proposed', proposal_id: m.proposals.proposals[2]!.proposal_id },
    ]);
    m.decideReplica('weather.local', 'beta', 'activated');
    expect(m.serving('weather.local')).toEqual(['1.0.0@alpha+beta']);
  });

  it('a refused replica never takes calls, even when it is the only worker left', () => {
    const m = mesh();
    m.put('alpha', manifest('weather.local'));
    m.decide('weather.local', '1.0.0', 'activated');
    m.put('beta', manifest('weather.local'));
    m.decideReplica('weather.local', 'beta', 'rejected');
    expect(m.serving('weather.local')).toEqual(['1.0.0@alpha']);
    m.remove('alpha');
    m.put('beta', manifest('weather.local'));
    expect(m.serving('weather.local')).toEqual([]);
    expect(m.catalog.groups()[0]?.reason).toContain('no worker offering it is allowed');
    expect(remoteSkillInfo(m.catalog.groups()[0]!).replicas).toMatchObject([{ worker: 'beta', status: 'refused' }]);
  });

  it('an allowed replica at a changed endpoint or with a changed key is a new replica that needs approval again', () => {
    const m = mesh();
    m.put('alpha', manifest('weather.local'));
    m.decide('weather.local', '1.0.0', 'activated');
    const offered = [{ manifest: manifest('weather.local'), sha256: manifestSha256(manifest('weather.local')) }];
    for (const [endpoint, key] of [
      ['http://10.0.0.9/alpha', undefined],
      ['http://10.0.0.1/alpha', 'other-key'],
    ] as const) {
      m.remove('alpha');
      const moved = m.roster.add({
        id: `wrk_moved_${endpoint.length}_${key ?? ''}`,
        name: 'alpha',
        runtime: 'python',
        endpoint,
        ...(key ? { key } : {}),
        tokenHash: hashToken('x'),
      });
      m.gate.proposeRecord(replicaSkillId('weather.local'), '1.0.0', replicaSha256(moved));
      m.roster.setSkills(moved, offered);
      expect(m.serving('weather.local'), endpoint).toEqual([]);
      expect(remoteSkillInfo(m.catalog.groups()[0]!).replicas, endpoint).toMatchObject([{ worker: 'alpha', status: 'proposed' }]);
      m.roster.remove(moved.id, 'deregistered');
    }
    expect(replicaSha256({ name: 'a', endpoint: 'http://x' })).toBe(replicaSha256({ name: 'a', endpoint: 'http://x', key: '' }));
    expect(replicaSha256({ name: 'a', endpoint: 'http://x' })).not.toBe(replicaSha256({ name: 'b', endpoint: 'http://x' }));
  });

  it('another manifest under a taken id is a new proposal; the activated one serves only from the workers that still have it', () => {
    const m = mesh();
    m.put('alpha', manifest('weather.local'));
    m.decide('weather.local', '1.0.0', 'activated');
    m.put('beta', manifest('weather.local'));
    // beta is updated: it offers another manifest under the same id.
    m.put('beta', manifest('weather.local', '2.0.0'));
    expect(m.proposals.proposals.filter((p) => p.skill_id === 'weather.local').map((p) => [p.version, p.change, p.status])).toEqual([
      ['1.0.0', 'added', 'activated'],
      ['2.0.0', 'changed', 'proposed'],
    ]);
    expect(m.serving('weather.local')).toEqual(['1.0.0@alpha']);
    // Once no worker has the activated manifest, the skill serves nothing until 2.0.0 is activated.
    m.remove('alpha');
    expect(m.serving('weather.local')).toEqual([]);
    m.put('alpha', manifest('weather.local'));
    m.decide('weather.local', '2.0.0', 'activated');
    // Both versions are activated: the later proposal serves, the older one stands by.
    expect(m.serving('weather.local')).toEqual(['2.0.0@beta']);
    const old = m.catalog.groups().find((g) => g.manifest.version === '1.0.0')!;
    expect(remoteSkillInfo(old).warnings[0]).toContain('version 2.0.0, activated later, serves this skill instead');
  });

  it('a rejected manifest never serves, and sending it again proposes nothing', () => {
    const m = mesh();
    m.put('alpha', manifest('weather.local'));
    m.decide('weather.local', '1.0.0', 'rejected');
    m.put('beta', manifest('weather.local'));
    m.put('alpha', manifest('weather.local'));
    expect(m.proposals.proposals).toHaveLength(1);
    expect(m.serving('weather.local')).toEqual([]);
    expect(remoteSkillInfo(m.catalog.groups()[0]!)).toMatchObject({ enabled: false, activation: { status: 'rejected' } });
  });

  it('a skill id whose tool name another activated skill already serves does not share its calls', () => {
    const m = mesh();
    m.put('alpha', manifest('a.b'));
    m.put('beta', manifest('a_b'));
    m.decide('a.b', '1.0.0', 'activated');
    m.decide('a_b', '1.0.0', 'activated');
    expect(m.serving('a.b')).toEqual(['1.0.0@alpha']);
    expect(m.serving('a_b')).toEqual([]);
    expect(m.catalog.groups().find((g) => g.id === 'a_b')?.reason).toContain('already served by the skill a.b');
  });

  it('bounds the proposals that wait: beyond the limit a manifest waits without one', () => {
    const m = mesh();
    for (let i = 0; i < MAX_WAITING_SKILL_PROPOSALS; i++) m.put(`w${i}`, manifest(`flood.s${i}`));
    m.put('late', manifest('late.skill'));
    expect(m.proposals.proposals).toHaveLength(MAX_WAITING_SKILL_PROPOSALS);
    const late = m.catalog.groups().find((g) => g.id === 'late.skill')!;
    expect(late.serving).toBe(false);
    expect(late.reason).toContain('already wait for the household');
    m.decide('flood.s0', '1.0.0', 'rejected');
    expect(m.gate.propose(late.manifest, late.sha256).proposal_id).toBeDefined();
  });
});
