import { describe, expect, it } from 'vitest';
import { Tracer } from './tracer';

describe('Tracer', () => {
  it('keeps at most the configured number of events', () => {
    const t = new Tracer({ enabled: true, limit: 3 });
    for (let i = 0; i < 5; i++) t.record('t1', 'agent', `s${i}`);
    expect(t.list().map((e) => e.stage)).toEqual(['s2', 's3', 's4']);
  });

  it('redacts known secrets and secret-looking keys before storing', () => {
    const t = new Tracer({ enabled: true, limit: 10 });
    t.redactor.add('wrk-access-0123456789');
    t.record('t1', 'mesh', 'enroll', {
      note: 'token wrk-access-0123456789 used',
      access_token: 'abc',
      Authorization: 'Bearer x',
      nested: [{ password: 'p' }],
    });
    const text = JSON.stringify(t.list());
    expect(text).not.toContain('wrk-access-0123456789');
    expect(text).not.toContain('"abc"');
    expect(text).not.toContain('Bearer x');
    expect(text).not.toContain('"p"');
  });

  it('records nothing when disabled and filters by trace id', () => {
    expect(new Tracer({ enabled: false, limit: 10 }).list()).toEqual([]);
    const t = new Tracer({ enabled: true, limit: 10 });
    t.record('a', 'x', 'one');
    t.record('b', 'x', 'two');
    expect(t.list({ traceId: 'b' }).map((e) => e.stage)).toEqual(['two']);
  });
});
