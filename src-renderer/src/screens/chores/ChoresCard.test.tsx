import { cleanup, fireEvent, render, screen, waitFor, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChoreChart, HomeState } from '../../../../src-shared';
import { useStore } from '../../store';
import { fakeApi, json } from '../../testing/fake-api';
import { homeFixture } from '../../testing/home-fixture';
import { resetStore } from '../../testing/reset-store';
import { ChoresCard } from './ChoresCard';

const item = {
  title: 'Müll rausbringen',
  every: 'weekly',
  stars: 5,
  rotate: true,
  period: '2026-11-30',
  next_member_id: 'mem_anna',
} as const;
const chores: ChoreChart = {
  today: '2026-12-01',
  week: '2026-11-30',
  chores: [
    {
      id: 'chore_1',
      title: 'Müll rausbringen',
      members: ['mem_paul', 'mem_anna'],
      rotate: true,
      every: 'weekly',
      stars: 5,
      created_at: '2026-12-01T08:00:00+01:00',
      updated_at: '2026-12-01T08:00:00+01:00',
    },
  ],
  members: [
    {
      member_id: 'mem_paul',
      today: [],
      week: [{ ...item, chore_id: 'chore_1', tick_id: null }],
      stars_week: 0,
      stars_spent: 0,
      stars_left: 0,
      rewards: [],
    },
  ],
};

function show(role: HomeState['viewer_role'], chart: ChoreChart = chores) {
  useStore.setState({ home: { status: 'ready', data: { ...homeFixture(), chores: chart, viewer_role: role } } });
  render(<ChoresCard />);
}

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the chore chart card', () => {
  it('a child sees their chart and ticks a chore; there is nothing to set up, delete or take back', async () => {
    const api = fakeApi({
      'POST /api/chores/chore_1/tick': () => json({ success: true, message: 'ok', mutated: true }, 201),
      'GET /api/state': () => json({ ...homeFixture(), chores, viewer_role: 'child' }),
    });
    show('child');
    const chart = screen.getByTestId('chore-chart');
    expect(chart.textContent).toContain('Paul');
    expect(chart.textContent).toContain('0 Sterne diese Woche');
    expect(chart.textContent).toContain('danach: Anna');
    fireEvent.click(within(chart).getByRole('checkbox', { name: '„Müll rausbringen“ erledigt' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/chores/chore_1/tick')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/chores/chore_1/tick')?.body).toEqual({ member: 'mem_paul' });
    expect(screen.queryByTestId('chore-create-form')).toBeNull();
    expect(screen.queryByRole('button', { name: /Löschen/ })).toBeNull();
  });

  it('a parent sets up a rotating chore for two people, and takes a tick back', async () => {
    const ticked: ChoreChart = {
      ...chores,
      members: [{ ...chores.members[0]!, week: [{ ...item, chore_id: 'chore_1', tick_id: 'tick_1' }], stars_week: 5, stars_left: 5 }],
    };
    const api = fakeApi({
      'POST /api/chores': () => json({ success: true, message: 'ok', mutated: true }, 201),
      'POST /api/chores/ticks/tick_1/undo': () => json({ success: true, message: 'ok', mutated: true }),
      'GET /api/state': () => json({ ...homeFixture(), chores: ticked }),
    });
    show('admin', ticked);
    const form = screen.getByTestId('chore-create-form');
    fireEvent.change(within(form).getByLabelText('Neue Hausarbeit'), { target: { value: 'Bad putzen' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Anlegen' }));
    // Nobody chosen: the sentence sits at the field and nothing is sent.
    expect(within(form).getByRole('alert').textContent).toBe('Bitte mindestens eine Person wählen.');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Anna' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Paul' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Anlegen' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/chores')?.body).toEqual({
        title: 'Bad putzen',
        members: ['mem_anna', 'mem_paul'],
        rotate: true,
        every: 'weekly',
        stars: 1,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Haken zurücknehmen: Müll rausbringen' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/chores/ticks/tick_1/undo')).toBe(true));
    expect(screen.getByRole('form', { name: 'Belohnung für Paul' })).toBeTruthy();
  });

  it('a name that is taken is said at the name field in plain words, not as a notice with the code', async () => {
    fakeApi({
      'POST /api/chores': () =>
        json(
          {
            success: false,
            error: { code: 'NAME_TAKEN', message: 'Eine Hausarbeit „Müll rausbringen“ gibt es schon.', path: '/title' },
            message: 'Eine Hausarbeit „Müll rausbringen“ gibt es schon.',
            mutated: false,
          },
          409,
        ),
      'GET /api/state': () => json({ ...homeFixture(), chores }),
    });
    show('admin');
    const form = screen.getByTestId('chore-create-form');
    fireEvent.change(within(form).getByLabelText('Neue Hausarbeit'), { target: { value: 'müll rausbringen' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Paul' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Anlegen' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('Diesen Namen gibt es schon – bitte einen anderen wählen.'),
    );
    expect(useStore.getState().notices).toEqual([]);
  });
});
