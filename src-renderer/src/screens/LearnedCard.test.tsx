import { cleanup, fireEvent, render, screen, waitFor, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnedListResponse, LearnedRecord } from '../../../src-shared';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { ActionToasts } from '../components/ActionToasts';
import { LearnedCard } from './LearnedCard';

const fact: LearnedRecord = {
  id: 'lrd_0000000000000001',
  kind: 'fact',
  content: 'Oma hat am 3. Mai Geburtstag',
  source: 'assistant',
  member_id: 'mem_paul',
  member_name: 'Paul',
  state: 'proposed',
  created_at: '2026-12-02T10:00:00Z',
};
const household: LearnedRecord = { ...fact, id: 'lrd_0000000000000002', content: 'Der Müll wird dienstags abgeholt', member_id: null };

beforeEach(() => resetStore());
afterEach(async () => {
  cleanup();
  await applyLanguage('de');
  vi.unstubAllGlobals();
});

describe('Gelernt: what the assistant learnt', () => {
  it('accepts a fact in place, and forgets it only after a second yes', async () => {
    let list: LearnedListResponse = { records: [fact], may_decide_household: false };
    const api = fakeApi({
      'GET /api/learned': () => json(list),
      'POST /api/learned/lrd_0000000000000001/accept': () => {
        list = { ...list, records: [{ ...fact, state: 'accepted' }] };
        return json({ record: list.records[0]! });
      },
      'DELETE /api/learned/lrd_0000000000000001': () => {
        list = { ...list, records: [] };
        return json({ forgotten: fact.id, undoable: true });
      },
    });
    render(<LearnedCard />);
    const card = await screen.findByTestId('card-learned');
    await within(card).findByText('Oma hat am 3. Mai Geburtstag');
    expect(within(card).getByText('Für Paul · wartet auf dein OK')).toBeTruthy();
    expect(card.textContent).not.toMatch(/lrd_|mem_/);
    fireEvent.click(within(card).getByRole('button', { name: 'Annehmen' }));
    await within(card).findByText('Für Paul · angenommen');
    fireEvent.click(within(card).getByRole('button', { name: 'Vergessen' }));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Ja, vergessen' }));
    await within(card).findByText('JARVIS hat sich noch nichts gemerkt.');
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/learned/lrd_0000000000000001/accept',
      'DELETE /api/learned/lrd_0000000000000001',
    ]);
  });

  it('brings a forgotten fact back with every field when Undo is pressed, in English too', async () => {
    const accepted: LearnedRecord = { ...fact, state: 'accepted', decided_at: '2026-12-02T11:00:00Z', decided_by: 'mem_paul' };
    let list: LearnedListResponse = { records: [accepted], may_decide_household: false };
    const api = fakeApi({
      'GET /api/learned': () => json(list),
      'DELETE /api/learned/lrd_0000000000000001': () => {
        list = { ...list, records: [] };
        return json({ forgotten: fact.id, undoable: true });
      },
      'POST /api/learned/lrd_0000000000000001/restore': () => {
        list = { ...list, records: [accepted] };
        return json({ record: accepted });
      },
    });
    useStore.setState({ language: 'en' });
    await applyLanguage('en');
    render(
      <>
        <LearnedCard />
        <ActionToasts />
      </>,
    );
    const card = await screen.findByTestId('card-learned');
    fireEvent.click(await within(card).findByRole('button', { name: 'Forget' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, forget' }));
    const toast = await screen.findByTestId('undo-toast');
    expect(toast.textContent).toContain('“Oma hat am 3. Mai Geburtstag” forgotten');
    await within(card).findByText('JARVIS has not remembered anything yet.');
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    await within(card).findByText('Oma hat am 3. Mai Geburtstag');
    expect(within(card).getByText('For Paul · accepted')).toBeTruthy();
    expect(screen.queryByTestId('undo-toast')).toBeNull();
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/learned/lrd_0000000000000001',
      'POST /api/learned/lrd_0000000000000001/restore',
    ]);
  });

  it('offers no Undo when the master says the forget cannot be undone here', async () => {
    let list: LearnedListResponse = { records: [{ ...fact, kind: 'overlay', source: 'optimizer' }], may_decide_household: false };
    fakeApi({
      'GET /api/learned': () => json(list),
      'DELETE /api/learned/lrd_0000000000000001': () => {
        list = { ...list, records: [] };
        return json({ forgotten: fact.id, undoable: false });
      },
    });
    render(
      <>
        <LearnedCard />
        <ActionToasts />
      </>,
    );
    const card = await screen.findByTestId('card-learned');
    fireEvent.click(await within(card).findByRole('button', { name: 'Vergessen' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Ja, vergessen' }));
    await within(card).findByText('JARVIS hat sich noch nichts gemerkt.');
    expect(screen.queryByTestId('undo-toast')).toBeNull();
  });

  it('shows the household’s records without buttons to someone who is no admin, in English too', async () => {
    fakeApi({ 'GET /api/learned': () => json({ records: [household], may_decide_household: false }) });
    useStore.setState({ language: 'en' });
    await applyLanguage('en');
    render(<LearnedCard />);
    const card = await screen.findByTestId('card-learned');
    await waitFor(() => expect(within(card).getByText('For everyone at home · waiting for your OK')).toBeTruthy());
    expect(within(card).getByRole('heading', { name: 'Learned' })).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
