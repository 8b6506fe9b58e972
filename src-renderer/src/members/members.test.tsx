// The household's people on the everyday screens: "Meine / Alle / Paul" filters, the "Für wen"
// picker of the forms, the calendar's colours, and the members card.
import { cleanup, fireEvent, render, screen, waitFor, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeState } from '../../../src-shared';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { KanbanScreen } from '../screens/KanbanScreen';
import { MembersCard } from '../screens/MembersCard';
import { TasksScreen } from '../screens/TasksScreen';
import { byAssignee, textOn } from './assignee-filter';

// The fixture's household: Anna (this computer, the viewer) and Paul.
const ANNA = 'mem_anna';
const PAUL = 'mem_paul';

function household(viewer = ANNA): HomeState {
  const base = homeFixture();
  const [steuer, fahrrad, ...rest] = base.tasks;
  return {
    ...base,
    viewer_member: viewer,
    tasks: [{ ...steuer!, assignee: ANNA }, { ...fahrrad!, assignee: PAUL }, ...rest],
    kanban: base.kanban.map((c, i) => ({ ...c, assignee: i === 0 ? ANNA : PAUL })),
  };
}

const ok = (data: object = {}) => json({ success: true, data, message: 'ok', mutated: true });
const titlesIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByRole('listitem')
    .map((li) => li.textContent ?? '');

