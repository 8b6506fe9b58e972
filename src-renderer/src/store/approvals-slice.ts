import type { StateCreator } from 'zustand';
import type { ApprovalListResponse } from '../../../src-shared';
import { request } from '../api';
import { idle, messageOf, type Resource, resourceLoader } from './resource';
import type { Store } from './index';

export interface ApprovalsSlice {
  /** The requests waiting for an admin (an admin sees all, anyone else their own). */
  approvals: Resource<ApprovalListResponse>;
  loadApprovals(): Promise<void>;
  /** An admin's Allow or Refuse; the list shows the answer afterwards. */
  reviewApproval(id: string, verdict: 'allow' | 'refuse'): Promise<void>;
}

export const createApprovalsSlice: StateCreator<Store, [], [], ApprovalsSlice> = (set, get) => {
  const loadResource = resourceLoader(set, get);
  return {
    approvals: idle(),
    loadApprovals: () => loadResource('approvals', () => request('GET /api/approvals')),
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
