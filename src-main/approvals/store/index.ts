export { APPROVALS_MIGRATIONS } from './migrations';
export { ApprovalStore, type NewApproval, type StoredApproval } from './approval-store';
