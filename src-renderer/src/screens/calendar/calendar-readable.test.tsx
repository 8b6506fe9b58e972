import { cleanup, fireEvent, render, screen, waitFor, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeState } from '../../../../src-shared';
import { useStore } from '../../store';
import { fakeApi, json } from '../../testing/fake-api';
import { homeFixture } from '../../testing/home-fixture';
import { resetStore } from '../../testing/reset-store';
import { CalendarScreen } from '../CalendarScreen';

/** The fixture with the dentist for Anna and Paul together. */
function household(): HomeState {
  const data = homeFixture();
  const [dentist, ...rest] = data.events;
  return { ...data, events: [{ ...dentist!, assignee: 'mem_anna', assignees: ['mem_anna', 'mem_paul'] }, ...rest] };
}

function api() {
  return fakeApi({
    'POST /api/tools/calendar_list': () =>
      json({ success: true, data: { from: '2026-11-30', to: '2027-01-04', events: household().events }, message: '', mutated: false }),
    'GET /api/state': () => json(household()),
    'POST /api/tools/calendar_create': () => json({ success: true, data: {}, message: 'ok', mutated: true }),
    'POST /api/tools/calendar_update': () => json({ success: true, data: {}, message: 'ok', mutated: true }),
  });
}

/** A phone-sized window for the media query the month view asks. */
function phone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => {
  resetStore();
  useStore.setState({ home: { status: 'ready', data: household() } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a calendar you can read', () => {
  it('month on a wide screen: each timed event shows its time and its title, striped with everyone it is for', () => {
    api();
    render(<CalendarScreen />);
    const dentist = within(screen.getByTestId('month-view')).getByRole('button', { name: /Zahnarzt/ });
    expect(dentist.querySelector('.cal-event-time')?.textContent).toBe('15:30');
    expect(dentist.querySelector('.cal-event-title')?.textContent).toBe('Zahnarzt');
    const stripe = dentist.style.getPropertyValue('--stripe');
    expect(stripe).toContain('#1d64c2');
    expect(stripe).toContain('#c73a24');
  });

  it('month on a phone: marks in the grid, and the tapped day’s events with time and title below', () => {
    phone(true);
    api();
    render(<CalendarScreen />);
    const month = screen.getByTestId('month-view');
    // Today is picked at first; the grid itself holds no titles.
    const list = screen.getByTestId('month-day-list');
    expect(within(list).getByRole('button', { name: /15:30.*Zahnarzt/ })).toBeTruthy();
    const thursday = month.querySelector('[data-date="2026-12-03"]') as HTMLElement;
    expect(thursday.textContent).not.toContain('Elternabend');
    expect(thursday.querySelectorAll('.month-dot')).toHaveLength(1);
    expect(thursday.getAttribute('aria-label')).toBe('Donnerstag, 3. Dezember: 1 Termin');
    fireEvent.click(thursday);
    expect(thursday.getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getByTestId('month-day-list')).getByRole('button', { name: /19:00.*Elternabend/ })).toBeTruthy();
  });

  it('week: each day has its long and its short name, so a narrow column never runs into the next', () => {
    api();
    useStore.getState().setCalendarView('week');
    render(<CalendarScreen />);
    const thursday = screen.getByTestId('week-view').querySelector('[data-date="2026-12-03"]') as HTMLElement;
    expect(thursday.querySelector('.day-name-long')?.textContent).toBe('Donnerstag');
    expect(thursday.querySelector('.day-name-short')?.textContent).toBe('Do');
  });

  it('day: the day’s events in large type with everyone’s badges, paged a day at a time', () => {
    api();
    useStore.getState().setCalendarView('day');
    render(<CalendarScreen />);
    const day = screen.getByTestId('day-view');
    expect(day.textContent).toContain('15:30–16:30');
    expect(
      within(day)
        .getAllByTestId('member-badge')
        .map((b) => b.textContent),
    ).toEqual(['A', 'P']);
    fireEvent.click(screen.getByRole('button', { name: 'Nächster Tag' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nächster Tag' }));
    expect(screen.getByTestId('day-view').textContent).toContain('Elternabend');
  });

  it('an event for several people: the editor picks several and sends them in the household’s order', async () => {
    const calls = api().calls;
    render(<CalendarScreen />);
    fireEvent.click(screen.getByRole('button', { name: '+ Neuer Termin' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuer Termin' });
    fireEvent.change(within(dialog).getByLabelText('Titel'), { target: { value: 'Elternsprechtag' } });
    const who = within(within(dialog).getByTestId('assignees-picker'));
    fireEvent.click(who.getByLabelText('Paul'));
    fireEvent.click(who.getByLabelText('Anna'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/tools/calendar_create')).toBe(true));
    const args = (calls.find((c) => c.path === '/api/tools/calendar_create')!.body as { arguments: object }).arguments;
    expect(args).toMatchObject({ title: 'Elternsprechtag', assignees: ['mem_anna', 'mem_paul'] });
    expect(args).not.toHaveProperty('assignee');
  });

  it('editing who an event is for sends the new list; nobody picked makes it everyone’s', async () => {
    const calls = api().calls;
    render(<CalendarScreen />);
    fireEvent.click(within(screen.getByTestId('month-view')).getByRole('button', { name: /Zahnarzt/ }));
    const dialog = screen.getByRole('dialog', { name: 'Termin bearbeiten' });
    const who = within(within(dialog).getByTestId('assignees-picker'));
    expect((who.getByLabelText('Anna') as HTMLInputElement).checked).toBe(true);
    expect((who.getByLabelText('Paul') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(who.getByLabelText('Anna'));
    fireEvent.click(who.getByLabelText('Paul'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/tools/calendar_update')).toBe(true));
    const args = (calls.find((c) => c.path === '/api/tools/calendar_update')!.body as { arguments: object }).arguments;
    expect(args).toEqual({ id: 'evt_1', assignees: [] });
  });
});
