// A task changes after it was made (day, priority, person), and a new task is the asking
// person's unless someone else is chosen for it.
import { cleanup, fireEvent, render, screen, waitFor, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { TasksScreen } from './TasksScreen';

const ok = (data: object = {}) => json({ success: true, data, message: 'ok', mutated: true });

beforeEach(() => {
  resetStore();
  useStore.setState({ home: { status: 'ready', data: { ...homeFixture(), viewer_member: 'mem_paul' } } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('tasks after they were made', () => {
  it('the edit changes the due day, the priority and the person, and sends only what changed', async () => {
    const api = fakeApi({ 'POST /api/tools/tasks_update': () => ok(), 'GET /api/state': () => json(homeFixture()) });
    render(<TasksScreen />);
    fireEvent.click(screen.getByLabelText('Bearbeiten: Fahrrad reparieren'));
    const form = screen.getByTestId('task-edit-form');
    fireEvent.change(within(form).getByLabelText('Fällig'), { target: { value: '2026-12-04' } });
    fireEvent.change(within(form).getByLabelText('Priorität'), { target: { value: 'high' } });
    fireEvent.change(within(form).getByLabelText('Für wen'), { target: { value: 'mem_paul' } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByTestId('task-edit-form')).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/tools/tasks_update')?.body).toEqual({
      arguments: { id: 'task_2', assignee: 'mem_paul', priority: 'high', due: { kind: 'absolute', date: '2026-12-04' } },
    });
  });

  it('clearing the day removes the due date', async () => {
    const api = fakeApi({ 'POST /api/tools/tasks_update': () => ok(), 'GET /api/state': () => json(homeFixture()) });
    render(<TasksScreen />);
    fireEvent.click(screen.getByLabelText('Bearbeiten: Steuererklärung abgeben'));
    fireEvent.change(within(screen.getByTestId('task-edit-form')).getByLabelText('Fällig'), { target: { value: '' } });
    fireEvent.submit(screen.getByTestId('task-edit-form'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/tools/tasks_update')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/tools/tasks_update')?.body).toEqual({ arguments: { id: 'task_1', due: null } });
  });

  it('"Für wen" starts as the asking person and goes back to them after each new task', async () => {
    const api = fakeApi({
      'POST /api/tools/tasks_create': () => ok(),
      'GET /api/state': () => json({ ...homeFixture(), viewer_member: 'mem_paul' }),
    });
    render(<TasksScreen />);
    const form = screen.getByTestId('task-create-form');
    const forWhom = within(form).getByLabelText('Für wen') as HTMLSelectElement;
    expect(forWhom.value).toBe('mem_paul');
    fireEvent.change(within(form).getByLabelText('Neue Aufgabe'), { target: { value: 'Geschenk kaufen' } });
    fireEvent.change(forWhom, { target: { value: 'mem_anna' } });
    fireEvent.submit(form);
    await waitFor(() => expect(forWhom.value).toBe('mem_paul'));
    expect(api.calls.find((c) => c.path === '/api/tools/tasks_create')?.body).toMatchObject({
      arguments: { title: 'Geschenk kaufen', assignee: 'mem_anna' },
    });
  });
});

describe('repeating tasks in the form', () => {
  it('"Wöchentlich" on a Saturday sends the events\' rule for every Saturday and the row says it in words', async () => {
    const api = fakeApi({ 'POST /api/tools/tasks_create': () => ok(), 'GET /api/state': () => json(homeFixture()) });
    render(<TasksScreen />);
    const form = screen.getByTestId('task-create-form');
    fireEvent.change(within(form).getByLabelText('Neue Aufgabe'), { target: { value: 'Zimmer aufräumen' } });
    fireEvent.change(within(form).getByLabelText('Fällig'), { target: { value: '2026-12-05' } });
    fireEvent.change(within(form).getByLabelText('Wiederholen'), { target: { value: 'weekly' } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/tools/tasks_create')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/tools/tasks_create')?.body).toMatchObject({
      arguments: { title: 'Zimmer aufräumen', rrule: 'FREQ=WEEKLY;BYDAY=SA', due: { kind: 'absolute', date: '2026-12-05' } },
    });
    await waitFor(() => expect((within(form).getByLabelText('Wiederholen') as HTMLSelectElement).value).toBe('none'));
  });

  it('a repeating task shows its rule in words, never the RRULE', () => {
    const state = homeFixture();
    useStore.setState({
      home: {
        status: 'ready',
        data: { ...state, tasks: state.tasks.map((t) => (t.id === 'task_2' ? { ...t, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' } : t)) },
      },
    });
    fakeApi({});
    render(<TasksScreen />);
    const chip = screen.getByTestId('task-repeat');
    expect(chip.textContent).toContain('Alle 2 Wochen');
    expect(chip.textContent).toContain('Dienstag');
    expect(chip.textContent).not.toContain('FREQ');
  });
});
