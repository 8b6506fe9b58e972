import { afterEach, describe, expect, it } from 'vitest';
import type { RagProgressEvent, ServerEvent, Task } from '../../src-shared';
import { RADICALE_PASSWORD, RADICALE_USER, startRadicale, type Radicale } from '../testing/radicale';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The Task Scout proposes tasks from what the household wrote and from the obligations in its
// documents, never from the assistant's own words nor from calendars. One test per source, on
// the real master with the real knowledge base and a model that speaks Ollama's /api/chat wire
// format (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion).
// Each excluded source carries an obligation the scripted model would turn into a task, so a
// source that slips through shows up as a scout request and as a task.

let tm: TestMaster | undefined;
let ollama: ScriptedOllama | undefined;
let radicale: Radicale | undefined;
afterEach(async () => {
  await tm?.close();
  await ollama?.close();
  await radicale?.close();
  tm = ollama = radicale = undefined;
});

const STATEMENT = 'Ich muss bis Freitag die Steuererklärung abgeben.';
const LETTER = 'Bitte das Formular für den Ausflug bis 31.08. unterschreiben.';
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//jarvis test//EN',
  'BEGIN:VEVENT',
  'UID:zahnarzt-1',
  'DTSTAMP:20261201T000000Z',
  'DTSTART:20261210T090000Z',
  'DURATION:PT30M',
  'SUMMARY:Zahnarzt anrufen',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');
const ANSWER = 'Offen ist noch: Garage aufräumen und Zahnarzt anrufen.';

/** The scripted model finds one task in whatever it is given to scout, named after the text. */
function scoutAnswer(request: ChatRequestBody): { json: unknown } {
  const text = request.messages.at(-1)!.content;
  const title = text.includes('Steuererklärung')
    ? 'Steuererklärung abgeben'
    : text.includes('Formular')
      ? 'Formular unterschreiben'
      : text.includes('Anmeldung')
        ? 'Anmeldung zurückschicken'
        : text.includes('Zahnarzt')
          ? 'Zahnarzt anrufen'
          : 'Garage aufräumen';
  return { json: { tasks: [{ title }] } };
}

async function start(env: Record<string, string> = {}): Promise<TestMaster> {
  ollama = await startScriptedOllama();
  tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false', JARVIS_TIMEZONE: 'Europe/Berlin', ...env });
  return tm;
}

const scout = () => tm!.master.capabilities.assistant.scout;

/** What the scout handed the model, one text per source. */
function scoutedTexts(): string[] {
  return ollama!
    .chats()
    .filter((c) => c.format !== undefined && c.messages[0]!.content.startsWith('Finde in dem Text'))
    .map((c) => c.messages.at(-1)!.content);
}

async function scoutTasks(): Promise<string[]> {
  const tasks = (await tm!.request('/api/tasks')).json.data.tasks as Task[];
  return tasks
    .filter((t) => t.tags?.includes('scout'))
    .map((t) => t.title)
    .sort();
}

/** One scout pass with a model that would find a task in anything it is given. */
async function scoutPass(): Promise<boolean[]> {
  ollama!.reply(scoutAnswer, scoutAnswer, scoutAnswer);
  return (await scout().runOnce()).map((r) => r.success);
}

/** Uploads a document to the knowledge base and waits for the event that says it is ready. */
async function ingest(name: string, text: string): Promise<void> {
  const ready = new Promise<void>((resolve, reject) => {
    const stop = tm!.master.platform.events.subscribe((e: ServerEvent) => {
      if (e.type !== 'rag.progress') return;
      const doc = e.data as RagProgressEvent;
      if (doc.name !== name) return;
      if (doc.status === 'ready') (stop(), resolve());
      if (doc.status === 'failed') (stop(), reject(new Error(`${name}: ${doc.error}`)));
    });
  });
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const res = await fetch(`${tm!.url}/api/rag/documents`, { method: 'POST', body: form });
  expect(res.status, await res.text()).toBe(202);
  await ready;
}

describe('Task Scout: the sources it reads', () => {
  it('reads what the household wrote, and makes the task from it', async () => {
    await start();
    ollama!.reply({ content: 'Viel Erfolg damit!' });
    expect((await tm!.request('/api/agent/chat', { json: { message: STATEMENT } })).status).toBe(200);
    expect(scout().queued).toBe(1);
    expect(await scoutPass()).toEqual([true]);
    expect(scoutedTexts()).toEqual([STATEMENT]);
    expect(await scoutTasks()).toEqual(['Steuererklärung abgeben']);
  });

  it('reads a document’s obligations once the knowledge base has read the document', async () => {
    await start();
    await ingest('Elternbrief.txt', `${LETTER}\n`);
    expect(scout().queued).toBe(1);
    expect(await scoutPass()).toEqual([true]);
    expect(scoutedTexts()).toEqual([`Dokument "Elternbrief.txt":\n${LETTER}`]);
    expect(await scoutTasks()).toEqual(['Formular unterschreiben']);
  });
});

