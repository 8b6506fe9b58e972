export { createApprovals, type ApprovalsCapability, type ApprovalsDeps } from './capability';
export { ApprovalService, type ApprovalMember, type ApprovalMembers, type ApprovalMessage, type ApprovalNotifier } from './service';
export { plainWordsOf, type PlainWords } from './wording';
export { APPROVALS_MIGRATIONS } from './store';
