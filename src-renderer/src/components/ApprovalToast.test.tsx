import { cleanup, fireEvent, render, screen } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalListResponse, ApprovalView } from '../../../src-shared';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { waitingApprovalFixture } from '../testing/wire-fixtures';
import { ApprovalToast } from './ApprovalToast';

const waiting: ApprovalView = waitingApprovalFixture({ asker_id: 'mem_ben', asker_name: 'Ben' });

beforeEach(() => resetStore());
afterEach(async () => {
  cleanup();
  await applyLanguage('de');
  vi.unstubAllGlobals();
});

describe('the approval toast', () => {
  it("an admin gets the child's request in plain words and refuses it from the toast", async () => {
    let list: ApprovalListResponse = { approvals: [waiting], may_review: true };
    const api = fakeApi({
      'GET /api/approvals': () => json(list),
      'POST /api/approvals/apr_1/refuse': () => {
        list = { ...list, approvals: [{ ...waiting, status: 'refused', decided_at: '2030-01-01T16:01:00Z' }] };
        return json({ approval: list.approvals[0]!, changed: true });
      },
    });
    render(<ApprovalToast />);
    await useStore.getState().loadApprovals();
    const toast = await screen.findByTestId('approval-toast');
    expect(toast.textContent).toContain('Ben möchte: WLAN für Spielkonsole freigeben');
    expect(toast.textContent).not.toMatch(/apr_|mem_/);
    fireEvent.click(screen.getByRole('button', { name: 'Ablehnen' }));
    await vi.waitFor(() => expect(screen.queryByTestId('approval-toast')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/approvals/apr_1/refuse']);
  });

  it('a child, whose own request waits, gets no toast', async () => {
    fakeApi({ 'GET /api/approvals': () => json({ approvals: [waiting], may_review: false }) });
    render(<ApprovalToast />);
    await useStore.getState().loadApprovals();
    expect(screen.queryByTestId('approval-toast')).toBeNull();
  });
});
