import type { StateCreator } from 'zustand';
import type { ApprovalListResponse } from '../../../src-shared';
import { request } from '../api';
import { failed, idle, loading, messageOf, type Resource, newestWins } from './resource';
import type { Store } from './index';

export interface ApprovalsSlice {
  /** The requests waiting for an admin (an admin sees all, anyone else their own). */
  approvals: Resource<ApprovalListResponse>;
  loadApprovals(): Promise<void>;
  /** An admin's Allow or Refuse; the list shows the answer afterwards. */
  reviewApproval(id: string, verdict: 'allow' | 'refuse'): Promise<void>;
}

export const createApprovalsSlice: StateCreator<Store, [], [], ApprovalsSlice> = (set, get) => {
  const newest = newestWins();
  return {
    approvals: idle(),
    async loadApprovals() {
      const current = newest('approvals');
      set({ approvals: loading(get().approvals) });
      try {
        const data = await request('GET /api/approvals');
        if (current()) set({ approvals: { status: 'ready', data } });
      } catch (e) {
        if (current()) set({ approvals: failed(get().approvals, e) });
      }
    },
    async reviewApproval(id, verdict) {
      try {
        await request(verdict === 'allow' ? 'POST /api/approvals/{id}/allow' : 'POST /api/approvals/{id}/refuse', {
          params: { id },
          body: {},
        });
      } catch (e) {
        get().notify('error', messageOf(e));
      }
      await get().loadApprovals();
    },
  };
};
