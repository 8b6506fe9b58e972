// The assistant knows who asks: the member of the paired device (stood in for by a test
// capability that sets the viewer as the LAN authentication does) or the desktop member.
import { afterEach, describe, expect, it } from 'vitest';
import type { Capability } from '../platform/capability';
import { setViewer } from '../platform/viewer';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

let t: TestMaster | undefined;
let ollama: ScriptedOllama | undefined;
afterEach(async () => {
  await t?.close();
  await ollama?.close();
  t = undefined;
  ollama = undefined;
});

// Monday, 30 November 2026, 10:00 in Berlin.
const clockNow = new Date('2026-11-30T09:00:00Z');

const lanViewer = (): Capability => ({
  name: 'test-lan-viewer',
  routes(app) {
    app.addHook('onRequest', async (req) => {
      const member = req.headers['x-test-member'];
      if (typeof member === 'string') setViewer(req, { via: 'lan', deviceId: 'dev_test', memberId: member });
    });
  },
});

async function start(env: Record<string, string> = {}): Promise<TestMaster> {
  t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0', ...env }, { clock: () => clockNow, extra: [lanViewer] });
  return t;
}

async function household(m: TestMaster) {
  const desktop = (await m.request('/api/members')).json.members[0];
  const paul = (await m.request('/api/members', { json: { name: 'Paul' } })).json;
  return { desktop, paul };
}

const reminders = async (m: TestMaster) =>
  (await m.request('/api/reminders')).json.data.reminders.map((r: { text: string; assignee: string | null; at: string }) => ({
    text: r.text,
    assignee: r.assignee,
    at: r.at,
  }));

describe('the assistant and the asking member (local intents)', () => {
  it('"Erinnere mich …" is the asking member\'s reminder; "Erinnere Paul …" is Paul\'s', async () => {
    const m = await start();
    const { desktop, paul } = await household(m);

    const fromPhone = await m.request('/api/agent/chat', {
      json: { message: 'Erinnere mich morgen um 8 an den Müll' },
      headers: { 'x-test-member': paul.id },
    });
    expect(fromPhone.status).toBe(200);
    expect(fromPhone.json.source).toBe('local-intent');
    const fromDesktop = await m.request('/api/agent/chat', { json: { message: 'Erinnere mich morgen um 9 an die Post' } });
    expect(fromDesktop.json.source).toBe('local-intent');
    const forPaul = await m.request('/api/agent/chat', { json: { message: 'Erinnere paul morgen um 17 an das Training' } });
    expect(forPaul.json.reply).toBe('Erinnerung gespeichert für Paul: morgen um 17:00 Uhr – Training.');
    const english = await m.request('/api/agent/chat', { json: { message: 'Remind Paul tomorrow at 18 to call grandma' } });
    expect(english.json.reply).toContain('for Paul');

    expect(await reminders(m)).toEqual([
      { text: 'Müll', assignee: paul.id, at: '2026-12-01T08:00:00+01:00' },
      { text: 'Post', assignee: desktop.id, at: '2026-12-01T09:00:00+01:00' },
      { text: 'Training', assignee: paul.id, at: '2026-12-01T17:00:00+01:00' },
      { text: 'Call grandma', assignee: paul.id, at: '2026-12-01T18:00:00+01:00' },
    ]);

    // A name that is no member is not a template match: nothing is written by a guess.
    const before = await reminders(m);
    await m.request('/api/agent/chat', { json: { message: 'Erinnere Lena morgen um 8 an den Müll' } });
    expect(await reminders(m)).toEqual(before);
  });

  it('"meine Aufgaben" lists the asking member\'s tasks, "Aufgaben von Paul" Paul\'s', async () => {
    const m = await start();
    const { desktop, paul } = await household(m);
    await m.request('/api/tasks', { json: { title: 'Steuer', assignee: desktop.id } });
    await m.request('/api/tasks', { json: { title: 'Rasen mähen', assignee: paul.id } });
    await m.request('/api/tasks', { json: { title: 'Einkaufen' } });

    const mine = await m.request('/api/agent/chat', { json: { message: 'Meine Aufgaben' }, headers: { 'x-test-member': paul.id } });
    expect(mine.json).toMatchObject({ source: 'local-intent', reply: 'Deine offenen Aufgaben: Rasen mähen.' });
    const desktopMine = await m.request('/api/agent/chat', { json: { message: 'Zeig mir meine Aufgaben' } });
    expect(desktopMine.json.reply).toBe('Deine offenen Aufgaben: Steuer.');
    const pauls = await m.request('/api/agent/chat', { json: { message: 'Aufgaben von Paul' } });
    expect(pauls.json.reply).toBe('Pauls offene Aufgaben: Rasen mähen.');
    const english = await m.request('/api/agent/chat', { json: { message: 'my tasks' }, headers: { 'x-test-member': paul.id } });
    expect(english.json.reply).toBe('Your open tasks: Rasen mähen.');
  });

  it("the protocol's WorkSession of a request is owned by the asking member's Actor", async () => {
    const m = await start();
    const { desktop, paul } = await household(m);
    const asked = await m.request('/api/agent/chat', {
      json: { message: 'Erinnere mich morgen um 8 an den Müll' },
      headers: { 'x-test-member': paul.id },
    });
    const recorder = m.master.capabilities.protocol.recorder;
    const session = recorder.session(asked.json.trace_id)!;
    expect(session.owner_actor_id).toBe(`act_member_${paul.id}`);
    const actor = m.master.capabilities.protocol.service.get<{ role: string; display_name: string }>('Actor', session.owner_actor_id);
    expect(actor).toMatchObject({ role: 'household_member', display_name: 'Paul' });

    const fromDesktop = await m.request('/api/agent/chat', { json: { message: 'Erinnere mich morgen um 9 an die Post' } });
    expect(recorder.session(fromDesktop.json.trace_id)!.owner_actor_id).toBe(`act_member_${desktop.id}`);
  });
});

