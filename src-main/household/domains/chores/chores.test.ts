import { describe, expect, it } from 'vitest';
import type { ChoreChart, ChoreTick, Member } from '../../../../src-shared';
import { openDatabase } from '../../../platform/database';
import type { ToolContext } from '../../../platform/registry';
import { createChoresDomain } from '.';

const member = (id: string, name: string, role: Member['role']): Member => ({
  id,
  name,
  role,
  color: '#336699',
  initial: name[0]!,
  language: 'de',
  is_admin: role === 'admin',
  is_desktop: role === 'admin',
  created_at: '2026-01-01T00:00:00+01:00',
});
const MEMBERS = [member('mem_anna', 'Anna', 'admin'), member('mem_mia', 'Mia', 'child'), member('mem_leon', 'Leon', 'child')];

function household(start = '2026-12-02T08:00:00+01:00') {
  const clock = { now: new Date(start) };
  const events: string[] = [];
  const domain = createChoresDomain({
    db: openDatabase(':memory:'),
    timezone: 'Europe/Berlin',
    clock: () => clock.now,
    language: 'de',
    members: () => MEMBERS,
    publish: (...event) => void events.push(event[0]),
  });
  const ctx = (): ToolContext => ({ traceId: 't', now: clock.now, timezone: 'Europe/Berlin', actor: 'user', member: 'mem_anna' });
  const call = (name: string, args: Record<string, unknown>) => domain.provider.call(name, args, ctx());
  const of = (chart: ChoreChart, id: string) => chart.members.find((m) => m.member_id === id);
  return { clock, events, domain, call, of };
}

