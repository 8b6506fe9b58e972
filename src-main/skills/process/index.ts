// The skill process runner, shared by the master (plugin provider) and the runtime worker.
// Imports nothing of the master outside this folder and src-main/platform/validation/.
export { checkUntrustedSchema, compileUntrustedSchema, SCHEMA_LIMITS } from './action-schemas';
export {
  discoverSkillFolders,
  explainNoSkills,
  MAX_NESTING,
  RUNTIME_GROUPS,
  SKILL_PACKS,
  PACK_LIB,
  INSTRUCTIONS_FILE,
  instructionsFileIn,
  PIPELINE_FILE,
} from './discovery';
export type { SkillFolder } from './discovery';
export { EntryPointError, isSystemCommand, resolveEntryPoint } from './entry-point';
export { skillEnvironment } from './environment';
export { INTEGRATION_SECRETS, mayReceive, receivedSecrets, withheldSecrets } from './integration-secrets';
export type { IntegrationSecret } from './integration-secrets';
export { MANIFEST_FILE, MAX_MANIFEST_BYTES, parseManifest, readManifest } from './manifest';
export type { ManifestVerdict } from './manifest';
export { effectiveTimeoutMs, invokeProcessSkill, MAX_STDERR_BYTES, parseNetworkGrants, runProcess } from './process-runner';
export { decideEgress, EgressProxies, isThisMachine } from './egress-proxy';
export type {
  InvokeContext,
  InvokeOutcome,
  InvokeRequest,
  ProcessRun,
  ProcessRunOptions,
  ProcessSkill,
  RunnerPolicy,
} from './process-runner';
export { detectSandbox, knownSandbox, probeSandbox, sandboxArgs } from './sandbox';
export type { SandboxMode, SandboxStatus } from './sandbox';
export { interpretRun, prepareInvocation } from './process-runner';
export type { PreparedInvocation } from './process-runner';
export { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_CONCURRENT, isLongLived, MAX_WAITING_CALLS, WarmProcess, WarmSkillPool } from './warm-runner';
export type { WarmProcessInfo } from './warm-runner';
