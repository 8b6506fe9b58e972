export { EventBus } from './bus';
export type { Publish } from './bus';
