export { NOTIFY_MIGRATIONS } from './migrations';
export { NotifyStore } from './notify-store';
export type { DeferredNotice, StoredSubscription } from './notify-store';
