import { describe, expect, it } from 'vitest';
import { answerNotification, NotificationDeduper, notificationForEvent } from './desktop-notifications';

const at = '2026-11-30T10:00:00.000Z';

describe('desktop notifications', () => {
  it('announce a due reminder with its text', () => {
    const n = notificationForEvent(
      { type: 'reminder.due', at, data: { id: 'r1', title: 'Müll rausbringen', due_at: '2026-11-30T10:00:00+01:00' } },
      'de',
    );
    expect(n).toMatchObject({ title: 'Erinnerung', body: 'Müll rausbringen', urgency: 'critical' });
  });

  it('accept the reminder wrapped in {reminder}', () => {
    expect(notificationForEvent({ type: 'reminder.due', at, data: { reminder: { id: 'r1', text: 'Call grandma' } } }, 'en')).toMatchObject({
      title: 'Reminder',
      body: 'Call grandma',
    });
  });

  it('announce a finished or failed document, never its progress', () => {
    expect(notificationForEvent({ type: 'rag.progress', at, data: { id: 'd1', status: 'indexing', progress: 0.5 } }, 'en')).toBeUndefined();
    expect(
      notificationForEvent({ type: 'rag.progress', at, data: { id: 'd1', status: 'ready', progress: 1, name: 'Mietvertrag.pdf' } }, 'en'),
    ).toMatchObject({ title: 'Document ready', body: 'Mietvertrag.pdf can now be searched.' });
    expect(
      notificationForEvent({ type: 'rag.progress', at, data: { id: 'd2', status: 'failed', error: 'encrypted PDF' } }, 'en'),
    ).toMatchObject({ title: 'Document failed', body: 'A document could not be processed: encrypted PDF' });
  });

  it('announce a worker whose lease ran out, not one that left on purpose', () => {
    expect(notificationForEvent({ type: 'mesh.changed', at, data: { worker_id: 'wrk_1', change: 'expired' } }, 'en')).toMatchObject({
      title: 'Worker lost',
      body: expect.stringContaining('wrk_1'),
    });
    expect(
      notificationForEvent({ type: 'mesh.changed', at, data: { worker_id: 'wrk_1', name: 'python-main', change: 'expired' } }, 'en'),
    ).toMatchObject({ body: expect.stringContaining('python-main') });
    for (const change of ['deregistered', 'replaced', 'enrolled', 'skills']) {
      expect(notificationForEvent({ type: 'mesh.changed', at, data: { worker_id: 'wrk_1', change } }, 'en'), change).toBeUndefined();
    }
  });

  it('announce a due reminder in the household shape {id, text, at}', () => {
    expect(
      notificationForEvent(
        { type: 'reminder.due', at, data: { id: 'r9', text: 'Zahnarzt', at: '2026-11-30T15:00:00+01:00', source: 'manual' } },
        'de',
      ),
    ).toMatchObject({ title: 'Erinnerung', body: 'Zahnarzt', key: 'reminder:r9:2026-11-30T15:00:00+01:00' });
  });

  it("announce everyone's reminders and the desktop member's, not another member's", () => {
    const due = (assignee: string | null) => ({ type: 'reminder.due', at, data: { id: 'r5', text: 'Fußball', at, assignee } });
    expect(notificationForEvent(due(null), 'de', 'mem_anna')).toMatchObject({ body: 'Fußball' });
    expect(notificationForEvent(due('mem_anna'), 'de', 'mem_anna')).toMatchObject({ body: 'Fußball' });
    expect(notificationForEvent(due('mem_paul'), 'de', 'mem_anna')).toBeUndefined();
  });

  it('stay quiet for other events and malformed data', () => {
    expect(notificationForEvent({ type: 'state.changed', at, data: { domains: ['tasks'] } }, 'en')).toBeUndefined();
    expect(notificationForEvent({ type: 'reminder.due', at, data: 'oops' }, 'en')).toBeUndefined();
    expect(notificationForEvent({ type: 'reminder.due', at }, 'en')).toBeUndefined();
  });

  it('clip long texts', () => {
    const n = notificationForEvent({ type: 'reminder.due', at, data: { id: 'r', title: 'x'.repeat(1000) } }, 'en');
    expect(n?.body.length).toBe(240);
  });

  it('show the push-to-talk answer', () => {
    expect(answerNotification('wie spät ist es', 'Es ist 10:00 Uhr.', 'de')).toMatchObject({
      title: '„wie spät ist es“',
      body: 'Es ist 10:00 Uhr.',
    });
    expect(answerNotification('', '', 'en')).toMatchObject({ title: 'JARVIS', body: '(no answer)' });
  });

  it('announce the same thing once', () => {
    const d = new NotificationDeduper(2);
    expect(d.isNew('a')).toBe(true);
    expect(d.isNew('a')).toBe(false);
    d.isNew('b');
    d.isNew('c');
    expect(d.isNew('a')).toBe(true);
  });
});