describe('the chore chart’s tools', () => {
  it('a rotating weekly chore is Mia’s, then Leon’s once she ticked it, with the stars on her week', async () => {
    const h = household();
    const created = await h.call('chores_create', { title: 'Müll rausbringen', members: ['Mia', 'leon'], every: 'weekly', stars: 3 });
    expect(created).toMatchObject({
      success: true,
      mutated: true,
      message: 'Hausarbeit „Müll rausbringen“ angelegt: Mia und Leon im Wechsel, wöchentlich.',
    });
    expect(h.events).toEqual(['chores.changed', 'state.changed']);
    const id = (created.data as { id: string }).id;
    expect(h.of(h.domain.chart(), 'mem_mia')?.week).toMatchObject([{ chore_id: id, tick_id: null, next_member_id: 'mem_leon' }]);
    expect(h.of(h.domain.chart(), 'mem_leon')).toBeUndefined();

    const ticked = await h.call('chores_tick', { id });
    expect(ticked.message).toBe('„Müll rausbringen“ erledigt von Mia: 3 Sterne. Als Nächstes ist Leon dran.');
    expect(h.of(h.domain.chart(), 'mem_mia')).toMatchObject({ stars_week: 3, week: [{ tick_id: (ticked.data as ChoreTick).id }] });
    // A second tick in the same week is refused and changes nothing.
    expect(await h.call('chores_tick', { id })).toMatchObject({ success: false, error: { code: 'CONFLICT' } });

    h.clock.now = new Date('2026-12-08T08:00:00+01:00');
    const next = h.domain.chart();
    expect(h.of(next, 'mem_leon')?.week).toMatchObject([{ chore_id: id, tick_id: null, next_member_id: 'mem_mia' }]);
    // A new week starts at zero stars.
    expect(h.of(next, 'mem_mia')).toBeUndefined();
  });

  it('a parent takes a tick back: the stars go, the turn comes back, the history keeps it', async () => {
    const h = household();
    const id = ((await h.call('chores_create', { title: 'Müll rausbringen', members: ['Mia', 'Leon'], stars: 2 })).data as { id: string })
      .id;
    const tick = (await h.call('chores_tick', { id })).data as ChoreTick;
    const undone = await h.call('chores_untick', { tick_id: tick.id });
    expect(undone).toMatchObject({ success: true, message: 'Haken bei „Müll rausbringen“ für Mia zurückgenommen.' });
    expect((undone.data as ChoreTick).undone_at).not.toBeNull();
    expect(h.of(h.domain.chart(), 'mem_mia')).toMatchObject({ stars_week: 0, week: [{ tick_id: null }] });
    expect(await h.call('chores_untick', { tick_id: tick.id })).toMatchObject({ success: false, error: { code: 'CONFLICT' } });
    h.clock.now = new Date('2026-12-08T08:00:00+01:00');
    expect(h.of(h.domain.chart(), 'mem_mia')?.week).toHaveLength(1);
  });

  it('a daily chore for each child is ticked per child, and the week’s stars become a reward', async () => {
    const h = household();
    const id = (
      (await h.call('chores_create', { title: 'Zimmer aufräumen', members: ['Mia', 'Leon'], rotate: false, every: 'daily', stars: 10 }))
        .data as {
        id: string;
      }
    ).id;
    await h.call('chores_tick', { id, member: 'Mia' });
    expect(h.of(h.domain.chart(), 'mem_leon')?.today).toMatchObject([{ tick_id: null }]);
    h.clock.now = new Date('2026-12-03T08:00:00+01:00');
    await h.call('chores_tick', { id, member: 'Mia' });
    expect(h.of(h.domain.chart(), 'mem_mia')?.stars_week).toBe(20);

    expect(await h.call('chores_reward', { member: 'Mia', title: 'Kino', stars: 30 })).toMatchObject({
      success: false,
      error: { code: 'CONFLICT', message: 'Mia hat diese Woche 20 Sterne, für die Belohnung braucht es 30 Sterne.' },
    });
    const reward = await h.call('chores_reward', { member: 'Mia', title: 'Kino', stars: 20 });
    expect(reward).toMatchObject({ success: true, data: { title: 'Kino', stars: 20, member_id: 'mem_mia', week: '2026-11-30' } });
    expect(h.of(h.domain.chart(), 'mem_mia')).toMatchObject({
      stars_week: 20,
      stars_spent: 20,
      stars_left: 0,
      rewards: [{ title: 'Kino' }],
    });
  });

  it('bad input gets a sentence and changes nothing', async () => {
    const h = household();
    expect(await h.call('chores_create', { title: 'Müll', members: ['Opa'] })).toMatchObject({
      success: false,
      error: { code: 'INVALID_INPUT', message: '„Opa“ gehört nicht zum Haushalt.', path: '/members/0' },
    });
    expect(await h.call('chores_create', { title: '  ', members: ['Mia'] })).toMatchObject({ success: false, error: { path: '/title' } });
    expect(await h.call('chores_tick', { id: 'chore_nope' })).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect(h.domain.chart().chores).toEqual([]);
    expect(h.events).toEqual([]);
  });

  it('declares a risk for every tool, and the chart’s changes for adults only', () => {
    const tools = household().domain.provider.list();
    for (const t of tools) expect(t.risk).toBeDefined();
    const adultsOnly = tools.filter((t) => t.roles).map((t) => t.name);
    expect(adultsOnly.sort()).toEqual(['chores_create', 'chores_delete', 'chores_reward', 'chores_untick', 'chores_update']);
    for (const t of tools.filter((x) => x.roles)) expect(t.roles).not.toContain('child');
  });

  it('a second chore of the same name is refused at its field with NAME_TAKEN, also on rename; nothing changes', async () => {
    const h = household();
    const first = await h.call('chores_create', { title: 'Müll rausbringen', members: ['Mia'] });
    const other = await h.call('chores_create', { title: 'Zimmer aufräumen', members: ['Mia'] });
    const twice = await h.call('chores_create', { title: ' müll RAUSBRINGEN ', members: ['Leon'] });
    expect(twice).toMatchObject({
      success: false,
      error: {
        code: 'NAME_TAKEN',
        path: '/title',
        message: 'Eine Hausarbeit „müll RAUSBRINGEN“ gibt es schon – bitte einen anderen Namen wählen.',
      },
    });
    const renamed = await h.call('chores_update', { id: (other.data as { id: string }).id, title: 'Müll rausbringen' });
    expect(renamed.error?.code).toBe('NAME_TAKEN');
    const same = await h.call('chores_update', { id: (first.data as { id: string }).id, title: 'Müll rausbringen', stars: 2 });
    expect(same.success).toBe(true);
    expect(
      h.domain
        .chart()
        .chores.map((c) => c.title)
        .sort(),
    ).toEqual(['Müll rausbringen', 'Zimmer aufräumen']);
  });
});
