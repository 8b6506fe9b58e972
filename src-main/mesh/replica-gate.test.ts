import { describe, expect, it } from 'vitest';
import { isReplicaSkillId, replicaSha256, replicaSkillId, replicaState, takesCalls, workerAllowedByActivation } from './replica-gate';

describe('replica decisions', () => {
  it('only an allowed replica takes calls; a proposed or refused one never does', () => {
    expect(takesCalls(replicaState({ state: 'active', rank: 0, proposal_id: 'skp_1' }))).toBe(true);
    expect(takesCalls(replicaState({ state: 'proposed', rank: 0, proposal_id: 'skp_1' }))).toBe(false);
    expect(takesCalls(replicaState({ state: 'proposed', rank: -1 }))).toBe(false);
    expect(takesCalls(replicaState({ state: 'rejected', rank: 0, proposal_id: 'skp_1' }))).toBe(false);
  });

  it('activating a skill allows the first waiting worker, but only while none is allowed', () => {
    expect(workerAllowedByActivation(['proposed', 'proposed'])).toBe(0);
    expect(workerAllowedByActivation(['refused', 'proposed'])).toBe(1);
    expect(workerAllowedByActivation(['proposed', 'allowed'])).toBeUndefined();
    expect(workerAllowedByActivation(['refused'])).toBeUndefined();
    expect(workerAllowedByActivation([])).toBeUndefined();
  });

  it('a replica is its name, endpoint and key: changing any of them makes another replica', () => {
    const base = { name: 'alpha', endpoint: 'http://10.0.0.2:8090', key: 'k1' };
    const same = replicaSha256({ key: 'k1', endpoint: 'http://10.0.0.2:8090', name: 'alpha' });
    expect(same).toBe(replicaSha256(base));
    expect(replicaSha256({ ...base, endpoint: 'http://10.0.0.3:8090' })).not.toBe(same);
    expect(replicaSha256({ ...base, key: 'k2' })).not.toBe(same);
    expect(replicaSha256({ ...base, name: 'beta' })).not.toBe(same);
  });

  it('replica records cannot be mistaken for a skill: skill ids have no colon', () => {
    expect(replicaSkillId('weather.local')).toBe('replica:weather.local');
    expect(isReplicaSkillId(replicaSkillId('weather.local'))).toBe(true);
    expect(isReplicaSkillId('weather.local')).toBe(false);
  });
});
