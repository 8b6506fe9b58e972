// Skill protocols: the jarvis.skill.v1 manifest (a skill folder's skill.json), the process/remote invoke envelopes (jarvis.skill.v1 locally,
// jarvis.skill.invoke.v1 over the mesh) and the skill listing of GET /api/skills.
import type { ToolProviderKind } from './tools';
import { RISK_CLASSES, type RiskClass } from './risk';

export const SKILL_PROTOCOL = 'jarvis.skill.v1';
export const SKILL_INVOKE_PROTOCOL = 'jarvis.skill.invoke.v1';

/** Capabilities a skill may declare; a call that needs one it did not declare is refused. */
export const SKILL_CAPABILITIES = [
  'network:fetch',
  'network:listen',
  'filesystem:read',
  'filesystem:write',
  'shell:execute',
  'memory:read',
  'memory:write',
  'engine:inference',
] as const;
export type SkillCapability = (typeof SKILL_CAPABILITIES)[number];
/** Declaring one of these warns at install. */
export const DANGEROUS_CAPABILITIES: readonly SkillCapability[] = ['shell:execute', 'network:listen', 'filesystem:write'];

export interface SkillActionManifest {
  readonly name: string;
  readonly description: string;
  readonly triggers?: readonly string[];
  readonly mutates?: boolean;
  readonly requires_confirmation?: boolean;
  /** How much the action can disturb the home; without it the action counts as `disruptive`. */
  readonly risk?: RiskClass;
  readonly input_schema: { readonly type: 'object'; readonly [keyword: string]: unknown };
  readonly output_schema?: { readonly [keyword: string]: unknown };
}

export interface SkillRuntimeManifest {
  readonly type: 'process';
  /** `./run` (a file in the skill folder) or a system command (`python3`, `/bin/…`). */
  readonly command: string;
  readonly args?: readonly string[];
  readonly timeout_ms?: number;
  /** Environment names handed to the process; never JARVIS_*, so the master's settings stay its own. */
  readonly env_from?: readonly string[];
  /**
   * `per-call` (the default): one process per call, the envelope on stdin, stdin closed.
   * `long-lived`: the process starts once and serves envelopes as JSON lines on stdin, one
   * result line per request on stdout carrying its `request_id`; it exits when stdin closes.
   */
  readonly mode?: SkillProcessMode;
  /** long-lived: calls one process serves at once; further calls wait their turn. */
  readonly max_concurrent?: number;
  /** long-lived: a process without a call for this long is ended (started again on the next call). */
  readonly idle_timeout_ms?: number;
}

export const SKILL_PROCESS_MODES = ['per-call', 'long-lived'] as const;
export type SkillProcessMode = (typeof SKILL_PROCESS_MODES)[number];

export interface SkillManifest {
  readonly protocol: typeof SKILL_PROTOCOL;
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly enabled?: boolean;
  readonly author?: string;
  readonly license?: string;
  readonly tags?: readonly string[];
  readonly user_invocable?: boolean;
  readonly disable_model_invocation?: boolean;
  readonly runtime: SkillRuntimeManifest;
  readonly permissions?: { readonly network?: boolean; readonly system_exec?: boolean };
  readonly actions: readonly SkillActionManifest[];
}

/** What the master (or a worker) writes to a skill process's stdin. */
export interface SkillInvokeRequest {
  readonly protocol: typeof SKILL_PROTOCOL | typeof SKILL_INVOKE_PROTOCOL;
  readonly request_id: string;
  readonly skill_id: string;
  readonly action: string;
  readonly input: Record<string, unknown>;
  readonly context: { readonly trace_id: string; readonly now: string; readonly timezone: string };
}

/** What a skill process prints on stdout: exactly one such object (long-lived: one line per request). */
export interface SkillInvokeResult {
  readonly protocol?: typeof SKILL_PROTOCOL | typeof SKILL_INVOKE_PROTOCOL;
  /** The request's id; a long-lived process must echo it, a per-call one may. */
  readonly request_id?: string;
  readonly success: boolean;
  readonly data?: unknown;
  readonly error?: { readonly code: string; readonly message: string; readonly path?: string };
  readonly message?: string;
  readonly warnings?: readonly string[];
  readonly mutated?: boolean;
}

