import { describe, expect, it } from 'vitest';
import type { SkillManifest, SkillProposal } from '../../src-shared';
import { hashToken } from './access-tokens';
import { manifestSha256, MAX_WAITING_SKILL_PROPOSALS, RemoteSkillGate, type SkillProposalBook } from './remote-skill-gate';
import { RemoteSkillCatalog, remoteSkillInfo } from './remote-skills';
import { WorkerRoster, type WorkerRecord } from './worker-roster';

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
  const put = (name: string, ...manifests: SkillManifest[]) => {
    const w =
      workers.get(name) ??
      roster.add({ id: `wrk_${name}`, name, runtime: 'python', endpoint: `http://10.0.0.1/${name}`, tokenHash: hashToken(name) });
    workers.set(name, w);
    const offered = manifests.map((m) => ({ manifest: m, sha256: manifestSha256(m) }));
    for (const s of offered) gate.propose(s.manifest, s.sha256);
    roster.setSkills(w, offered);
  };
  const decide = (skillId: string, version: string, status: 'activated' | 'rejected') => {
    const p = proposals.proposals.find((x) => x.skill_id === skillId && x.version === version)!;
    proposals.decide(p.proposal_id, status);
    gate.decided();
  };
  /** Which workers serve a skill id now, and with which version. */
  const serving = (skillId: string) =>
    catalog
      .groups()
      .filter((g) => g.id === skillId && g.serving)
      .map((g) => `${g.manifest.version}@${g.workers.map((w) => w.name).join('+')}`);
  return {
    proposals,
    gate,
    catalog,
    put,
    decide,
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

  it('a replica with the identical manifest joins the activated skill without a proposal', () => {
    const m = mesh();
    m.put('alpha', manifest('weather.local'));
    m.decide('weather.local', '1.0.0', 'activated');
    m.put('beta', JSON.parse(JSON.stringify(manifest('weather.local'))));
    expect(m.proposals.proposals).toHaveLength(1);
    expect(m.serving('weather.local')).toEqual(['1.0.0@alpha+beta']);
  });

  it('another manifest under a taken id is a new proposal; the activated one serves only from the workers that still have it', () => {
    const m = mesh();
    m.put('alpha', manifest('weather.local'));
    m.decide('weather.local', '1.0.0', 'activated');
    m.put('beta', manifest('weather.local'));
    // beta is updated: it offers another manifest under the same id.
    m.put('beta', manifest('weather.local', '2.0.0'));
    expect(m.proposals.proposals.map((p) => [p.version, p.change, p.status])).toEqual([
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
