import type { RunnerPolicy } from '../process';
import type { SkillRegistry } from '../../platform/registry/registry';
import type { SkillSource, SkillEntry } from '../loader';
import type { GenerateText, SkillDocuments } from '../step-tools';
import type { TrustedKeys } from '../signature';
import type { SkillOverlay } from '../overlays';
import type { OverlayConsent } from '../learning';
import type { SkillsReloadResponse } from '../../../src-shared';

export interface SkillEngineOptions {
  readonly sources: readonly SkillSource[];
  readonly pipelineMaxDepth: number;
  /** JARVIS_SKILL_PROCESS_ENABLED: local process skills run in this process. */
  readonly processEnabled: boolean;
  readonly runner: RunnerPolicy;
  /** Pipeline steps call tools through the same registry as everyone else. */
  readonly registry: SkillRegistry;
  readonly trace?: (traceId: string, stage: string, data: unknown) => void;
  /** Holds new and changed skills back until the household activates them. */
  readonly gate?: SkillGate;
  /** Registers a secret with the redactor: every env_from value a skill gets is one. */
  readonly secret?: (value: string) => void;
  /** Told when a call found its skill changed on disk and the engine reloaded. */
  readonly reloaded?: (report: SkillsReloadResponse) => void;
  /**
   * Every tool the house has (the master's registry), to place the names of `allowed-tools`.
   * The CLI's engine runs without the house's tools: it cannot tell, and warns about none.
   */
  readonly houseTools?: () => readonly string[];
  /** The `llm` step tool's model (Ollama); without it pipelines that use `llm` are unavailable. */
  readonly generate?: GenerateText;
  /** The household's documents for `memory_search`; the CLI's engine has none. */
  readonly documents?: SkillDocuments;
  /** The household's document folders `file_read` may read (besides the skill's own folder). */
  readonly documentFolders?: readonly string[];
  /**
   * false where the registry holds only part of the tool providers (the CLI without a
   * master): a step tool it does not find is then left to the master to judge.
   */
  readonly registryComplete?: boolean;
  /** The household key list, read again at every (re)load; without it no signature verifies. */
  readonly trustedKeys?: () => TrustedKeys;
  /** Where `jarvis optimize skills` keeps its overlays (improved descriptions, examples). */
  readonly overlayDir?: string;
  /** The household's consent: with it, an overlay changes the prompt only once its LearningRecord is accepted. */
  readonly overlayConsent?: OverlayConsent;
}

/** A skill's overlay; a stale one was made for another tree and is not used. */
export interface OverlayState {
  readonly overlay: SkillOverlay;
  readonly stale: boolean;
  readonly file: string;
}

/** A pipeline skill `jarvis skill discover` wrote, and where its SkillProposal stands. */
export interface DiscoveredPipeline {
  readonly id: string;
  readonly description: string;
  /** The tools it calls, in order. */
  readonly steps: readonly string[];
  readonly proposal_id: string;
  readonly status: 'proposed' | 'activated' | 'rejected';
}

export interface SkillCandidate {
  readonly id: string;
  readonly version: string;
  /** SHA-256 of the skill's folder tree (tree-hash.ts). */
  readonly sha256: string;
  /** `startup`: the first load of this process; the others compare with the previous load. */
  readonly change: 'startup' | 'added' | 'changed' | 'unchanged';
  /** Written by `jarvis skill discover` (the user tier's `discovered/` folder): never part of an installation baseline. */
  readonly discovered?: boolean;
  /** The integrations whose secrets the skill would receive (receivedSecrets). */
  readonly integrationSecrets?: readonly string[];
}

export interface SkillAdmission {
  readonly state: 'active' | 'proposed' | 'rejected';
  readonly proposal_id?: string;
  readonly integration_secrets?: readonly string[];
}

export interface SkillGate {
  admit(skill: SkillCandidate): SkillAdmission;
}

/** Which skill and action a registered tool name runs. */
export interface ToolBinding {
  readonly entry: SkillEntry;
  readonly action: string;
}
