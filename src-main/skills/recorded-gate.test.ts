import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/database';
import { ProtocolStore } from '../protocol/store';
import type { SkillCandidate } from './engine';
import { ephemeralSigner } from '../protocol';
import { DELETES_NEED_REVIEW } from '../testing/protocol-rules';
import { ProtocolRecorder } from '../protocol/recorder';
import { HOST_IDS, ProtocolService } from '../protocol/service';
import { RecordedSkillGate } from './recorded-gate';

type Db = ReturnType<typeof openDatabase>;

const signer = ephemeralSigner();

/** One "process" of JARVIS over a database that outlives it. */
function boot(db: Db, baselineFile?: string) {
  const svc = new ProtocolService(new ProtocolStore(db), () => new Date(), signer);
  svc.bootstrap(DELETES_NEED_REVIEW);
  const gate = new RecordedSkillGate(new ProtocolRecorder(svc), baselineFile);
  let n = 0;
  const decide = (proposalId: string, decision: 'accept' | 'reject') =>
    svc.decideSkill(
      { actorId: HOST_IDS.household, idempotencyKey: `gate-test-${proposalId}-${n++}`, timestamp: new Date().toISOString() },
      proposalId,
      { decision },
    );
  return { svc, gate, decide };
}

const tree = (sha: string, change: SkillCandidate['change']): SkillCandidate => ({
  id: 'weather.local',
  version: '1.0.0',
  sha256: sha.repeat(64),
  change,
});

describe('RecordedSkillGate', () => {
  it('runs the skills installed at start-up without a proposal', () => {
    const { svc, gate } = boot(openDatabase(':memory:'));
    expect(gate.admit(tree('a', 'startup'))).toEqual({ state: 'active' });
    expect(gate.admit(tree('a', 'unchanged'))).toEqual({ state: 'active' });
    expect(svc.list('SkillProposal')).toHaveLength(0);
  });

  it('holds a skill that appears or changes later until the household activates it', () => {
    const { svc, gate, decide } = boot(openDatabase(':memory:'));
    gate.admit(tree('a', 'startup'));
    const changed = gate.admit(tree('b', 'changed'));
    expect(changed.state).toBe('proposed');
    expect(svc.list('SkillProposal')).toEqual([
      expect.objectContaining({ proposal_id: changed.proposal_id, change: 'changed', status: 'proposed' }),
    ]);
    // Asking again for the same tree does not propose twice.
    expect(gate.admit(tree('b', 'unchanged'))).toEqual(changed);
    decide(changed.proposal_id!, 'accept');
    expect(gate.admit(tree('b', 'unchanged'))).toEqual({ state: 'active', proposal_id: changed.proposal_id });
    // Changing it back to the start-up tree needs no new decision.
    expect(gate.admit(tree('a', 'changed'))).toEqual({ state: 'active' });
  });

  it('a restart activates nothing the household has not decided, and keeps a rejection', () => {
    const db = openDatabase(':memory:');
    const first = boot(db);
    first.gate.admit(tree('a', 'startup'));
    const proposed = first.gate.admit(tree('b', 'changed'));

    const second = boot(db);
    expect(second.gate.admit(tree('b', 'startup'))).toEqual({ state: 'proposed', proposal_id: proposed.proposal_id });
    second.decide(proposed.proposal_id!, 'reject');

    const third = boot(db);
    expect(third.gate.admit(tree('b', 'startup'))).toEqual({ state: 'rejected', proposal_id: proposed.proposal_id });
    // A skill the protocol knows, found with an unknown tree at start-up: changed while JARVIS was off.
    const offline = third.gate.admit(tree('c', 'startup'));
    expect(offline.state).toBe('proposed');
    expect(third.svc.get('SkillProposal', offline.proposal_id!)).toMatchObject({ change: 'changed' });
  });

  it('a new skill id found on reload is proposed as added', () => {
    const { svc, gate } = boot(openDatabase(':memory:'));
    const added = gate.admit({ ...tree('d', 'added'), id: 'demo.copy' });
    expect(svc.get('SkillProposal', added.proposal_id!)).toMatchObject({ skill_id: 'demo.copy', change: 'added', status: 'proposed' });
  });

  describe('with the installation baseline on disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-gate-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('a skill edited while JARVIS was off is a proposal after the restart, an untouched one runs', () => {
      const db = openDatabase(':memory:');
      const file = join(dir, 'edited.json');
      expect(boot(db, file).gate.admit(tree('a', 'startup'))).toEqual({ state: 'active' });
      expect(boot(db, file).gate.admit(tree('a', 'startup'))).toEqual({ state: 'active' });
      const third = boot(db, file);
      const edited = third.gate.admit(tree('e', 'startup'));
      expect(edited.state).toBe('proposed');
      expect(third.svc.get('SkillProposal', edited.proposal_id!)).toMatchObject({ change: 'changed' });
    });

    it('a skill added while JARVIS was off is a proposal after the restart, even when the first start had no skills', () => {
      const db = openDatabase(':memory:');
      const file = join(dir, 'added.json');
      boot(db, file);
      const second = boot(db, file);
      const added = second.gate.admit({ ...tree('f', 'startup'), id: 'dropped.in' });
      expect(added.state).toBe('proposed');
      expect(second.svc.get('SkillProposal', added.proposal_id!)).toMatchObject({ change: 'added' });
    });
  });
  it('a discovered skill is a proposal even at the very first start, and is not remembered as installed', () => {
    const { svc, gate, decide } = boot(openDatabase(':memory:'));
    const found = { ...tree('d', 'startup'), id: 'discovered-a-then-b', discovered: true };
    const first = gate.admit(found);
    expect(first.state).toBe('proposed');
    expect(svc.list('SkillProposal')).toEqual([expect.objectContaining({ skill_id: 'discovered-a-then-b', change: 'added' })]);
    // The same start's other skills are still the installation.
    expect(gate.admit(tree('a', 'startup'))).toEqual({ state: 'active' });
    decide(first.proposal_id!, 'accept');
    expect(gate.admit({ ...found, change: 'unchanged' })).toEqual({ state: 'active', proposal_id: first.proposal_id });
  });
});
