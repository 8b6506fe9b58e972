import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeHistory, readProtocolHistory, readTraceHistory } from './history';

const root = mkdtempSync(join(tmpdir(), 'jarvis-skill-history-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const line = (trace_id: string, stage: string, data: unknown, component = 'agent') =>
  JSON.stringify({ seq: 1, ts: '2026-11-30T10:00:00.000Z', trace_id, component, stage, data });

describe('the request history', () => {
  it('reads requests, calls with arguments, success and reply from the trace files; a confirmed call finishes the request that asked', () => {
    const dir = join(root, 'trace');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'trace-2026-11-30.jsonl'),
      [
        line('a1', 'request', { message: 'Wie lang ist "x y"?' }),
        line('a1', 'tool_call', { tool: 'skill_t_run', arguments: { text: 'x y' } }),
        line('a1', 'tool_result', { tool: 'skill_t_run', success: true }),
        line('a1', 'completed', { source: 'model', reply: '2 Wörter.' }),
        line('a2', 'request', { message: 'Lösch alles' }),
        line('a2', 'tool_call', { tool: 'tasks_delete', arguments: { id: 'x' } }),
        line('a2', 'pending_tool_set', { tool: 'tasks_delete' }),
        line('a2', 'completed', { source: 'model', reply: 'Soll ich …?' }),
        line('a3', 'request', { message: 'ja' }),
        line('a3', 'pending_tool_execute', { tool: 'tasks_delete', set_in: 'a2' }),
        line('a3', 'tool_call', { tool: 'tasks_delete', arguments: { id: 'x' } }),
        line('a3', 'tool_result', { tool: 'tasks_delete', success: true }),
        line('a3', 'completed', { source: 'pending', reply: 'Gelöscht.' }),
        line('a4', 'request', { message: 'Kaputt' }),
        line('a4', 'tool_call', { tool: 'skill_t_run', arguments: {} }),
        line('a4', 'tool_result', { tool: 'skill_t_run', success: false }),
        line('a4', 'completed', { source: 'model' }),
        line('a5', 'request', { message: 'never finished' }),
        line('s1', 'invoke', { skill: 't' }, 'skills'),
        '{"cut off',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'notes.txt'), 'not a trace');
    const history = readTraceHistory(dir);
    expect(history).toEqual([
      {
        id: 'a1',
        request: 'Wie lang ist "x y"?',
        calls: [{ tool: 'skill_t_run', arguments: { text: 'x y' } }],
        success: true,
        reply: '2 Wörter.',
        from: 'trace',
      },
      {
        id: 'a2',
        request: 'Lösch alles',
        calls: [{ tool: 'tasks_delete', arguments: { id: 'x' } }],
        success: true,
        reply: 'Gelöscht.',
        from: 'trace',
      },
      { id: 'a4', request: 'Kaputt', calls: [{ tool: 'skill_t_run', arguments: {} }], success: false, from: 'trace' },
    ]);
    expect(readTraceHistory(join(root, 'missing'))).toEqual([]);
    expect(readTraceHistory(undefined)).toEqual([]);
  });

  it('reads the protocol records (tools without arguments) and prefers the trace for a request in both', () => {
    const records = {
      WorkSession: [
        { work_session_id: 'ws_a1', goal: 'Wie lang ist "x y"?', status: 'completed' },
        { work_session_id: 'ws_p1', goal: 'Wie lang ist "z"?', status: 'completed' },
        { work_session_id: 'ws_p2', goal: 'Was ist heute?', status: 'failed' },
        { work_session_id: 'ws_p3', goal: 'Warte', status: 'blocked' },
      ],
      PolicyDecision: [
        { work_session_id: 'ws_a1', action: { tool: 'skill_t_run', arguments_sha256: 'x' } },
        { work_session_id: 'ws_p1', action: { tool: 'skill_t_run', arguments_sha256: 'y' } },
        { work_session_id: 'ws_p2', action: { tool: 'calendar_list', arguments_sha256: 'z' } },
      ],
      OutcomeReport: [{ work_session_id: 'ws_p1', summary: '1 Wort.' }],
    };
    const protocol = readProtocolHistory(records);
    expect(protocol).toEqual([
      { id: 'ws_a1', request: 'Wie lang ist "x y"?', calls: [{ tool: 'skill_t_run' }], success: true, from: 'protocol' },
      { id: 'ws_p1', request: 'Wie lang ist "z"?', calls: [{ tool: 'skill_t_run' }], success: true, reply: '1 Wort.', from: 'protocol' },
      { id: 'ws_p2', request: 'Was ist heute?', calls: [{ tool: 'calendar_list' }], success: false, from: 'protocol' },
    ]);
    const trace = [
      {
        id: 'a1',
        request: 'Wie lang ist "x y"?',
        calls: [{ tool: 'skill_t_run', arguments: { text: 'x y' } }],
        success: true,
        from: 'trace' as const,
      },
    ];
    expect(mergeHistory(trace, protocol).map((r) => r.id)).toEqual(['a1', 'ws_p1', 'ws_p2']);
  });
});
