import { describe, expect, it } from 'vitest';
import { HOME_TOOL_NAMES } from '../../src-shared';
import { createHouseholdFixture } from '../testing/household';
import type { DomainReplies } from './domains';
import { toolReplyOf } from './replies';

describe('the replies of the household tools', () => {
  it('has an English reply for every core tool, from its list’s row or the clock', () => {
    expect(HOME_TOOL_NAMES.filter((tool) => typeof toolReplyOf(tool)?.en !== 'function')).toEqual([]);
    expect(toolReplyOf('chores_tick')).toBeUndefined();
    expect(toolReplyOf('skill_weather_local_forecast')).toBeUndefined();
  });

  it('does not compile a list whose replies leave a tool out', () => {
    const partial = { tasks_list: { en: () => 'Open tasks: Garage.' } };
    // @ts-expect-error tasks_create, tasks_update and tasks_delete have no reply (typecheck fails when this compiles)
    const replies: DomainReplies<'tasks'> = partial;
    expect(Object.keys(replies)).toEqual(['tasks_list']);
  });

  it('lists the reminders in English from the saved data', async () => {
    const h = createHouseholdFixture({ now: '2026-11-30T09:00:00Z' });
    await h.call('reminders_create', { text: 'Tickets', when: { kind: 'relative', offset_days: 1, time: '09:00' } });
    const listed = await h.call('reminders_list', {});
    expect(listed.message).toContain('1 Erinnerung');
    expect(toolReplyOf('reminders_list')!.en(listed.data as never)).toBe('1 reminder: Tickets (2026-12-01 09:00).');
  });
});
