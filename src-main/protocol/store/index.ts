export { ProtocolStore, readEventsReadonly, readRecordsReadonly } from './protocol-store';
export type { StoredResponse } from './protocol-store';
