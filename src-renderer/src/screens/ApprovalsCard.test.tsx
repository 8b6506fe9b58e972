import { cleanup, fireEvent, render, screen, waitFor, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalListResponse, ApprovalView } from '../../../src-shared';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { waitingApprovalFixture } from '../testing/wire-fixtures';
import { ApprovalsCard } from './ApprovalsCard';

const waiting: ApprovalView = waitingApprovalFixture();

beforeEach(() => resetStore());
afterEach(async () => {
  cleanup();
  await applyLanguage('de');
  vi.unstubAllGlobals();
});

describe('Home: requests waiting for an admin', () => {
  it('an admin reads the request in plain words and allows it in place', async () => {
    let list: ApprovalListResponse = { approvals: [waiting], may_review: true };
    const api = fakeApi({
      'GET /api/approvals': () => json(list),
      'POST /api/approvals/apr_1/allow': () => {
        const allowed: ApprovalView = {
          ...waiting,
          status: 'allowed',
          decided_at: new Date().toISOString(),
          reviewer_id: 'mem_mama',
          reviewer_name: 'Mama',
          outcome: { success: true, message: 'ok' },
        };
        list = { ...list, approvals: [allowed] };
        return json({ approval: allowed, changed: true });
      },
    });
    render(<ApprovalsCard />);
    await useStore.getState().loadApprovals();
    const card = await screen.findByTestId('card-approvals');
    expect(within(card).getByText('Lena möchte: WLAN für Spielkonsole freigeben')).toBeTruthy();
    expect(card.textContent).not.toMatch(/skill_|apr_/);
    fireEvent.click(within(card).getByRole('button', { name: 'Erlauben' }));
    await within(card).findByText('Lena: Mama hat es erlaubt: WLAN für Spielkonsole freigeben');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/approvals/apr_1/allow']);
    expect(within(card).queryByRole('button', { name: 'Erlauben' })).toBeNull();
  });

  it('a child sees her own request waiting, without buttons, in English when the app speaks English', async () => {
    fakeApi({ 'GET /api/approvals': () => json({ approvals: [waiting], may_review: false }) });
    useStore.setState({ language: 'en' });
    await applyLanguage('en');
    render(<ApprovalsCard />);
    await useStore.getState().loadApprovals();
    const card = await screen.findByTestId('card-approvals');
    await waitFor(() => expect(within(card).getByText('Waiting for an admin: Turn the Wi-Fi back on for Spielkonsole')).toBeTruthy());
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows nothing while nothing was asked, nor for answers from long ago', async () => {
    const old: ApprovalView = {
      ...waiting,
      status: 'refused',
      decided_at: '2020-01-01T10:00:00Z',
      reviewer_id: 'mem_mama',
      reviewer_name: 'Mama',
    };
    fakeApi({ 'GET /api/approvals': () => json({ approvals: [old], may_review: true }) });
    render(<ApprovalsCard />);
    await useStore.getState().loadApprovals();
    expect(screen.queryByTestId('card-approvals')).toBeNull();
  });
});
