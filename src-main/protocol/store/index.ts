export { ProtocolStore, readEventsReadonly } from './protocol-store';
export type { StoredResponse } from './protocol-store';
