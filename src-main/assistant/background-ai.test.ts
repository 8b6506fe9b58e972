import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { SkillRegistry } from '../platform/registry';
import { MemoryHomeProvider } from '../testing/memory-home-provider';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { Tracer } from '../platform/trace';
import { KanbanOrganizer } from './kanban-organizer';
import { OllamaConnection } from './ollama-connection';
import { TaskScout } from './task-scout';

const servers: ScriptedOllama[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function setup(url?: string) {
  const server = await startScriptedOllama();
  servers.push(server);
  const config = loadConfig({ OLLAMA_URL: url ?? server.url });
  const clock = () => new Date('2026-08-29T08:20:00Z');
  const registry = new SkillRegistry();
  const home = new MemoryHomeProvider();
  registry.addProvider(home);
  const tracer = new Tracer({ enabled: true, limit: 1000 });
  const deps = { config, clock, registry, tracer, ollama: new OllamaConnection(config, clock) };
  return { server, home, tracer, scout: new TaskScout(deps), organizer: new KanbanOrganizer(deps) };
}

describe('Task Scout', () => {
  it('turns obligations in user texts and documents into tasks through tasks_create only', async () => {
    const t = await setup();
    t.scout.add({ kind: 'user_text', text: 'Ich muss bis Freitag die Steuererklärung abgeben.' });
    t.scout.add({ kind: 'document', name: 'Elternbrief.pdf', text: 'Bitte das Formular bis 31.08. unterschreiben.' });
    t.server.reply(
      { json: { tasks: [{ title: 'Steuererklärung abgeben', due: { kind: 'weekday', weekday: 'friday' }, evidence: 'bis Freitag' }] } },
      { content: 'Gefunden:\n```json\n{"tasks":[{"title":"Formular unterschreiben","due":{"kind":"absolute","date":"2026-08-31"}}]}\n```' },
    );
    const created = await t.scout.runOnce();
    expect(created.map((r) => r.success)).toEqual([true, true]);
    const creates = t.home.calls.filter((c) => c.name === 'tasks_create');
    expect(creates.map((c) => c.args)).toEqual([
      { title: 'Steuererklärung abgeben', due: { kind: 'weekday', weekday: 'friday' }, tags: ['scout'] },
      { title: 'Formular unterschreiben', due: { kind: 'absolute', date: '2026-08-31' }, tags: ['scout'] },
    ]);
    expect(creates.every((c) => c.ctx.actor === 'automation')).toBe(true);
    expect(t.server.chats()[1]!.messages[1]!.content).toContain('Elternbrief.pdf');
    expect(t.scout.queued).toBe(0);
  });

  it('does not create a task twice and ignores invalid candidates', async () => {
    const t = await setup();
    t.home.table('tasks').push({ id: 'task_1', title: 'Steuererklärung abgeben', status: 'open' });
    t.scout.add({ kind: 'user_text', text: 'Die Steuererklärung muss noch raus.' });
    t.scout.add({ kind: 'user_text', text: 'Blabla' });
    t.server.reply({ json: { tasks: [{ title: 'Steuererklärung abgeben' }] } }, { content: '' });
    expect(await t.scout.runOnce()).toEqual([]);
    expect(t.home.calls.some((c) => c.name === 'tasks_create')).toBe(false);
  });

  it('leaves calendar files alone: their appointments are not obligations to turn into tasks', async () => {
    const t = await setup('http://127.0.0.1:9');
    t.scout.add({ kind: 'document', name: 'termine.ics', format: 'ics', text: 'BEGIN:VCALENDAR\nSUMMARY:Zahnarzt\nEND:VCALENDAR' });
    expect(t.scout.queued).toBe(0);
    t.scout.add({ kind: 'document', name: 'Elternbrief.pdf', format: 'pdf', text: 'Bitte unterschreiben.' });
    expect(t.scout.queued).toBe(1);
  });

  it('keeps its queue while Ollama is down', async () => {
    const t = await setup('http://127.0.0.1:9');
    t.scout.add({ kind: 'user_text', text: 'Ich muss den Keller aufräumen.' });
    expect(await t.scout.runOnce()).toEqual([]);
    expect(t.scout.queued).toBe(1);
  });
});

describe('Kanban AI organize', () => {
  function board(t: Awaited<ReturnType<typeof setup>>) {
    t.home.table('tasks').push({ id: 'task_1', title: 'Müll', status: 'done' }, { id: 'task_2', title: 'Fenster', status: 'in_progress' });
    t.home
      .table('kanban')
      .push(
        { id: 'card_1', title: 'Müll', column: 'TODO', task_id: 'task_1', manual_override: false },
        { id: 'card_2', title: 'Fenster', column: 'TODO', task_id: 'task_2', manual_override: true },
        { id: 'card_3', title: 'Urlaub planen', column: 'BACKLOG', task_id: null, manual_override: false },
      );
  }

  it('applies a native kanban_recommend tool call and protects cards moved by hand', async () => {
    const t = await setup();
    board(t);
    t.server.reply({
      tool_calls: [
        {
          name: 'kanban_recommend',
          arguments: {
            moves: [
              { id: 'card_1', column: 'DONE' },
              { id: 'card_2', column: 'DONE' },
              { id: 'card_3', column: 'TODO' },
            ],
          },
        },
      ],
    });
    const res = await t.organizer.organize();
    expect(res.strategy).toBe('tool_call');
    expect(res.moved.map((m) => [m.id, m.to])).toEqual([
      ['card_1', 'DONE'],
      ['card_3', 'TODO'],
    ]);
    expect(res.skipped).toEqual([{ id: 'card_2', reason: 'moved by hand' }]);
    expect(t.server.chats()[0]!.tools!.map((x) => x.function.name)).toEqual(['kanban_recommend']);
  });

  it('retries in JSON mode and reads fenced JSON', async () => {
    const t = await setup();
    board(t);
    t.server.reply(
      { content: 'Ich würde Müll nach DONE schieben.' },
      { content: '```json\n{"moves":[{"id":"card_1","column":"DONE"}]}\n```' },
    );
    const res = await t.organizer.organize();
    expect(res.strategy).toBe('json_retry');
    expect(t.server.chats()[1]!.format).toBe('json');
    expect(res.moved.map((m) => m.id)).toEqual(['card_1']);
    expect(t.tracer.list().map((e) => e.stage)).toEqual(
      expect.arrayContaining(['tool_request', 'tool_response', 'json_retry_request', 'json_retry_response']),
    );
  });

  it('falls back deterministically on empty or cut-off output, keeping synced cards in step with their tasks', async () => {
    const t = await setup();
    board(t);
    t.server.reply({ content: '' }, { content: '{"moves":[{"id":"card_1",' });
    const res = await t.organizer.organize();
    expect(res.strategy).toBe('deterministic_fallback');
    expect(res.moved.map((m) => [m.id, m.to])).toEqual([['card_1', 'DONE']]);
    expect(t.home.table('kanban').find((c) => c.id === 'card_3')!.column).toBe('BACKLOG');
    expect(t.tracer.list().some((e) => e.stage === 'deterministic_fallback')).toBe(true);
  });
});
