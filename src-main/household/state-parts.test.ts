import { describe, expect, it, vi } from 'vitest';
import { HOME_DOMAINS, pickHomeParts, STATE_LIST_LIMIT } from '../../src-shared';
import { createHouseholdFixture } from '../testing/household';

const NOW = '2026-12-01T09:00:00Z';

async function household() {
  const h = createHouseholdFixture({ now: NOW });
  // Each task gets its card too, so both lists are cut short.
  for (let i = 0; i <= STATE_LIST_LIMIT; i++) await h.call('tasks_create', { title: `Aufgabe ${i}` });
  await h.call('groceries_add', { name: 'Milch' });
  await h.call('kanban_create', { title: 'Keller', column: 'TODO' });
  await h.call('calendar_create', { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } });
  return h;
}

describe('the household state in parts', () => {
  it('answers each domain with what the whole state holds for it, its count included', async () => {
    const h = await household();
    const own = { chores: () => ({ chores: { members: [], chores: [], week_start: '2026-11-30' } as never }) };
    const whole = h.service.state({}, own);
    expect(whole.totals).toEqual({ tasks: STATE_LIST_LIMIT + 1, kanban: STATE_LIST_LIMIT + 2 });
    for (const domain of HOME_DOMAINS) expect(h.service.stateParts([domain], {}, own), domain).toEqual(pickHomeParts(whole, [domain]));
    expect(h.service.stateParts(['tasks', 'kanban'], {}, own)).toEqual(pickHomeParts(whole, ['tasks', 'kanban']));
  });

  it('reads no list that was not asked for', async () => {
    const h = await household();
    const tasks = vi.spyOn(h.service.store.tasks, 'first');
    const chart = vi.fn(() => ({}));
    const part = h.service.stateParts(['kanban'], {}, { chores: chart });
    expect(part.kanban).toHaveLength(STATE_LIST_LIMIT);
    expect(part.totals).toEqual({ kanban: STATE_LIST_LIMIT + 2 });
    expect(part).not.toHaveProperty('tasks');
    expect(tasks).not.toHaveBeenCalled();
    expect(chart).not.toHaveBeenCalled();
    h.service.stateParts(['chores'], {}, { chores: chart });
    expect(chart).toHaveBeenCalledTimes(1);
  });
});
