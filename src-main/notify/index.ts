export { createNotify, type NotifyCapability, type NotifyDeps } from './capability';
export type { MemberDirectory, NotifyMember } from './members';
export type { MemberDelivery } from './reminder-notifier';
export { NOTIFY_MIGRATIONS } from './store';
