export { CALDAV_COMPONENT, CALDAV_MIGRATIONS, ObjectRepository, type ObjectKind, type ObjectRow, type ObjectWrite } from './objects';
export { SubscriptionRepository, type SubscriptionEventRow, type SubscriptionRow } from './subscriptions';
export { FeedRepository, type FeedRow } from './feeds';
export { AccountRepository, type AccountRow, type LinkRow } from './accounts';
