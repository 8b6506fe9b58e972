export { createDocker } from './capability';
export { STACKS_CHANGED_EVENT } from './capability';
