export { StatusBoard } from './status-board';
