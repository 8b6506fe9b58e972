// Notifications with the real master: a due reminder reaches the member's devices by Web
// Push (checked by a stand-in push service that verifies the VAPID signature and decrypts
// the payload) and by ntfy (a stand-in written from ntfy's publishing docs), not during
// quiet hours but after them; the notification's buttons act on the reminder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushServiceStandIn } from '../testing/push-service';
import { startNtfyServer, type NtfyStandIn } from '../testing/ntfy-server';
import { startTestMaster, type TestMaster } from '../testing/test-master';

let push: PushServiceStandIn;
let ntfy: NtfyStandIn;
let m: TestMaster | undefined;
let now = new Date('2026-12-01T14:00:00+01:00');

beforeAll(async () => {
  push = await startPushService();
  ntfy = await startNtfyServer({ token: 'tk_household_secret_0123' });
});
afterAll(async () => {
  await push.close();
  await ntfy.close();
});
afterEach(async () => {
  await m?.close();
  m = undefined;
});

async function master(env: Record<string, string> = {}): Promise<TestMaster> {
  now = new Date('2026-12-01T14:00:00+01:00');
  m = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0', ...env }, { clock: () => now });
  return m;
}

/** The desktop member, whom loopback requests act for. */
function desktopId(t: TestMaster): string {
  return t.master.capabilities.household.members.desktopMember().id;
}

async function remind(t: TestMaster, text: string, time: string): Promise<string> {
  const res = await t.request('/api/tools/reminders_create', {
    json: { arguments: { text, when: { kind: 'absolute', date: '2026-12-01', time } } },
  });
  expect(res.status).toBe(200);
  return res.json.data.id as string;
}

/** The household's reminder pass at the current clock, and every delivery it started. */
async function pass(t: TestMaster): Promise<void> {
  t.master.capabilities.household.service.fireDueReminders(now);
  await t.master.capabilities.notify.idle();
}

