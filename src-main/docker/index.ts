export { createDocker } from './capability';
