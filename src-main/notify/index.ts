export { createNotify, type NotifyCapability, type NotifyDeps } from './capability';
export { desktopOnlyMembers, DESKTOP_MEMBER_ID, type MemberDirectory, type NotifyMember } from './members';
export type { MemberDelivery } from './reminder-notifier';
export { NOTIFY_MIGRATIONS } from './store';