describe('notifications', () => {
  it('a due reminder is pushed to the member’s device: VAPID-signed, encrypted to its keys, with the item and its buttons', async () => {
    const t = await master();
    // The pair is made on its first use: a start makes none.
    expect(existsSync(join(t.dataDir, 'vapid-keys.json'))).toBe(false);
    const key = (await t.request('/api/push/vapid-key')).json.public_key as string;
    expect(existsSync(join(t.dataDir, 'vapid-keys.json'))).toBe(true);
    const phone = push.subscribe('phone-a');
    expect((await t.request('/api/push/subscription', { json: phone.json })).status).toBe(201);
    const id = await remind(t, 'Zahnarzt anrufen', '15:00');

    now = new Date('2026-12-01T15:00:30+01:00');
    const before = push.received.length;
    await pass(t);
    const [got] = (await push.waitFor(before + 1)).slice(before);
    expect(push.refused).toEqual([]);
    expect(got?.vapid).toMatchObject({ publicKey: key, aud: push.url, sub: 'mailto:jarvis@home.arpa' });
    expect(got?.urgency).toBe('high');
    expect(got?.message).toEqual({
      kind: 'reminder',
      title: 'Erinnerung',
      body: 'Zahnarzt anrufen (um 15:00)',
      url: `/?reminder=${id}`,
      reminder: { id, text: 'Zahnarzt anrufen', at: '2026-12-01T15:00:00+01:00' },
      actions: { done: 'Erledigt', snooze_short: 'In 10 Min.', snooze_long: 'In 1 Std.' },
    });
  });

  it('during quiet hours nothing is pushed; the reminder arrives when they end', async () => {
    const t = await master();
    expect((await t.request('/api/push/subscription', { json: push.subscribe('phone-quiet').json })).status).toBe(201);
    const saved = await t.request(`/api/notify/settings/${desktopId(t)}`, {
      method: 'PUT',
      json: { quiet_hours: { start: '22:00', end: '07:00' } },
    });
    expect(saved.json).toEqual({ member_id: desktopId(t), push: true, ntfy: false, quiet_hours: { start: '22:00', end: '07:00' } });
    await remind(t, 'Müll rausstellen', '23:00');

    now = new Date('2026-12-01T23:00:10+01:00');
    const before = push.received.length;
    await pass(t);
    expect(push.received.length).toBe(before);

    now = new Date('2026-12-02T06:59:00+01:00');
    await t.master.capabilities.notify.notifier.deliverHeld(now);
    expect(push.received.length).toBe(before);

    now = new Date('2026-12-02T07:00:00+01:00');
    await t.master.capabilities.notify.notifier.deliverHeld(now);
    const [got] = (await push.waitFor(before + 1)).slice(before);
    expect(got?.message).toMatchObject({ reminder: { text: 'Müll rausstellen' } });
    // Handed out once.
    await t.master.capabilities.notify.notifier.deliverHeld(new Date('2026-12-02T08:00:00+01:00'));
    expect(push.received.length).toBe(before + 1);
  });

  it('ntfy, when the member chose it, gets the title, a high priority, tags, the link and the token', async () => {
    const t = await master({
      NTFY_URL: ntfy.url,
      NTFY_TOPIC: 'familie-mueller',
      NTFY_TOKEN: 'tk_household_secret_0123',
      JARVIS_APP_URL: 'https://jarvis.local:8443',
    });
    expect((await t.request('/api/notify/settings')).json).toMatchObject({
      ntfy_configured: true,
      members: [{ member_id: desktopId(t), ntfy: false }],
    });
    await t.request(`/api/notify/settings/${desktopId(t)}`, { method: 'PUT', json: { ntfy: true, push: false } });
    const id = await remind(t, 'Blumen gießen', '16:30');
    now = new Date('2026-12-01T16:30:00+01:00');
    await pass(t);
    expect(ntfy.published.at(-1)).toEqual({
      topic: 'familie-mueller',
      message: 'Blumen gießen (um 16:30)',
      title: 'Erinnerung',
      priority: '4',
      tags: 'alarm_clock',
      click: `https://jarvis.local:8443/?reminder=${id}`,
      authorization: 'Bearer tk_household_secret_0123',
    });
    // The token is a secret: the config the UI reads does not show it.
    expect((await t.request('/api/config')).text).not.toContain('tk_household_secret_0123');
  });

  it("with the household's members: an unassigned reminder reaches everyone's phone, Paul's only Paul's", async () => {
    const t = await master();
    const paul = await t.request('/api/members', { json: { name: 'Paul', language: 'en' } });
    expect(paul.status).toBe(201);
    const paulId = paul.json.id as string;
    const notify = t.master.capabilities.notify.service;
    // A paired phone of each member (the LAN pairing sets who a device belongs to).
    notify.subscribe({ memberId: desktopId(t), deviceId: 'dev_anna', desktop: false }, push.subscribe('anna-phone').json);
    notify.subscribe({ memberId: paulId, deviceId: 'dev_paul', desktop: false }, push.subscribe('paul-phone').json);

    const everyone = await remind(t, 'Elternabend', '15:00');
    const forPaul = await t.request('/api/tools/reminders_create', {
      json: { arguments: { text: 'Fußball', when: { kind: 'absolute', date: '2026-12-01', time: '15:00' }, assignee: paulId } },
    });
    expect(forPaul.json.success).toBe(true);
    now = new Date('2026-12-01T15:00:00+01:00');
    const before = push.received.length;
    await pass(t);
    const got = push.received
      .slice(before)
      .map((r) => [r.subscription, (r.message as { reminder: { id: string } }).reminder.id, (r.message as { title: string }).title]);
    expect(got.sort()).toEqual(
      [
        ['anna-phone', everyone, 'Erinnerung'],
        ['paul-phone', everyone, 'Reminder'],
        ['paul-phone', forPaul.json.data.id, 'Reminder'],
      ].sort(),
    );
  });

  it('a subscription the browser dropped (410) is forgotten', async () => {
    const t = await master();
    const gone = push.subscribe('phone-gone');
    await t.request('/api/push/subscription', { json: gone.json });
    push.expire('phone-gone');
    await remind(t, 'Lüften', '15:00');
    now = new Date('2026-12-01T15:01:00+01:00');
    await pass(t);
    expect((await t.request('/api/notify/settings')).json.members[0].devices).toBe(0);
  });

  it('a device the household disconnects gets no more pushes: its subscriptions go with it', async () => {
    const t = await master();
    const notify = t.master.capabilities.notify;
    const phone = push.subscribe('phone-revoked');
    notify.service.subscribe({ memberId: desktopId(t), deviceId: 'dev-revoked', desktop: false }, phone.json);
    expect((await t.request('/api/notify/settings')).json.members[0].devices).toBe(1);
    // What the access capability publishes when a device is disconnected.
    t.master.platform.events.publish('devices.changed', { revoked: 'dev-revoked' });
    expect((await t.request('/api/notify/settings')).json.members[0].devices).toBe(0);
  });

  it('"Erledigt" removes the reminder; "In 10 Min." and "In 1 Std." move the same reminder, for the same person', async () => {
    const t = await master();
    const paul = (await t.request('/api/members', { json: { name: 'Paul' } })).json.id as string;
    const done = await remind(t, 'Tabletten', '15:00');
    const later = await t.request('/api/tools/reminders_create', {
      json: { arguments: { text: 'Wäsche', when: { kind: 'absolute', date: '2026-12-01', time: '15:00' }, assignee: 'Paul' } },
    });
    const id = later.json.data.id as string;
    now = new Date('2026-12-01T15:02:00+01:00');
    await pass(t);
    expect((await t.request(`/api/notify/reminders/${done}/done`, { method: 'POST' })).status).toBe(200);
    const short = await t.request(`/api/notify/reminders/${id}/snooze`, { json: { minutes: 10 } });
    expect(short.status).toBe(200);
    expect(short.json.data).toMatchObject({ id, text: 'Wäsche', at: '2026-12-01T15:12:00+01:00', assignee: paul, fired_at: null });
    // Snoozed again before it rang: an hour after its own (later) time.
    const long = await t.request(`/api/notify/reminders/${id}/snooze`, { json: { minutes: 60 } });
    expect(long.json.data).toMatchObject({ id, at: '2026-12-01T16:12:00+01:00', assignee: paul });
    const left = (await t.request('/api/reminders?include_fired=true')).json.data.reminders as { id: string; assignee: string }[];
    expect(left.map((r) => [r.id, r.assignee])).toEqual([[id, paul]]);
    expect((await t.request(`/api/notify/reminders/${done}/snooze`, { json: { minutes: 10 } })).status).toBe(404);
    expect((await t.request(`/api/notify/reminders/${id}/snooze`, { json: { minutes: 0 } })).status).toBe(400);
    expect((await t.request(`/api/notify/reminders/${id}/snooze`, { json: { minutes: 10, extra: 1 } })).status).toBe(400);
  });

  it('bad subscriptions and settings are refused with a reason and change nothing', async () => {
    const t = await master();
    const good = push.subscribe('phone-bad').json;
    const cases: unknown[] = [
      { ...good, endpoint: 'http://push.example.com/x' },
      { ...good, endpoint: 'file:///etc/passwd' },
      { ...good, keys: { ...good.keys, p256dh: 'A'.repeat(87) } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, extra: 1 },
    ];
    for (const body of cases) {
      const res = await t.request('/api/push/subscription', { json: body });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBeTruthy();
    }
    expect(
      (await t.request(`/api/notify/settings/${desktopId(t)}`, { method: 'PUT', json: { quiet_hours: { start: '25:00', end: '07:00' } } }))
        .status,
    ).toBe(400);
    expect((await t.request('/api/notify/settings/nobody', { method: 'PUT', json: { push: false } })).status).toBe(404);
    expect((await t.request('/api/notify/settings')).json.members).toEqual([
      {
        member_id: desktopId(t),
        name: t.master.capabilities.household.members.desktopMember().name,
        push: true,
        ntfy: false,
        quiet_hours: null,
        devices: 0,
      },
    ]);
    expect((await t.request('/api/push/subscription', { method: 'DELETE', json: { endpoint: good.endpoint } })).status).toBe(404);
  });
});