/** Error codes the runner gives a call that did not produce a valid result of its own. */
export const SKILL_ERROR_CODES = {
  timeout: 'SKILL_TIMEOUT',
  badOutput: 'SKILL_BAD_OUTPUT',
  outputTooLarge: 'SKILL_OUTPUT_TOO_LARGE',
  crashed: 'SKILL_CRASHED',
  outputSchema: 'SKILL_OUTPUT_SCHEMA',
  inputSchema: 'SKILL_INPUT_SCHEMA',
  spawnFailed: 'SKILL_SPAWN_FAILED',
  entryPoint: 'SKILL_ENTRY_POINT',
  systemExecDenied: 'SKILL_SYSTEM_EXEC_DENIED',
  unknownAction: 'SKILL_UNKNOWN_ACTION',
  disabled: 'SKILL_DISABLED',
  capability: 'SKILL_CAPABILITY_DENIED',
  pipelineStep: 'SKILL_PIPELINE_STEP_FAILED',
  sandboxUnavailable: 'SKILL_SANDBOX_UNAVAILABLE',
  /** The call passed its memory or file-size limit (JARVIS_SKILL_MAX_MEMORY_MB / _DISK_MB). */
  limitExceeded: 'SKILL_LIMIT_EXCEEDED',
  /** A long-lived skill process has more calls waiting than it may queue. */
  busy: 'SKILL_BUSY',
  changed: 'SKILL_CHANGED',
  /** An installed skill modified since its install, or with a signature that fails or no household key vouches for. */
  untrusted: 'SKILL_UNTRUSTED',
  /** skill_read: no loaded skill offered to the model has that name. */
  notFound: 'SKILL_NOT_FOUND',
  /** skill_read: the path leaves the skill's folder, is not a file or cannot be read as text. */
  pathRefused: 'SKILL_PATH_REFUSED',
} as const;

/** Where a skill was found; decides name precedence (workspace > user > bundled). */
export type SkillTier = 'workspace' | 'user' | 'bundled';
/** Trust tiers; `core` for the household tools. */
export type SkillTrust = 'core' | 'bundled' | 'indexed' | 'unreviewed' | 'workspace';
/** An installed skill's files against its install record: `modified` ones do not run. */
export type SkillIntegrity = 'verified' | 'modified';
/** An installed skill's signature file against the household key list; only `valid` ones run. */
export interface SkillSignatureInfo {
  readonly state: 'valid' | 'invalid' | 'unknown-key';
  readonly key_id?: string;
  /** Why an invalid signature fails. */
  readonly reason?: string;
}
export type SkillFormat = 'jarvis.skill.v1' | 'openjarvis' | 'core' | 'remote' | 'mcp' | 'homeassistant';

export interface SkillActionInfo {
  readonly name: string;
  readonly tool: string;
  readonly description: string;
  readonly mutates: boolean;
  readonly requires_confirmation: boolean;
  /** The declared class (`disruptive` when the action declares none). */
  readonly risk?: RiskClass;
}

/** What `jarvis optimize skills` learnt about a skill (an overlay beside the skill, never in it). */
export interface SkillOverlayInfo {
  readonly description: string;
  readonly examples: readonly {
    readonly request: string;
    readonly calls: readonly { readonly tool: string; readonly arguments: Readonly<Record<string, unknown>> }[];
    readonly reply?: string;
  }[];
  /** Made for another version of the skill's files: not used until optimised again. */
  readonly stale: boolean;
  readonly policy: string;
  readonly created_at: string;
  /** Its LearningRecord: the improvement is used only when this is accepted (and not undone). */
  readonly learning?: SkillLearningRecord;
}

/** What a learnt improvement of a skill changes: its description (old → new) and the examples it adds to the prompt. */
export interface SkillLearningChange {
  readonly description_before?: string;
  readonly description_after: string;
  /** The requests of the examples the model is shown (their calls are in the overlay). */
  readonly examples: readonly string[];
  readonly policy: string;
}

/** Why the improvement is proposed: the successful uses it was learnt from and how it scored. */
export interface SkillLearningEvidence {
  /** How many successful uses of the skill it was learnt from. */
  readonly uses?: number;
  /** The requests of those uses that became examples. */
  readonly use_requests: readonly string[];
  /** Benchmark cases scored, and the tool-choice accuracy (0..1) before and after. */
  readonly cases?: number;
  readonly score_before?: number;
  readonly score_after?: number;
}

/**
 * A LearningRecord of a skill: an improvement (`overlay`) waits as `proposed` until an admin
 * accepts or rejects it; undoing an accepted one is an `undo` record (accepted when made).
 */
export interface SkillLearningRecord {
  readonly learning_id: string;
  readonly kind: 'overlay' | 'undo';
  readonly skill_id: string;
  /** SHA-256 of the overlay file's content the record is about. */
  readonly overlay_sha256: string;
  readonly change: SkillLearningChange;
  readonly evidence: SkillLearningEvidence;
  readonly status: 'proposed' | 'accepted' | 'rejected';
  /** For an undo: the accepted record it takes back. */
  readonly undoes?: string;
  /** An accepted improvement that a later undo took back. */
  readonly undone?: boolean;
  readonly created_at: string;
  readonly decided_at?: string;
  readonly decided_by?: string;
}

