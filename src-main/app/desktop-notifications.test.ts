import { describe, expect, it } from 'vitest';
import { answerNotification, NotificationDeduper, notificationForEvent } from './desktop-notifications';

const at = '2026-11-30T10:00:00.000Z';

describe('desktop notifications', () => {
  it('announce a due reminder with its text', () => {
    const n = notificationForEvent({ type: 'reminder.due', at, data: { id: 'r1', title: 'Müll rausbringen', due_at: '2026-11-30T10:00:00+01:00' } }, 'de');
    expect(n).toMatchObject({ title: 'Erinnerung', body: 'Müll rausbringen', urgency: 'critical' });
  });

  it('accept the reminder wrapped in {reminder}', () => {
    expect(notificationForEvent({ type: 'reminder.due', at, data: { reminder: { id: 'r1', text: 'Call grandma' } } }, 'en')).toMatchObject({ title: 'Reminder', body: 'Call grandma' });
  });

  it('announce a finished or failed document, never its progress', () => {
    expect(notificationForEvent({ type: 'rag.progress', at, data: { id: 'd1', status: 'indexing', progress: 0.5 } }, 'en')).toBeUndefined();
    expect(notificationForEvent({ type: 'rag.progress', at, data: { id: 'd1', status: 'ready', progress: 1, name: 'Mietvertrag.pdf' } }, 'en')).toMatchObject({ title: 'Document ready', body: 'Mietvertrag.pdf can now be searched.' });
    expect(notificationForEvent({ type: 'rag.progress', at, data: { id: 'd2', status: 'failed', error: 'encrypted PDF' } }, 'en')).toMatchObject({ title: 'Document failed', body: 'A document could not be processed: encrypted PDF' });
  });

  it('announce a lost worker', () => {
    expect(notificationForEvent({ type: 'mesh.worker.lost', at, data: { worker_id: 'wrk_1', name: 'python-main' } }, 'en')).toMatchObject({ title: 'Worker lost', body: expect.stringContaining('python-main') });
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
    expect(answerNotification('wie spät ist es', 'Es ist 10:00 Uhr.', 'de')).toMatchObject({ title: '„wie spät ist es“', body: 'Es ist 10:00 Uhr.' });
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
