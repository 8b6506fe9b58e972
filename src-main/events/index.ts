export { EventBus } from './bus';
