// What dist/main/master.cjs exports: everything the entries (the Electron main, `jarvis`,
// `npm run serve`) take from the master. The entries load this one bundle through V8's
// code cache (./bundle.ts) and import nothing of the master themselves, so the master is
// built once and every entry starts it the same way.
export { createMaster, type Master, type MasterOptions } from './index';
export { hostMaster, type MasterHost } from './host';
export { serve } from './serve';
// `jarvis pair`: the secret the running master wrote for the CLI
export { LOCAL_SECRET_HEADER, localSecretFile } from '../access';
// `jarvis mcp`
export { serveMcpStdio } from './mcp-stdio';
export { ConfigError, configSecrets, loadConfig, type Config } from '../platform/config';
export { openDatabase, openDatabaseReadonly } from '../platform/database';
export { SkillRegistry } from '../platform/registry';
export { createLogger, SecretRedactor, silentLogger, Tracer } from '../platform/trace';
// `jarvis skill`
export { createSkillEngine, OPENJARVIS_ACTION } from '../skills';
export { installSkill, InstallError, removeSkill, userSkillsDir } from '../skills/installer';
export { treeSha256 } from '../skills/tree-hash';
export * as sourceSync from '../skills/sources';
export { generateSigningKey, trustedKeysFile } from '../skills/signature';
export { signSkillFolder } from '../skills/sign-skill';
export { DEFAULT_MIN_FREQUENCY, discoverSkills, readToolHistoryReadonly, writeDiscoveredSkill } from '../skills';
export { listOverlays, loadOverlay, readOverlay, removeOverlay, skillOverlayDir, writeOverlay, OverlayError } from '../skills/overlays';
// `jarvis optimize skills`
export {
  DEFAULT_CANDIDATES,
  ollamaAsk,
  optimizableSkills,
  optimizeSkills,
  POLICY_ALIASES,
  readSkillHistory,
  resolveOptimizerModel,
} from '../skills/optimize';
// `jarvis rag`
export { createRagService, IngestError } from '../knowledge';
// `jarvis doctor`
export { runChecks } from '../system';
export { modelsToProbe, probeModel, probesFileOf, saveProbes } from '../assistant';
// `jarvis eval`
export { buildReport, loadCorpus, reportRows, runEval } from './eval';
// `jarvis bench skills`
export {
  buildSkillBenchReport,
  DEFAULT_SKILL_BENCH_SEEDS,
  loadSkillBench,
  parseSkillBenchCondition,
  runSkillBench,
  SKILL_BENCH_CONDITIONS,
  SkillBenchUsageError,
  skillBenchMarkdown,
  summaryRows as skillBenchSummaryRows,
} from './eval';
// `jarvis protocol`
export { loadOrCreateSigner, readLocalKeyInfo, verifyEvidence } from '../protocol';
export { verifyChain } from '../protocol/chain';
export { protocolPartOf } from '../protocol/export-seal';
export { readChainEndReadonly, readEventsReadonly, readRecordsReadonly, readSessionChainReadonly } from '../protocol/store';
// `jarvis voice`
export { voiceStatusRows } from '../voice/status-table';
export { setupVoice } from '../voice/setup';
export { VoiceActivityDetector } from '../voice/vad';
export { VoiceService } from '../voice/service';
// `jarvis backup`, `jarvis restore`
export { BACKUP_SUFFIX, BackupError, createBackup, fileStamp, restoreBackup, snapshotFile } from '../backup';
export { ragFilesDir } from '../knowledge';
export { KNOWN_SCHEMAS, knownObjects } from './schemas';
// The build writes the template a new database is copied from.
export { FRESH_DATABASE_FILE, writeFreshDatabase } from './fresh-database';
// `jarvis home`
export { bridgeFingerprint, HuePairingError, pairHueBridge } from '../home';
export { displayFingerprint } from '../../skills/home/_lib/pinned-https.mjs';