describe('Task Scout: the sources it never reads', () => {
  it('never reads the assistant’s own reply, only the household’s words beside it', async () => {
    await start();
    ollama!.reply({ content: `Gern. ${ANSWER}` });
    await tm!.request('/api/agent/chat', { json: { message: STATEMENT } });
    await scoutPass();
    expect(scoutedTexts()).toEqual([STATEMENT]);
    expect(await scoutTasks()).toEqual(['Steuererklärung abgeben']);
  });

  it('never reads a read-only question nor the answer the assistant read from the tasks', async () => {
    await start();
    await tm!.request('/api/tools/tasks_create', { json: { arguments: { title: 'Garage aufräumen' } } });
    ollama!.reply({ tool_calls: [{ name: 'tasks_list', arguments: {} }] }, { content: ANSWER });
    const question = await tm!.request('/api/agent/chat', { json: { message: 'Was muss ich noch erledigen?' } });
    expect(question.json).toMatchObject({ reply: ANSWER, tool_calls: [{ tool: 'tasks_list' }] });
    expect(scout().queued).toBe(0);
    expect(await scoutPass()).toEqual([]);
    expect(scoutedTexts()).toEqual([]);
    expect(await scoutTasks()).toEqual([]);
  });

  it('never reads a command the assistant carried out with a tool', async () => {
    await start();
    ollama!.reply({ tool_calls: [{ name: 'groceries_add', arguments: { name: 'Butter' } }] }, { content: 'Butter steht auf der Liste.' });
    await tm!.request('/api/agent/chat', { json: { message: 'Ich muss noch Butter kaufen, schreib sie auf.' } });
    expect(scout().queued).toBe(0);
  });

  it('never reads a request that waits for the household’s confirmation', async () => {
    await start();
    const made = await tm!.request('/api/tools/calendar_create', {
      json: { arguments: { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '09:00' } } },
    });
    ollama!.reply({ tool_calls: [{ name: 'calendar_delete', arguments: { id: made.json.data.id } }] });
    const asked = await tm!.request('/api/agent/chat', { json: { message: 'Ich muss den Zahnarzt absagen, lösch den Termin.' } });
    expect(asked.json.pending).toMatchObject({ tool: 'calendar_delete' });
    expect(scout().queued).toBe(0);
  });

  it('never reads a calendar file put among the documents', async () => {
    await start();
    await ingest('termine.ics', ICS);
    expect(scout().queued).toBe(0);
    expect(await scoutPass()).toEqual([]);
    expect(await scoutTasks()).toEqual([]);
  });

  it('reads a mail’s own words but never the invitation it carries', async () => {
    await start();
    const mail = [
      'From: Schule <schule@example.org>',
      'To: Familie <familie@example.org>',
      'Subject: Elternabend',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Bitte bis Freitag die Anmeldung zurückschicken.',
      '',
      '--b1',
      'Content-Type: text/calendar; method=REQUEST; charset=utf-8',
      'Content-Disposition: attachment; filename="einladung.ics"',
      '',
      ICS,
      '--b1--',
      '',
    ].join('\r\n');
    await ingest('elternabend.eml', mail);
    expect(scout().queued).toBe(1);
    expect(await scoutPass()).toEqual([true]);
    const [read] = scoutedTexts();
    expect(read).toContain('Anmeldung zurückschicken');
    expect(read).not.toContain('Zahnarzt');
    expect(await scoutTasks()).toEqual(['Anmeldung zurückschicken']);
    // The invitation is still found by a search: only the scout leaves it alone.
    const found = await tm!.request(`/api/rag/search?q=${encodeURIComponent('Zahnarzt anrufen')}`);
    expect(JSON.stringify(found.json)).toContain('Zahnarzt');
  });

  it('never reads an imported calendar file', async () => {
    await start();
    const imported = await tm!.request('/api/calendar/import', { method: 'POST', headers: { 'content-type': 'text/calendar' }, body: ICS });
    expect(imported.status, imported.text).toBe(200);
    const events = (await tm!.request('/api/calendar?from=2026-12-10&days=1')).json.data.events as { title: string }[];
    expect(events.map((e) => e.title)).toEqual(['Zahnarzt anrufen']);
    expect(scout().queued).toBe(0);
    expect(await scoutPass()).toEqual([]);
    expect(await scoutTasks()).toEqual([]);
  });

  it('never reads an event a CalDAV account brought in', async () => {
    radicale = await startRadicale();
    const cal = `/${RADICALE_USER}/kalender/`;
    expect((await radicale.request('MKCALENDAR', cal)).status).toBe(201);
    expect((await radicale.request('PUT', `${cal}zahnarzt.ics`, ICS, { 'content-type': 'text/calendar' })).status).toBe(201);
    await start();
    const anna = (await tm!.request('/api/members', { json: { name: 'Anna' } })).json.id as string;
    const login = { server_url: `${radicale.url}/`, username: RADICALE_USER, password: RADICALE_PASSWORD };
    const found = await tm!.request('/api/calendar/accounts/discover', { json: login });
    expect(found.status, found.text).toBe(200);
    const calendarUrl = (found.json.calendars as { url: string }[])[0]!.url;
    const account = await tm!.request('/api/calendar/accounts', { json: { ...login, calendar_url: calendarUrl, member_id: anna } });
    expect(account.status, account.text).toBe(201);
    expect(account.json.result).toMatchObject({ pulled: 1 });
    expect(scout().queued).toBe(0);
    expect(await scoutPass()).toEqual([]);
    expect(await scoutTasks()).toEqual([]);
  });
});