/** GET /api/skills/learning: every skill's learning records, newest first. */
export interface SkillLearningResponse {
  readonly records: readonly SkillLearningRecord[];
}

/** POST /api/skills/learning/{id}/decision. */
export interface SkillLearningDecisionRequest {
  readonly decision: 'accept' | 'reject';
}

export interface SkillInfo {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly provider: ToolProviderKind;
  readonly format: SkillFormat;
  /** The folder (plugin), worker (remote) or "core". */
  readonly source: string;
  readonly tier?: SkillTier;
  readonly trust: SkillTrust;
  readonly enabled: boolean;
  readonly user_invocable: boolean;
  readonly disable_model_invocation: boolean;
  readonly capabilities: readonly string[];
  /** SHA-256 of the installed tree (`jarvis skill install`), or of a remote skill's manifest in canonical JSON. */
  readonly sha256?: string;
  /** Installed skills only: whether the files still match the install record. */
  readonly integrity?: SkillIntegrity;
  /** Installed skills with a signature file only; without one the skill is unsigned. */
  readonly signature?: SkillSignatureInfo;
  /** The SkillProposal that holds or held this version back until the household decides. */
  readonly activation?: {
    readonly proposal_id: string;
    readonly status: 'proposed' | 'activated' | 'rejected';
    /** The integrations whose secrets the skill would receive, in plain words (from its SkillProposal). */
    readonly integration_secrets?: readonly string[];
  };
  readonly actions: readonly SkillActionInfo[];
  /** A remote skill's workers and whether the household allowed each to take its calls. */
  readonly replicas?: readonly SkillReplicaInfo[];
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
  /** The folder of the skill with the same name (or tool name) that is offered instead of this one. */
  readonly shadowed_by?: string;
  /** Why a valid skill is not offered here (a step tool JARVIS lacks, a capability it does not declare, a pending activation, …). */
  readonly unavailable?: string;
  /** agentskills.io fields, as the skill declares them. */
  readonly license?: string;
  readonly compatibility?: string;
  readonly allowed_tools?: readonly string[];
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly overlay?: SkillOverlayInfo;
}

/** One worker offering a remote skill: only an allowed one takes calls. */
export interface SkillReplicaInfo {
  readonly worker: string;
  readonly endpoint: string;
  readonly status: 'allowed' | 'proposed' | 'refused';
  /** The SkillProposal the household allows or refuses this worker with. */
  readonly proposal_id?: string;
}

export interface SkillSourceError {
  readonly source: string;
  readonly message: string;
}

export interface SkillsResponse {
  readonly skills: readonly SkillInfo[];
  readonly errors: readonly SkillSourceError[];
}

export interface SkillsReloadResponse {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
  readonly errors: readonly SkillSourceError[];
  /** Skills that wait for the household's activation after this reload. */
  readonly proposed?: readonly string[];
}

const ENV_NAME = '^(?!JARVIS_)[A-Za-z_][A-Za-z0-9_]{0,127}$';

/**
 * The published jarvis.skill.v1 manifest schema. Action input/output schemas are only
 * required to be objects here; they are untrusted and get their own checks (size, depth,
 * ajv's secure meta-schema) before anything compiles them.
 */
export const SKILL_MANIFEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['protocol', 'id', 'name', 'version', 'runtime', 'actions'],
  properties: {
    protocol: { const: SKILL_PROTOCOL },
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]{0,63}$' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    version: { type: 'string', pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+([-+][0-9A-Za-z.-]{1,40})?$' },
    description: { type: 'string', maxLength: 2000 },
    enabled: { type: 'boolean' },
    author: { type: 'string', maxLength: 200 },
    license: { type: 'string', maxLength: 100 },
    tags: { type: 'array', maxItems: 32, items: { type: 'string', minLength: 1, maxLength: 50 } },
    user_invocable: { type: 'boolean' },
    disable_model_invocation: { type: 'boolean' },
    runtime: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'command'],
      properties: {
        type: { const: 'process' },
        command: { type: 'string', minLength: 1, maxLength: 512 },
        args: { type: 'array', maxItems: 64, items: { type: 'string', maxLength: 4096 } },
        timeout_ms: { type: 'integer', minimum: 1, maximum: 3_600_000 },
        env_from: { type: 'array', maxItems: 64, uniqueItems: true, items: { type: 'string', pattern: ENV_NAME } },
        mode: { enum: [...SKILL_PROCESS_MODES] },
        max_concurrent: { type: 'integer', minimum: 1, maximum: 64 },
        idle_timeout_ms: { type: 'integer', minimum: 1000, maximum: 86_400_000 },
      },
    },
    permissions: {
      type: 'object',
      additionalProperties: false,
      properties: { network: { type: 'boolean' }, system_exec: { type: 'boolean' } },
    },
    actions: {
      type: 'array',
      minItems: 1,
      maxItems: 64,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description', 'input_schema'],
        properties: {
          name: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$' },
          description: { type: 'string', minLength: 1, maxLength: 2000 },
          triggers: { type: 'array', maxItems: 32, items: { type: 'string', minLength: 1, maxLength: 100 } },
          mutates: { type: 'boolean' },
          requires_confirmation: { type: 'boolean' },
          risk: { enum: [...RISK_CLASSES] },
          input_schema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
          output_schema: { type: 'object' },
        },
      },
    },
  },
} as const;

