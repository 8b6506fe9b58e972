import fs from 'node:fs';

export * from 'node:fs';
export default fs;

export function globSync() {
  throw new Error('globSync needs Node 22; the conformance SDK tier audit does not run on Node 20');
}
