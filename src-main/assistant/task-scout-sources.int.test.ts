import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '../../src-shared';
import type { ReadyDocument } from '../knowledge';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The Task Scout reads what the household wrote and the obligations in its documents. Each
// source is tested on the real master with a model that speaks Ollama's /api/chat wire format
// (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion).

let tm: TestMaster | undefined;
let ollama: ScriptedOllama | undefined;
afterEach(async () => {
  await tm?.close();
  await ollama?.close();
  tm = undefined;
  ollama = undefined;
});

const STATEMENT = 'Ich muss bis Freitag die Steuererklärung abgeben.';
const LETTER = 'Bitte das Formular für den Ausflug bis 31.08. unterschreiben.';
const ICS = 'BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Zahnarzt anrufen\nDTSTART:20261203T090000Z\nEND:VEVENT\nEND:VCALENDAR';
const ANSWER = 'Offen ist noch: Garage aufräumen und Zahnarzt anrufen.';

/** A scout request names its source; the scripted model finds one task in each. */
function scoutAnswer(request: ChatRequestBody): { json: unknown } {
  const text = request.messages.at(-1)!.content;
  const title = text.includes('Steuererklärung')
    ? 'Steuererklärung abgeben'
    : text.includes('Formular')
      ? 'Formular unterschreiben'
      : 'Etwas erfinden';
  return { json: { tasks: [{ title }] } };
}

describe('Task Scout sources on the real master', () => {
  it('reads what the household wrote and a document’s obligations, never the assistant’s answers to questions nor calendar files', async () => {
    let deliver: ((doc: ReadyDocument) => void) | undefined;
    const documents = { onDocumentReady: (cb: (doc: ReadyDocument) => void) => ((deliver = cb), () => (deliver = undefined)) };
    ollama = await startScriptedOllama();
    tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' }, { documents });
    const scout = tm.master.capabilities.assistant.scout;

    // The household writes something that is not a command: a source.
    ollama.reply({ content: 'Viel Erfolg damit!' });
    expect((await tm.request('/api/agent/chat', { json: { message: STATEMENT } })).status).toBe(200);
    expect(scout.queued).toBe(1);

    // A read-only question the model answers from the tasks: neither the question nor the answer.
    ollama.reply({ tool_calls: [{ name: 'tasks_list', arguments: {} }] }, { content: ANSWER });
    const question = await tm.request('/api/agent/chat', { json: { message: 'Was muss ich noch erledigen?' } });
    expect(question.json).toMatchObject({ reply: ANSWER, tool_calls: [{ tool: 'tasks_list' }] });
    expect(scout.queued).toBe(1);

    // A document with an obligation: a source; a calendar file: none.
    deliver!({ id: 'doc_1', name: 'Elternbrief.pdf', format: 'pdf', text: LETTER });
    deliver!({ id: 'doc_2', name: 'termine.ics', format: 'ics', text: ICS });
    expect(scout.queued).toBe(2);

    ollama.reply(scoutAnswer, scoutAnswer);
    const created = await scout.runOnce();
    expect(created.map((r) => r.success)).toEqual([true, true]);
    const read = ollama
      .chats()
      .filter((c) => c.format !== undefined && c.messages[0]!.content.startsWith('Finde in dem Text'))
      .map((c) => c.messages.at(-1)!.content);
    expect(read).toEqual([STATEMENT, `Dokument "Elternbrief.pdf":\n${LETTER}`]);
    expect(read.join('\n')).not.toContain('Zahnarzt');
    expect(read.join('\n')).not.toContain('Garage');

    const tasks = (await tm.request('/api/tasks')).json.data.tasks as Task[];
    expect(
      tasks
        .filter((t) => t.tags?.includes('scout'))
        .map((t) => t.title)
        .sort(),
    ).toEqual(['Formular unterschreiben', 'Steuererklärung abgeben']);
  });

  it('a command the assistant ran with a tool is not a source either', async () => {
    ollama = await startScriptedOllama();
    tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
    ollama.reply({ tool_calls: [{ name: 'groceries_add', arguments: { name: 'Butter' } }] }, { content: 'Butter steht auf der Liste.' });
    await tm.request('/api/agent/chat', { json: { message: 'Ich muss noch Butter kaufen, schreib sie auf.' } });
    expect(tm.master.capabilities.assistant.scout.queued).toBe(0);
  });
});
