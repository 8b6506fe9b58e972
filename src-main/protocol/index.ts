export { ProtocolService, HOST_IDS } from './service';
export type { ProtocolAnswer } from './service';
export { ProtocolError } from './errors';
export { parseMutationHeaders, parseReadHeaders } from './headers';
export type { MutationContext } from './headers';
export { verifyChain, eventHash, sha256Hex } from './chain';
export type { VerifyReport, BrokenLink } from './chain';
export { evaluatePolicy } from './policy';
export { protocolModule, DEFAULT_POLICY_RULES } from './module';
