import { describe, expect, it } from 'vitest';
import { mineToolSequences, type MinedCall, type MinedRun } from './mine';

let clock = 0;
function call(tool: string, args: Record<string, unknown> = {}, extra: Partial<MinedCall> = {}): MinedCall {
  clock += 1;
  return { tool, arguments: args, at: new Date(Date.UTC(2026, 10, 1) + clock * 3_600_000).toISOString(), ...extra };
}
const run = (id: string, ...calls: MinedCall[]): MinedRun => ({ id, calls });

describe('mineToolSequences', () => {
  it('keeps a sequence seen as often as the threshold and drops a rarer one', () => {
    const runs = [
      run('r1', call('groceries_add', { name: 'Milch' }), call('tasks_create', { title: 'Einkaufen' })),
      run('r2', call('groceries_add', { name: 'Brot' }), call('tasks_create', { title: 'Einkaufen' })),
      run('r3', call('groceries_add', { name: 'Eier' }), call('tasks_create', { title: 'Einkaufen' })),
      run('r4', call('calendar_create', { title: 'Arzt' }), call('reminders_create', { text: 'Arzt' })),
      run('r5', call('calendar_create', { title: 'Zahnarzt' }), call('reminders_create', { text: 'Zahnarzt' })),
    ];
    expect(mineToolSequences(runs).map((s) => s.tools)).toEqual([['groceries_add', 'tasks_create']]);
    expect(mineToolSequences(runs, { minFrequency: 2 }).map((s) => s.tools)).toEqual([
      ['groceries_add', 'tasks_create'],
      ['calendar_create', 'reminders_create'],
    ]);
    expect(mineToolSequences(runs, { minFrequency: 4 })).toEqual([]);
  });

  it('proposes the longest sequence when its parts were seen no more often', () => {
    const abc = (id: string) => run(id, call('a_one'), call('b_two'), call('c_three'));
    const only = mineToolSequences([abc('1'), abc('2'), abc('3')]);
    expect(only.map((s) => s.tools)).toEqual([['a_one', 'b_two', 'c_three']]);
    const abcd = (id: string) => run(id, call('a_one'), call('b_two'), call('c_three'), call('d_four'));
    expect(mineToolSequences([abcd('1'), abcd('2'), abcd('3')]).map((s) => s.tools)).toEqual([['a_one', 'b_two', 'c_three', 'd_four']]);
    // a_one > b_two also happens on its own: both are routines, the shorter one more frequent.
    const more = mineToolSequences([abc('1'), abc('2'), abc('3'), run('4', call('a_one'), call('b_two'))]);
    expect(more.map((s) => [s.tools.join('>'), s.occurrences])).toEqual([
      ['a_one>b_two', 4],
      ['a_one>b_two>c_three', 3],
    ]);
  });

  it('ignores failed calls, skill_read and one tool repeated', () => {
    const runs = ['1', '2', '3'].map((id) =>
      run(
        id,
        call('groceries_add', { name: 'x' }),
        call('skill_read', { skill: 'k' }),
        call('calendar_delete', { id: 'e1' }, { success: false }),
        call('groceries_add', { name: 'y' }),
        call('tasks_create', { title: 't' }),
      ),
    );
    const found = mineToolSequences(runs);
    // The failed delete and the instruction read leave groceries_add twice, then tasks_create.
    expect(found.map((s) => s.tools)).toEqual([['groceries_add', 'groceries_add', 'tasks_create']]);
    expect(found.flatMap((s) => s.tools)).not.toContain('skill_read');
    expect(found.flatMap((s) => s.tools)).not.toContain('calendar_delete');
    const loop = ['1', '2', '3'].map((id) => run(id, call('groceries_add', { name: 'a' }), call('groceries_add', { name: 'b' })));
    expect(mineToolSequences(loop)).toEqual([]);
  });

  it('turns values seen every time into constants and varying ones into named inputs', () => {
    const runs = ['Milch', 'Brot', 'Eier'].map((item, i) =>
      run(
        `r${i}`,
        call('groceries_add', { name: item, unit: 'stk', quantity: i + 1 }),
        call('tasks_create', { title: `Einkaufen ${i}`, priority: 'high', when: { kind: 'relative', offset_days: 1, time: `1${i}:00` } }),
      ),
    );
    const [s] = mineToolSequences(runs);
    expect(s!.steps).toEqual([
      { tool_name: 'groceries_add', arguments: { name: '{name}', unit: 'stk', quantity: '{quantity}' } },
      {
        tool_name: 'tasks_create',
        arguments: { title: '{title}', priority: 'high', when: { kind: 'relative', offset_days: 1, time: '{time}' } },
      },
    ]);
    expect(s!.parameters).toEqual(['name', 'quantity', 'title', 'time']);
    expect(s!.notes.join(' ')).toContain('quantity');
    expect(s!.occurrences).toBe(3);
    expect(s!.first_seen < s!.last_seen).toBe(true);
  });

  it('gives one input to a value two steps share and numbers different ones of the same name', () => {
    const runs = ['Milch', 'Brot', 'Eier'].map((item, i) =>
      run(
        `r${i}`,
        call('groceries_add', { name: item }),
        call('tasks_create', { title: item }),
        call('notes_add', { title: `Notiz ${i}` }),
      ),
    );
    const [s] = mineToolSequences(runs);
    expect(s!.steps.map((step) => step.arguments)).toEqual([{ name: '{name}' }, { title: '{name}' }, { title: '{title}' }]);
    expect(s!.parameters).toEqual(['name', 'title']);
  });

  it('refers to an earlier step’s output where a later step passes it on', () => {
    const runs = ['a', 'b', 'c'].map((id) =>
      run(
        id,
        call('tasks_create', { title: `T ${id}` }, { output: { id: `task_${id}`, title: `T ${id}`, tags: [] } }),
        call('tasks_update', { id: `task_${id}`, status: 'done' }, { output: { id: `task_${id}` } }),
      ),
    );
    const [s] = mineToolSequences(runs);
    expect(s!.steps).toEqual([
      { tool_name: 'tasks_create', arguments: { title: '{title}' }, output_key: 'tasks_create_result' },
      { tool_name: 'tasks_update', arguments: { id: '{tasks_create_result.id}', status: 'done' } },
    ]);
    expect(s!.parameters).toEqual(['title']);
  });

  it('an output that matches only sometimes is no reference: the value is an input', () => {
    const runs = ['a', 'b', 'c'].map((id, i) =>
      run(
        id,
        call('tasks_create', { title: `T ${id}` }, { output: { id: `task_${id}` } }),
        call('tasks_update', { id: i === 2 ? 'task_other' : `task_${id}` }),
      ),
    );
    expect(mineToolSequences(runs)[0]!.steps[1]).toEqual({ tool_name: 'tasks_update', arguments: { id: '{id}' } });
  });

  it('never writes a secret into the skill, even one that was the same every time', () => {
    const runs = ['a', 'b', 'c'].map((id) =>
      run(id, call('home_login', { user: 'anna', password: 'hunter22', note: 'token [redacted]' }), call('home_scene', { scene: 'abend' })),
    );
    const [s] = mineToolSequences(runs);
    expect(s!.steps[0]!.arguments).toEqual({ user: 'anna', password: '{password}', note: '{note}' });
    expect(JSON.stringify(s)).not.toContain('hunter22');
  });

  it('declares the highest risk of its steps, and none when a step declared none', () => {
    const runs = (risks: (MinedCall['risk'] | undefined)[]) =>
      ['a', 'b', 'c'].map((id) => run(id, ...risks.map((risk, i) => call(`tool_${i}`, {}, risk ? { risk } : {}))));
    expect(mineToolSequences(runs(['read', 'reversible', 'read']))[0]!.risk).toBe('reversible');
    expect(mineToolSequences(runs(['read', 'disruptive']))[0]!.risk).toBe('disruptive');
    expect(mineToolSequences(runs(['read', undefined]))[0]).not.toHaveProperty('risk');
  });

  it('leaves out an argument given only sometimes', () => {
    const runs = ['a', 'b', 'c'].map((id, i) =>
      run(id, call('groceries_add', { name: 'Milch', ...(i === 0 ? { quantity: 2 } : {}) }), call('tasks_create', { title: 'x' })),
    );
    expect(mineToolSequences(runs)[0]!.steps[0]!.arguments).toEqual({ name: 'Milch' });
  });
});
