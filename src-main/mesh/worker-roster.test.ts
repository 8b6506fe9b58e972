import { describe, expect, it } from 'vitest';
import { hashToken } from './access-tokens';
import { WorkerRoster } from './worker-roster';

function roster(leaseMs = 1000) {
  let now = Date.parse('2026-08-29T10:00:00Z');
  const removed: string[] = [];
  const r = new WorkerRoster(
    () => new Date(now),
    leaseMs,
    (w, why) => removed.push(`${w.name}:${why}`),
  );
  const add = (name: string, endpoint = `http://10.0.0.1/${name}`) =>
    r.add({ id: `wrk_${name}`, name, runtime: 'python', endpoint, tokenHash: hashToken(name) });
  return { r, removed, add, advance: (ms: number) => (now += ms) };
}

describe('worker roster', () => {
  it('a lease that runs out removes the worker', () => {
    const { r, removed, add, advance } = roster();
    add('a');
    advance(999);
    expect(r.live().map((w) => w.name)).toEqual(['a']);
    advance(1);
    expect(r.live()).toEqual([]);
    expect(removed).toEqual(['a:expired']);
  });

  it('a heartbeat renews the lease from now', () => {
    const { r, add, advance } = roster();
    const a = add('a');
    advance(900);
    r.renew(a);
    advance(900);
    expect(r.get('wrk_a')).toBe(a);
    expect(r.leaseLeftMs(a)).toBe(100);
    advance(100);
    expect(r.get('wrk_a')).toBeUndefined();
  });

  it('a worker enrolling again under its name and endpoint replaces its stale entry', () => {
    const { r, removed } = roster();
    const again = (id: string) => r.add({ id, name: 'a', runtime: 'python', endpoint: 'http://10.0.0.7:7070', tokenHash: hashToken(id) });
    again('wrk_first');
    again('wrk_second');
    expect(r.live().map((w) => w.id)).toEqual(['wrk_second']);
    expect(removed).toEqual(['a:replaced']);
  });

  it('another name on the same endpoint evicts nobody', () => {
    const { r, removed, add } = roster();
    add('a', 'http://10.0.0.7:7070');
    add('b', 'http://10.0.0.7:7070');
    expect(r.live().map((w) => w.name)).toEqual(['a', 'b']);
    expect(removed).toEqual([]);
  });

  it('counts revisions only when the offered actions can change', () => {
    const { r, add } = roster();
    const a = add('a');
    const rev = r.revision;
    r.renew(a);
    expect(r.revision).toBe(rev);
    r.setSkills(a, []);
    expect(r.revision).toBe(rev + 1);
  });
});
