import { describe, expect, it } from 'vitest';
import { HOME_DOMAINS, type HomeState, type Task } from './home';
import { HOME_STATE_BASE, HOME_STATE_FIELD, mergeHomeParts, pickHomeParts } from './home-state-parts';

const stamp = '2026-12-01T08:00:00+01:00';

function task(id: string, title: string): Task {
  return {
    id,
    title,
    notes: '',
    due: null,
    priority: 'normal',
    status: 'open',
    tags: [],
    created_at: stamp,
    updated_at: stamp,
    assignee: null,
  };
}

function state(overrides: Partial<HomeState> = {}): HomeState {
  return {
    now: '2026-12-01T10:30:00+01:00',
    timezone: 'Europe/Berlin',
    events: [],
    tasks: [task('task_1', 'Steuer')],
    reminders: [],
    groceries: [],
    recipes: [],
    meals: [],
    kanban: [],
    members: [],
    viewer_member: 'mem_anna',
    viewer_role: 'admin',
    system: {},
    chores: { today: '2026-12-01', week: '2026-11-30', chores: [], members: [] },
    ...overrides,
  };
}

describe('home state parts', () => {
  it('every field of the state is the base, the totals or exactly one domain', () => {
    const fields = Object.keys(state({ totals: {} })).sort();
    const named = [...HOME_STATE_BASE, 'totals', ...HOME_DOMAINS.map((d) => HOME_STATE_FIELD[d])].sort();
    expect(named).toEqual(fields);
  });

  it('picks the named domains with the base and their totals only', () => {
    const whole = state({ totals: { tasks: 900, groceries: 700 } });
    const part = pickHomeParts(whole, ['tasks', 'kanban']);
    expect(Object.keys(part).sort()).toEqual(['kanban', 'now', 'system', 'tasks', 'timezone', 'totals', 'viewer_member', 'viewer_role']);
    expect(part.totals).toEqual({ tasks: 900 });
    expect(pickHomeParts(whole, ['members'])).not.toHaveProperty('totals');
  });

  it('merges the named domains and keeps the others as they were', () => {
    const current = state({ groceries: [], totals: { tasks: 900, groceries: 700 } });
    const newer = state({ now: '2026-12-01T11:00:00+01:00', tasks: [task('task_2', 'Fahrrad')], groceries: [] });
    const merged = mergeHomeParts(current, pickHomeParts(newer, ['tasks']), ['tasks'], true);
    expect(merged.tasks.map((t) => t.id)).toEqual(['task_2']);
    expect(merged.now).toBe('2026-12-01T11:00:00+01:00');
    // The tasks list is no longer cut short; the groceries' count stays.
    expect(merged.totals).toEqual({ groceries: 700 });
    expect(merged.groceries).toBe(current.groceries);
  });

  it('leaves the base alone when told so, and drops a part the answer left out', () => {
    const current = state();
    const { chores: _gone, ...withoutChores } = state({ now: '2026-12-02T09:00:00+01:00' });
    const merged = mergeHomeParts(current, pickHomeParts(withoutChores, ['chores']), ['chores'], false);
    expect(merged.now).toBe(current.now);
    expect(merged).not.toHaveProperty('chores');
  });
});
