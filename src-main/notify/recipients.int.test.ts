// Who hears of a reminder: its member on each of their devices, or, when it belongs to no
// one, every member of the household. A stand-in push service checks what arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reminder } from '../../src-shared';
import { openDatabase } from '../platform/database';
import { startPushService, type PushServiceStandIn } from '../testing/push-service';
import type { MemberDirectory, NotifyMember } from './members';
import { ReminderNotifier } from './reminder-notifier';
import { NotifyStore } from './store';
import { WebPushChannel } from './web-push-channel';
import webpush from 'web-push';

let push: PushServiceStandIn;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(() => push.close());

const family: readonly NotifyMember[] = [
  { id: 'mem_anna', name: 'Anna' },
  { id: 'mem_paul', name: 'Paul', language: 'en' },
];
const members: MemberDirectory = {
  list: () => family,
  get: (id) => family.find((m) => m.id === id),
  desktopMember: () => family[0]!,
};

function reminder(id: string, assignee: string | null = null): Reminder {
  return {
    id,
    text: 'Elternabend',
    at: '2026-12-01T19:00:00+01:00',
    source: 'manual',
    event_id: null,
    fired_at: '2026-12-01T19:00:00+01:00',
    created_at: '2026-12-01T08:00:00+01:00',
    assignee,
  };
}

function household() {
  const store = new NotifyStore(openDatabase(':memory:'));
  const notifier = new ReminderNotifier({
    store,
    members,
    webPush: new WebPushChannel(webpush.generateVAPIDKeys(), 'mailto:jarvis@home.arpa'),
    ntfy: undefined,
    timezone: 'Europe/Berlin',
    language: 'de',
    appUrl: undefined,
    clock: () => new Date('2026-12-01T19:00:00+01:00'),
    trace: () => {},
  });
  const subscribe = (member: string, device: string) => {
    const sub = push.subscribe(`${member}-${device}-${Math.random().toString(36).slice(2)}`);
    store.saveSubscription({ endpoint: sub.json.endpoint, memberId: member, deviceId: device, ...sub.json.keys }, 0);
    return sub.json.endpoint.split('/').at(-1)!;
  };
  return { store, notifier, subscribe };
}

describe('recipients of a reminder', () => {
  it('a reminder that belongs to no one reaches every member, each in their language', async () => {
    const h = household();
    const anna = h.subscribe('mem_anna', 'phone');
    const paulPhone = h.subscribe('mem_paul', 'phone');
    const paulTablet = h.subscribe('mem_paul', 'tablet');
    const before = push.received.length;
    expect(await h.notifier.reminderDue(reminder('rem_all'))).toEqual([
      { member_id: 'mem_anna', pushed: 1, ntfy: false },
      { member_id: 'mem_paul', pushed: 2, ntfy: false },
    ]);
    const got = push.received.slice(before);
    expect(got.map((r) => r.subscription).sort()).toEqual([anna, paulPhone, paulTablet].sort());
    expect(got.find((r) => r.subscription === anna)?.message).toMatchObject({ title: 'Erinnerung', actions: { done: 'Erledigt' } });
    expect(got.find((r) => r.subscription === paulPhone)?.message).toMatchObject({ title: 'Reminder', actions: { done: 'Done' } });
  });

  it("a member's reminder reaches only that member's devices", async () => {
    const h = household();
    h.subscribe('mem_anna', 'phone');
    const paul = h.subscribe('mem_paul', 'phone');
    const before = push.received.length;
    expect(await h.notifier.reminderDue(reminder('rem_paul', 'mem_paul'))).toEqual([{ member_id: 'mem_paul', pushed: 1, ntfy: false }]);
    expect(push.received.slice(before).map((r) => r.subscription)).toEqual([paul]);
  });

  it('a member who turned push off gets none; the others still do', async () => {
    const h = household();
    h.subscribe('mem_anna', 'phone');
    h.subscribe('mem_paul', 'phone');
    h.store.saveSettings({ member_id: 'mem_anna', push: false, ntfy: false, quiet_hours: null });
    expect(await h.notifier.reminderDue(reminder('rem_x'))).toEqual([
      { member_id: 'mem_anna', pushed: 0, ntfy: false },
      { member_id: 'mem_paul', pushed: 1, ntfy: false },
    ]);
  });
});
