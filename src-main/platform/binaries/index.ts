export { findBinary, isExecutable } from './find-binary';
