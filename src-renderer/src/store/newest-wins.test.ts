import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalListResponse } from '../../../src-shared';
import { apiError, fakeApi, json } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { waitingApprovalFixture } from '../testing/wire-fixtures';
import { useStore } from './index';

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

describe('lists reloaded by events', () => {
  it('an older answer that arrives last does not hide a request the newer answer brought', async () => {
    // The stream opens (load 1, before Lena asked), then her request's event comes (load 2);
    // on a busy server the first answer is the one that arrives last.
    const before: ApprovalListResponse = { approvals: [], may_review: true };
    const after: ApprovalListResponse = { approvals: [waitingApprovalFixture()], may_review: true };
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((r) => (releaseFirst = r));
    let asked = 0;
    fakeApi({
      'GET /api/approvals': async () => {
        asked++;
        if (asked === 1) {
          await firstHeld;
          return json(before);
        }
        return json(after);
      },
    });
    const first = useStore.getState().loadApprovals();
    await useStore.getState().loadApprovals();
    releaseFirst();
    await first;
    expect(useStore.getState().approvals).toMatchObject({ status: 'ready', data: { approvals: [{ id: 'apr_1' }] } });
  });

  it('an older request that fails last does not mark the newer list failed, and the list shows loading with its data meanwhile', async () => {
    const after: ApprovalListResponse = { approvals: [waitingApprovalFixture()], may_review: true };
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((r) => (releaseFirst = r));
    let asked = 0;
    fakeApi({
      'GET /api/approvals': async () => {
        asked++;
        if (asked === 1) {
          await firstHeld;
          return apiError('INTERNAL', 'database is locked', 500);
        }
        return json(after);
      },
    });
    const first = useStore.getState().loadApprovals();
    expect(useStore.getState().approvals.status).toBe('loading');
    await useStore.getState().loadApprovals();
    releaseFirst();
    await first;
    expect(useStore.getState().approvals).toEqual({ status: 'ready', data: after });
  });
});
