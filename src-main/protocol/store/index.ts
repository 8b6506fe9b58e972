export { ProtocolStore, readEventsReadonly, readRecordsReadonly } from './protocol-store';
export type { StoredResponse } from './protocol-store';
export { readSessionChainReadonly, sessionChainProblems } from './session-chain';
export type { SessionLink } from './session-chain';
export { readChainEndReadonly } from './chain-end';