describe('the assistant and the asking member (model)', () => {
  it("the model's assignee by name is resolved on the server, and a reminder without one is the asker's", async () => {
    ollama = await startScriptedOllama();
    const m = await start({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
    const { paul } = await household(m);
    const when = { kind: 'relative', offset_days: 1, time: '07:30' };
    ollama.reply(
      { tool_calls: [{ name: 'reminders_create', arguments: { text: 'Schwimmsachen', when, assignee: 'paul' } }] },
      { content: 'ok' },
    );
    const named = await m.request('/api/agent/chat', { json: { message: 'Sag Paul, er soll morgen früh an die Schwimmsachen denken' } });
    expect(named.json.tool_calls[0].result.success).toBe(true);
    ollama.reply({ tool_calls: [{ name: 'reminders_create', arguments: { text: 'Zahnarzt anrufen', when } }] }, { content: 'ok' });
    await m.request('/api/agent/chat', {
      json: { message: 'Erinnere mich morgen früh, den Zahnarzt anzurufen' },
      headers: { 'x-test-member': paul.id },
    });
    const asked = ollama.chats().find((c) => c.messages.some((x) => x.content.startsWith('Erinnere mich morgen früh')))!;
    expect(asked.messages[0]!.content).toContain('Es fragt Paul.');
    ollama.reply(
      { tool_calls: [{ name: 'reminders_create', arguments: { text: 'X', when, assignee: 'Lena' } }] },
      { content: 'Lena gibt es nicht.' },
    );
    const unknown = await m.request('/api/agent/chat', { json: { message: 'Erinnere Lena an X' } });
    expect(unknown.json.tool_calls[0].result.error).toMatchObject({ code: 'INVALID_INPUT', path: '/assignee' });

    const made = (await reminders(m)).map((r: { text: string; assignee: string }) => [r.text, r.assignee]);
    // Both are due at 07:30; their order among themselves is not the point.
    expect(made.sort()).toEqual([
      ['Schwimmsachen', paul.id],
      ['Zahnarzt anrufen', paul.id],
    ]);
  });
});
