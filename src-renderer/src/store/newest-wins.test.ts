import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalListResponse } from '../../../src-shared';
import { apiError, fakeApi, json, type Reply } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { waitingApprovalFixture } from '../testing/wire-fixtures';
import { useStore } from './index';

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

const after: ApprovalListResponse = { approvals: [waitingApprovalFixture()], may_review: true };

/**
 * Two loads of the approvals, the first answered (with `first`) only after the second has
 * landed, as on a busy server; `whileFirstWaits` looks at the list in between.
 */
async function firstAnswersLast(first: () => Reply<ApprovalListResponse>, whileFirstWaits: () => void = () => {}): Promise<void> {
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((r) => (releaseFirst = r));
  let asked = 0;
  fakeApi({
    'GET /api/approvals': async () => {
      asked++;
      if (asked > 1) return json(after);
      await firstHeld;
      return first();
    },
  });
  const older = useStore.getState().loadApprovals();
  whileFirstWaits();
  await useStore.getState().loadApprovals();
  releaseFirst();
  await older;
}

describe('lists reloaded by events', () => {
  it('an older answer that arrives last does not hide a request the newer answer brought', async () => {
    // The stream opens (load 1, before Lena asked), then her request's event comes (load 2);
    // on a busy server the first answer is the one that arrives last.
    await firstAnswersLast(() => json({ approvals: [], may_review: true }));
    expect(useStore.getState().approvals).toMatchObject({ status: 'ready', data: { approvals: [{ id: 'apr_1' }] } });
  });

  it('an older request that fails last does not mark the newer list failed, and the list shows loading meanwhile', async () => {
    await firstAnswersLast(
      () => apiError('INTERNAL', 'database is locked', 500),
      () => expect(useStore.getState().approvals.status).toBe('loading'),
    );
    expect(useStore.getState().approvals).toEqual({ status: 'ready', data: after });
  });
});
