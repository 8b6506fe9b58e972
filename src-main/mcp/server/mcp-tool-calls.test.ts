import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillRegistry } from '../../platform/registry';
import { Tracer } from '../../platform/trace';
import { ProtocolRecorder } from '../../protocol';
import { countedProtocol } from '../../testing/counted-protocol';
import { MemoryHomeProvider } from '../../testing/memory-home-provider';
import { McpToolCalls } from './mcp-tool-calls';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('an MCP tool call in the protocol', () => {
  it('is one durable commit for a read, two for a change (the first before it runs, not waiting for the disk), and stores no idempotency rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-mcp-calls-'));
    dirs.push(dir);
    const { db, protocol, commits } = countedProtocol(dir);
    const registry = new SkillRegistry();
    registry.addProvider(new MemoryHomeProvider());
    const errors: string[] = [];
    const calls = new McpToolCalls({
      registry,
      recorder: new ProtocolRecorder(protocol),
      tracer: new Tracer({ enabled: false, limit: 10, now: () => new Date() }),
      clock: () => new Date(),
      timezone: 'Europe/Berlin',
      onAuditError: (op, err) => errors.push(`${op}: ${String(err)}`),
    });
    const caller = { key: 'tok_1', name: 'Claude' };
    // The first call also registers the client's Worker and Actor (in the first commit).
    expect((await calls.call(caller, 'tasks_list', {})).success).toBe(true);
    commits.length = 0;
    expect((await calls.call(caller, 'tasks_list', {})).success).toBe(true);
    expect(commits).toEqual([2]);
    commits.length = 0;
    expect((await calls.call(caller, 'tasks_create', { title: 'Fenster putzen' })).success).toBe(true);
    expect(commits).toEqual([1, 2]);
    expect(errors).toEqual([]);
    const sessions = protocol.sessions();
    expect(sessions).toHaveLength(3);
    for (const s of sessions)
      expect(protocol.session(s.work_session_id)!.events.map((e) => e.type)).toEqual([
        'work_session.created',
        'policy_decision.recorded',
        'contribution.recorded',
        'work_session.completed',
        'outcome.reported',
        'work_session.sealed',
      ]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM protocol_idempotency').get()).toEqual({ n: 0 });
    expect(protocol.sessions().every((s) => s.sealed)).toBe(true);
    expect(protocol.verify().ok).toBe(true);
  });
});
