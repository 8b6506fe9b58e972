import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/database';
import { RunHistoryRecorder } from './run-recorder';
import { MAX_HISTORY_JSON, readToolHistoryReadonly, ToolHistoryStore } from './tool-history';

const at = '2026-11-01T10:00:00.000Z';

describe('ToolHistoryStore', () => {
  it('keeps successful calls grouped by run, in order, with their output and capabilities', () => {
    const db = openDatabase(':memory:');
    const store = new ToolHistoryStore(db, 100);
    store.record('run1', 'assistant', [
      { tool: 'groceries_add', arguments: { name: 'Milch' }, output: { id: 'g1' }, capabilities: ['memory:write'], at },
    ]);
    store.record('run2', 'mcp', [{ tool: 'tasks_list', arguments: {}, at }]);
    store.record('run1', 'assistant', [{ tool: 'tasks_create', arguments: { title: 'x' }, at }]);
    expect(readToolHistoryReadonly(db)).toEqual([
      {
        id: 'run1',
        actor: 'assistant',
        calls: [
          { tool: 'groceries_add', arguments: { name: 'Milch' }, output: { id: 'g1' }, capabilities: ['memory:write'], at },
          { tool: 'tasks_create', arguments: { title: 'x' }, capabilities: [], at },
        ],
      },
      { id: 'run2', actor: 'mcp', calls: [{ tool: 'tasks_list', arguments: {}, capabilities: [], at }] },
    ]);
  });

  it('stays bounded: the oldest calls go, a huge output is dropped, huge arguments leave a gap', () => {
    const db = openDatabase(':memory:');
    const store = new ToolHistoryStore(db, 3);
    for (let i = 0; i < 5; i++) store.record(`r${i}`, 'assistant', [{ tool: 't', arguments: { i }, at }]);
    expect(readToolHistoryReadonly(db).map((r) => r.id)).toEqual(['r2', 'r3', 'r4']);
    const big = new ToolHistoryStore(db, 100);
    big.record('out', 'assistant', [{ tool: 't', arguments: {}, output: { text: 'x'.repeat(MAX_HISTORY_JSON) }, at }]);
    expect(readToolHistoryReadonly(db).find((r) => r.id === 'out')!.calls[0]).not.toHaveProperty('output');
    // a > (too big to keep) > c: a and c were never adjacent, so they are two pieces.
    big.record('gap', 'assistant', [
      { tool: 'a', arguments: {}, at },
      { tool: 'b', arguments: { text: 'x'.repeat(MAX_HISTORY_JSON) }, at },
      { tool: 'c', arguments: {}, at },
    ]);
    const pieces = readToolHistoryReadonly(db).filter((r) => r.id.startsWith('gap'));
    expect(pieces.map((r) => [r.id, r.calls.map((c) => c.tool)])).toEqual([
      ['gap', ['a']],
      ['gap#2', ['c']],
    ]);
  });

  it('a limit of 0 keeps nothing and forgets what was kept', () => {
    const db = openDatabase(':memory:');
    new ToolHistoryStore(db, 10).record('r', 'assistant', [{ tool: 't', arguments: {}, at }]);
    const off = new ToolHistoryStore(db, 0);
    expect(readToolHistoryReadonly(db)).toEqual([]);
    off.record('r2', 'assistant', [{ tool: 't', arguments: {}, at }]);
    expect(readToolHistoryReadonly(db)).toEqual([]);
  });

  it('reads a database without the table as no history', () => {
    expect(readToolHistoryReadonly(openDatabase(':memory:'))).toEqual([]);
  });
});

describe('RunHistoryRecorder', () => {
  it('stores a run from its second call on, and never a lone call', () => {
    const db = openDatabase(':memory:');
    const recorder = new RunHistoryRecorder(new ToolHistoryStore(db, 100));
    recorder.record('lone', 'user', { tool: 'groceries_add', arguments: { name: 'Milch' }, at });
    recorder.record('turn', 'assistant', { tool: 'a', arguments: {}, at });
    expect(readToolHistoryReadonly(db)).toEqual([]);
    recorder.record('turn', 'assistant', { tool: 'b', arguments: {}, at });
    recorder.record('turn', 'assistant', { tool: 'c', arguments: {}, at });
    expect(readToolHistoryReadonly(db).map((r) => [r.id, r.calls.map((c) => c.tool)])).toEqual([['turn', ['a', 'b', 'c']]]);
  });
});
