import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultTraceDir, Tracer } from './tracer';

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

describe('the trace folder', () => {
  it('is beside the database by default, and none for a database in memory', () => {
    expect(defaultTraceDir('/home/anna/.jarvis/jarvis.db')).toBe('/home/anna/.jarvis/traces');
    expect(defaultTraceDir(':memory:')).toBeUndefined();
  });

  it('keeps the trace across a restart, redacted, and drops files past their age or the size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-trace-'));
    try {
      writeFileSync(join(dir, 'trace-2026-11-01.jsonl'), 'old\n');
      writeFileSync(join(dir, 'trace-2026-11-30.jsonl'), 'x'.repeat(2000));
      writeFileSync(join(dir, 'notes.txt'), 'not a trace file');
      const now = () => new Date('2026-12-02T08:00:00Z');
      const first = new Tracer({ enabled: true, limit: 10, dir, now, retention: { maxBytes: 1000, maxAgeDays: 14 } });
      first.redactor.add('geheim-0123456789');
      first.record('t1', 'agent', 'request', { note: 'key geheim-0123456789', password: 'p' });
      // The 14-day-old file and the oldest over 1,000 bytes are gone; today's file and other files stay.
      expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'trace-2026-12-02.jsonl']);
      const kept = readFileSync(join(dir, 'trace-2026-12-02.jsonl'), 'utf8');
      expect(kept).toContain('"stage":"request"');
      expect(kept).not.toMatch(/geheim-0123456789|"p"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