beforeEach(() => {
  resetStore();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the assignee filter', () => {
  it('keeps only the chosen person\'s items; "mine" is the viewer\'s member', () => {
    const items = [
      { id: 'a', assignee: ANNA },
      { id: 'p', assignee: PAUL },
      { id: 'x', assignee: null },
    ];
    expect(byAssignee(items, 'mine', ANNA).map((x) => x.id)).toEqual(['a']);
    expect(byAssignee(items, 'mine', PAUL).map((x) => x.id)).toEqual(['p']);
    expect(byAssignee(items, PAUL, ANNA).map((x) => x.id)).toEqual(['p']);
    expect(byAssignee(items, 'everyone', ANNA).map((x) => x.id)).toEqual(['a', 'p', 'x']);
  });

  it('Meine / Alle / Paul on the task list', () => {
    fakeApi({});
    useStore.setState({ home: { status: 'ready', data: household() } });
    render(<TasksScreen />);
    const filter = within(screen.getByTestId('assignee-filter'));
    expect(filter.getAllByRole('button').map((b) => b.textContent)).toEqual(['Meine', 'Alle', 'Paul']);
    const list = () => titlesIn('card-tasks').filter((t) => t.includes('Steuer') || t.includes('Fahrrad'));
    expect(list()).toHaveLength(2);
    fireEvent.click(filter.getByRole('button', { name: 'Meine' }));
    expect(list()).toEqual([expect.stringContaining('Steuererklärung')]);
    fireEvent.click(filter.getByRole('button', { name: 'Paul' }));
    expect(list()).toEqual([expect.stringContaining('Fahrrad')]);
    expect(filter.getByRole('button', { name: 'Paul' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('on Paul\'s phone "Meine" are Paul\'s cards and the other person offered is Anna', () => {
    fakeApi({});
    useStore.setState({ home: { status: 'ready', data: household(PAUL) } });
    render(<KanbanScreen />);
    const filter = within(screen.getByTestId('assignee-filter'));
    expect(filter.getAllByRole('button').map((b) => b.textContent)).toEqual(['Meine', 'Alle', 'Anna']);
    fireEvent.click(filter.getByRole('button', { name: 'Meine' }));
    const cards = within(screen.getByTestId('card-kanban')).queryAllByTestId(/^kcard-/);
    expect(cards.map((c) => c.getAttribute('data-testid'))).toEqual(['kcard-card_2']);
  });
});

describe('the assignee picker', () => {
  it('a new task is for the person picked, and the list shows their letter', async () => {
    const api = fakeApi({ 'POST /api/tools/tasks_create': () => ok({ id: 'task_new' }) });
    useStore.setState({ home: { status: 'ready', data: household() } });
    render(<TasksScreen />);
    const form = screen.getByTestId('task-create-form');
    const picker = within(form).getByLabelText('Für wen') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Alle', 'Anna', 'Paul']);
    fireEvent.change(within(form).getByLabelText('Neue Aufgabe'), { target: { value: 'Rasen mähen' } });
    fireEvent.change(picker, { target: { value: PAUL } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/tools/tasks_create')).toBe(true));
    const call = api.calls.find((c) => c.path === '/api/tools/tasks_create')!;
    expect(call.body).toMatchObject({ arguments: { title: 'Rasen mähen', assignee: PAUL } });
    expect(screen.getAllByLabelText('für Paul').length).toBeGreaterThan(0);
  });

  it('a task set to everyone sends no assignee (the form starts as the asking person)', async () => {
    const api = fakeApi({ 'POST /api/tools/tasks_create': () => ok({ id: 'task_new' }) });
    useStore.setState({ home: { status: 'ready', data: household() } });
    render(<TasksScreen />);
    const form = screen.getByTestId('task-create-form');
    fireEvent.change(within(form).getByLabelText('Neue Aufgabe'), { target: { value: 'Einkaufen' } });
    fireEvent.change(within(form).getByLabelText('Für wen'), { target: { value: '' } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0]!.body as { arguments: object }).arguments).not.toHaveProperty('assignee');
  });
});

describe('the members card', () => {
  it('removing a member with items asks first and says their items stay', async () => {
    const api = fakeApi({
      'DELETE /api/members/{id}': () =>
        json({ member: homeFixture().members[1]!, unassigned: { tasks: 1, events: 0, reminders: 0, kanban: 1 } }),
      'GET /api/state': () => json(household()),
    });
    useStore.setState({ home: { status: 'ready', data: household() } });
    render(<MembersCard />);
    // The desktop member has no remove button.
    expect(screen.queryByRole('button', { name: 'Entfernen: Anna' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Entfernen: Paul' }));
    const dialog = within(screen.getByTestId('confirm-remove-member'));
    expect(dialog.getByText('Paul sind noch 2 Einträge zugeordnet. Sie bleiben erhalten und gehören danach allen.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(api.calls[0]).toMatchObject({ method: 'DELETE', path: '/api/members/mem_paul?assigned=unassign' }));
  });

  it("an admin changes a member's role and picks one for a new member; this computer's member stays admin", async () => {
    const api = fakeApi({
      'PATCH /api/members/mem_paul': () => json({ ...homeFixture().members[1]!, role: 'child', is_admin: false }),
      'POST /api/members': () => json({ ...homeFixture().members[1]!, id: 'mem_gast', name: 'Oma', role: 'guest', is_admin: false }, 201),
      'GET /api/state': () => json(household()),
    });
    useStore.setState({ home: { status: 'ready', data: household() } });
    render(<MembersCard />);
    const anna = within(screen.getByTestId(`member-${ANNA}`));
    expect(anna.queryByLabelText('Rolle')).toBeNull();
    expect(anna.getByText('dieser Computer')).toBeTruthy();
    const paul = within(screen.getByTestId(`member-${PAUL}`));
    fireEvent.change(paul.getByLabelText('Rolle'), { target: { value: 'child' } });
    await waitFor(() => expect(api.calls[0]).toMatchObject({ method: 'PATCH', path: `/api/members/${PAUL}`, body: { role: 'child' } }));
    expect(paul.getByRole('option', { name: 'Kind (fragt bei Wichtigem einen Verwalter)' })).toBeTruthy();

    const form = within(screen.getByTestId('member-create-form'));
    fireEvent.change(form.getByLabelText('Neues Mitglied'), { target: { value: 'Oma' } });
    fireEvent.change(form.getByLabelText('Rolle'), { target: { value: 'guest' } });
    fireEvent.click(form.getByRole('button', { name: 'Mitglied hinzufügen' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/members', body: { name: 'Oma', role: 'guest' } }),
    );
  });

  it('the only admin cannot be turned into another role', () => {
    fakeApi({});
    const base = household();
    // Paul is the only admin (the desktop member of an older household that was made adult).
    const members = base.members.map((m) =>
      m.id === PAUL
        ? { ...m, role: 'admin' as const, is_admin: true }
        : { ...m, role: 'adult' as const, is_admin: false, is_desktop: false },
    );
    useStore.setState({ home: { status: 'ready', data: { ...base, members } } });
    render(<MembersCard />);
    const paul = within(screen.getByTestId(`member-${PAUL}`));
    expect((paul.getByLabelText('Rolle') as HTMLSelectElement).disabled).toBe(true);
    expect(paul.getByText('Der einzige Verwalter bleibt Verwalter.')).toBeTruthy();
  });

  it('a letter stays readable on a light colour', () => {
    expect(textOn('#1d64c2')).toBe('#fff');
    expect(textOn('#ffee88')).toBe('#000');
  });
});