/**
 * The invoke envelope: what a skill reads on stdin and what a worker's POST /v1/invoke
 * accepts. One shape, one set of limits; only the accepted protocol names differ.
 */
export function invokeRequestSchema<P extends object>(protocol: P) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['protocol', 'request_id', 'skill_id', 'action', 'input', 'context'],
    properties: {
      protocol,
      request_id: { type: 'string', minLength: 1, maxLength: 200 },
      skill_id: { type: 'string', minLength: 1, maxLength: 64 },
      action: { type: 'string', minLength: 1, maxLength: 64 },
      input: { type: 'object' },
      context: {
        type: 'object',
        additionalProperties: false,
        required: ['trace_id', 'now', 'timezone'],
        properties: {
          trace_id: { type: 'string', maxLength: 200 },
          now: { type: 'string', maxLength: 64 },
          timezone: { type: 'string', maxLength: 64 },
        },
      },
    },
  } as const;
}

/** The stdin envelope (both protocol names: the local jarvis.skill.v1 form and the remote jarvis.skill.invoke.v1 form). */
export const SKILL_INVOKE_REQUEST_SCHEMA = invokeRequestSchema({ enum: [SKILL_PROTOCOL, SKILL_INVOKE_PROTOCOL] });

/** The one object a skill prints on stdout (the worker answers /v1/invoke with the same). */
export const SKILL_INVOKE_RESULT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['success'],
  properties: {
    protocol: { enum: [SKILL_PROTOCOL, SKILL_INVOKE_PROTOCOL] },
    request_id: { type: 'string', maxLength: 200 },
    success: { type: 'boolean' },
    data: {},
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', minLength: 1, maxLength: 100 },
        message: { type: 'string', maxLength: 4000 },
        path: { type: 'string', maxLength: 1000 },
      },
    },
    message: { type: 'string', maxLength: 4000 },
    warnings: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 1000 } },
    mutated: { type: 'boolean' },
  },
} as const;

/** What one sync of a skill source did: skills newly installed, brought up to date, left, failed. */
export interface SkillSourceCounts {
  readonly installed: number;
  readonly updated: number;
  readonly skipped: number;
  readonly failed: number;
}

/** A configured skill source (the sources file, JARVIS_SKILL_SOURCES_FILE) with its last sync. */
export interface SkillSourceInfo {
  /** `hermes`, `openclaw` or `github:<owner>/<repo>`. */
  readonly name: string;
  /** Without credentials. */
  readonly url: string;
  readonly filter: { readonly category?: readonly string[]; readonly search?: string };
  readonly auto_update: boolean;
  readonly last_sync?: {
    readonly at: string;
    readonly commit?: string;
    readonly counts?: SkillSourceCounts;
    /** The source could not be fetched. */
    readonly error?: string;
  };
}

/** GET /api/skills/sources. */
export interface SkillSourcesResponse {
  readonly sources: readonly SkillSourceInfo[];
  /** The sources file that is read (it may not exist yet). */
  readonly file: string;
  /** A sync started here is running. */
  readonly syncing: boolean;
  /** Why the sources file cannot be used. */
  readonly problem?: string;
}

/** POST /api/skills/sources/sync: one source by name, or all of them. */
export interface SkillSourcesSyncRequest {
  readonly source?: string;
}

/** The 202 answer: the sync runs in the background, its result comes as `skills.sources` events. */
export interface SkillSourcesSyncStarted {
  readonly sources: readonly string[];
}

/** One source's outcome in a `skills.sources` event. */
export interface SkillSourceSyncResult {
  readonly source: string;
  readonly counts: SkillSourceCounts;
  readonly error?: string;
  /** The skills that could not be installed, each with why (the first few). */
  readonly failures?: readonly { readonly skill: string; readonly reason: string }[];
}

/** The `skills.sources` server event: a sync running (the source it is at) or finished (every source's result). */
export type SkillSourcesEvent =
  { readonly state: 'running'; readonly source: string } | { readonly state: 'done'; readonly results: readonly SkillSourceSyncResult[] };

/** DELETE /api/skills/{id}/overlay. */
export interface SkillOverlayRemoved {
  readonly skill: string;
  readonly file: string;
}
