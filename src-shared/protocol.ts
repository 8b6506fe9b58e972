import type { RiskClass } from './risk';
// The Jarvis protocol as JARVIS's audit and evidence layer: the fifteen record
// types, the mutation headers, and the rejection codes. Pure data; no Node, no DOM.

export { canonicalJson, canonicalJsonOfKeys } from './canonical-json';

export const PROTOCOL_VERSION = '0.1.0';

export const PROTOCOL_HEADERS = {
  version: 'jarvis-protocol-version',
  actor: 'jarvis-actor-id',
  idempotencyKey: 'jarvis-idempotency-key',
  timestamp: 'jarvis-request-timestamp',
  expectedRevision: 'jarvis-expected-worksession-revision',
  previousEventHash: 'jarvis-previous-event-hash',
} as const;

/** Every rejection has its own code; none of them changes anything. */
export const PROTOCOL_ERRORS = {
  MISSING_HEADER: 400,
  INVALID_HEADER: 400,
  UNSUPPORTED_PROTOCOL_VERSION: 400,
  INVALID_RECORD: 400,
  PATH_BODY_MISMATCH: 400,
  ACTOR_BODY_MISMATCH: 403,
  FORBIDDEN_EXPORT_FIELD: 400,
  UNKNOWN_ACTOR: 403,
  ACTOR_NOT_AUTHORIZED: 403,
  NOT_FOUND: 404,
  REVISION_CONFLICT: 409,
  PREVIOUS_EVENT_HASH_MISMATCH: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  DUPLICATE_RECORD: 409,
  OPERATION_OUT_OF_ORDER: 409,
  MISSING_POLICY_DECISION: 409,
  POLICY_DENIED: 403,
  UNRESOLVED_REQUEST: 409,
  MISSING_RESOLUTION: 409,
  STALE_TAKEOVER_CONTINUATION: 409,
  SEALED_WORK_SESSION: 409,
  SEALED_EVIDENCE_MANIFEST: 409,
  SILENT_MEMORY_MUTATION: 409,
  SILENT_SKILL_ACTIVATION: 409,
} as const;

export type ProtocolErrorCode = keyof typeof PROTOCOL_ERRORS;

export const RECORD_TYPES = [
  'Worker',
  'Actor',
  'WorkSession',
  'JarvisEvent',
  'Policy',
  'PolicyDecision',
  'Request',
  'Review',
  'Takeover',
  'Contribution',
  'EvidenceManifest',
  'LearningRecord',
  'MemoryProposal',
  'SkillProposal',
  'OutcomeReport',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** Fields that must never be stored in a record, because records are exported. */
export const FORBIDDEN_EXPORT_FIELDS = [
  'access_token',
  'enrollment_token',
  'authorization',
  'password',
  'secret',
  'api_key',
  'env_values',
] as const;

export type WorkerKind = 'agent_worker' | 'runtime_worker' | 'human_worker';
export type ActorRole = 'household_member' | 'assistant' | 'automation' | 'runtime_worker' | 'mcp_client' | 'system';
export type Authority =
  | 'policy.define'
  | 'session.create'
  | 'session.act'
  | 'request.review'
  | 'request.takeover'
  | 'memory.decide'
  | 'learning.decide'
  | 'skill.decide'
  | 'manifest.seal'
  | 'outcome.submit';

export interface Worker {
  readonly worker_id: string;
  readonly kind: WorkerKind;
  readonly name: string;
  readonly runtime?: string;
  readonly registered_at: string;
}

export interface Actor {
  readonly actor_id: string;
  readonly worker_id: string;
  readonly role: ActorRole;
  readonly display_name: string;
  readonly authority: readonly Authority[];
  readonly registered_at: string;
}

export interface PolicyRules {
  /** Tool names (or prefixes ending in `*`) that need a human review before they run. */
  readonly require_review: readonly string[];
  /** Tool names (or prefixes ending in `*`) that are never allowed. */
  readonly deny: readonly string[];
}

export interface Policy {
  readonly policy_id: string;
  readonly name: string;
  readonly rules: PolicyRules;
  readonly defined_by: string;
  readonly created_at: string;
}

export type WorkSessionStatus = 'open' | 'blocked' | 'completed' | 'failed' | 'cancelled';
export const TERMINAL_SESSION_STATUSES: readonly WorkSessionStatus[] = ['completed', 'failed', 'cancelled'];

export interface WorkSession {
  readonly work_session_id: string;
  readonly policy_id: string;
  readonly owner_actor_id: string;
  readonly goal: string;
  readonly status: WorkSessionStatus;
  readonly revision: number;
  readonly last_event_hash: string;
  readonly sealed: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface JarvisEvent {
  readonly event_id: string;
  readonly work_session_id: string;
  /** The session revision this event produced (1 for the creation event). */
  readonly revision: number;
  readonly type: string;
  readonly actor_id: string;
  readonly record_type: RecordType;
  readonly record_id: string;
  /**
   * What the event says happened. Events written since records travel with them carry
   * `records`: the full body of every session record the event created or changed, so a
   * reader rebuilds the session's records from its events alone.
   */
  readonly payload: unknown;
  readonly previous_event_hash: string;
  readonly hash: string;
  readonly created_at: string;
}

export type DecisionOutcome = 'allow' | 'require_review' | 'deny';

export interface PolicyDecision {
  readonly decision_id: string;
  readonly work_session_id: string;
  readonly policy_id: string;
  readonly action: { readonly tool: string; readonly arguments_sha256: string };
  readonly outcome: DecisionOutcome;
  readonly reason: string;
  /** The action's risk class, when the caller's action has one (older records have none). */
  readonly risk?: RiskClass;
  /** The rule that decided: `override:<tool>`, `class:<risk>`, `deny:<pattern>`, `review:<pattern>`, `default`, or `skill:<id>` (a skill's allowed-tools). */
  readonly rule?: string;
  readonly decided_at: string;
}

export interface Request {
  readonly request_id: string;
  readonly work_session_id: string;
  readonly decision_id: string;
  readonly summary: string;
  readonly status: 'open' | 'resolved';
  readonly resolution?: { readonly by: 'review' | 'takeover'; readonly record_id: string };
  readonly created_at: string;
}

export interface Review {
  readonly review_id: string;
  readonly request_id: string;
  readonly work_session_id: string;
  readonly reviewer_actor_id: string;
  readonly verdict: 'approve' | 'reject';
  readonly comment?: string;
  readonly reviewed_at: string;
}

export interface Takeover {
  readonly takeover_id: string;
  readonly request_id: string;
  readonly work_session_id: string;
  readonly actor_id: string;
  readonly reason: string;
  /** The session revision at which the human took over; continuations must build on it. */
  readonly at_revision: number;
  readonly taken_at: string;
}

export interface Contribution {
  readonly contribution_id: string;
  readonly work_session_id: string;
  readonly actor_id: string;
  readonly decision_id: string;
  readonly kind: 'tool_result' | 'reply';
  readonly summary: string;
  readonly evidence_sha256?: string;
  readonly created_at: string;
}

export interface EvidenceItem {
  readonly kind: string;
  readonly ref: string;
  readonly sha256: string;
}

/** A record an event created or changed, as it stands after the event. */
export interface EventRecordChange {
  readonly type: RecordType;
  readonly id: string;
  readonly body: unknown;
}

/** Where a session's chain ends: how many events it has and the hash of the last one. */
export interface ChainHead {
  readonly events: number;
  readonly last_event_hash: string;
}

/** The public half of the host's Ed25519 signing key, as a manifest carries it. */
export interface SigningKeyInfo {
  readonly algorithm: 'Ed25519';
  /** SubjectPublicKeyInfo (DER), base64. */
  readonly public_key: string;
  /** `SHA256:` and the unpadded base64 SHA-256 of the DER key: what `jarvis protocol key` prints. */
  readonly fingerprint: string;
}

export interface EvidenceManifest {
  readonly manifest_id: string;
  readonly scope: string;
  readonly items: readonly EvidenceItem[];
  /** The head of every session's chain when the manifest was made. */
  readonly chain_heads: Readonly<Record<string, ChainHead>>;
  /** For an export: SHA-256 of the canonical JSON of the whole export without this manifest. */
  readonly export_sha256?: string;
  readonly signing_key?: SigningKeyInfo;
  readonly sealed: boolean;
  readonly sealed_at?: string;
  /** SHA-256 of the canonical JSON of every other field but `signature`. */
  readonly manifest_sha256?: string;
  /** Ed25519 signature (base64) over the same canonical JSON `manifest_sha256` hashes. */
  readonly signature?: string;
  readonly created_at: string;
}

export interface LearningRecord {
  readonly learning_id: string;
  readonly work_session_id: string;
  readonly summary: string;
  readonly status: 'proposed' | 'accepted' | 'rejected';
  readonly decided_by?: string;
  readonly created_at: string;
}

export type ProposalStatus = 'proposed' | 'accepted' | 'rejected';

export interface MemoryProposal {
  readonly proposal_id: string;
  readonly work_session_id: string;
  readonly fact: string;
  /** `withdrawn`: taken back by the household before anyone decided it (a fact forgotten while proposed). */
  readonly status: ProposalStatus | 'withdrawn';
  /**
   * `forget`: accepted, it takes back the earlier accepted proposal it `follows` (a fact forgotten
   * after it was accepted). Absent: the proposal is to remember `fact`.
   */
  readonly change?: 'forget';
  /** The proposal of the same fact this one comes after: a sealed decision is never changed, a new record follows it. */
  readonly follows?: string;
  readonly decided_by?: string;
  readonly created_at: string;
}

export interface SkillProposal {
  readonly proposal_id: string;
  readonly skill_id: string;
  readonly version: string;
  readonly change: 'added' | 'changed';
  readonly manifest_sha256: string;
  /** The integrations whose secrets (keys, tokens) the skill would receive, in plain words ("Philips Hue"). */
  readonly integration_secrets?: readonly string[];
  readonly status: 'proposed' | 'activated' | 'rejected';
  readonly decided_by?: string;
  readonly created_at: string;
}

export interface OutcomeReport {
  readonly report_id: string;
  readonly work_session_id: string;
  readonly outcome: 'completed' | 'failed' | 'cancelled';
  readonly summary: string;
  readonly submitted_by: string;
  readonly submitted_at: string;
}

// ---- What the /api/protocol routes answer ----

/** The records of one session, by record type (every key is present, possibly empty). */
export interface SessionRecords {
  readonly PolicyDecision: readonly PolicyDecision[];
  readonly Request: readonly Request[];
  readonly Review: readonly Review[];
  readonly Takeover: readonly Takeover[];
  readonly Contribution: readonly Contribution[];
  readonly LearningRecord: readonly LearningRecord[];
  readonly MemoryProposal: readonly MemoryProposal[];
  readonly OutcomeReport: readonly OutcomeReport[];
}

/** GET /api/protocol/sessions/{id}: the session, its hash-linked events and its records. */
export interface ProtocolSessionDetail {
  readonly session: WorkSession;
  readonly events: readonly JarvisEvent[];
  readonly records: SessionRecords;
}

/** GET /api/protocol/sessions?limit=N: the newest sessions first. */
export interface ProtocolSessionsResponse {
  /** One page, newest first (`?limit=`, default 50, at most 500; `?offset=`). */
  readonly sessions: readonly WorkSession[];
  /** The `offset` of the next page, while more follow. */
  readonly next?: number;
  readonly total?: number;
}

/** GET /api/protocol/memory-proposals. */
export interface MemoryProposalsResponse {
  readonly proposals: readonly MemoryProposal[];
}

/** GET /api/protocol/learning. */
export interface LearningRecordsResponse {
  readonly records: readonly LearningRecord[];
}

/** POST /api/protocol/sessions/{id}/learning/{lid}/decision: the decided record and the session after it. */
export interface LearningDecisionResponse {
  readonly learning: LearningRecord;
  readonly session: WorkSession;
}

/** GET /api/protocol/skill-proposals. */
export interface SkillProposalsResponse {
  readonly proposals: readonly SkillProposal[];
}

/** The body of POST …/memory-proposals/{id}/decision and …/skill-proposals/{id}/decision. */
export interface ProposalDecisionRequest {
  readonly decision: 'accept' | 'reject';
}

/** POST /api/protocol/sessions/{id}/memory-proposals/{pid}/decision: the decided proposal and the session after it. */
export interface MemoryDecisionResponse {
  readonly proposal: MemoryProposal;
  readonly session: WorkSession;
}

// ---- JSON schemas of what clients submit (the server fills ids, times, hashes) ----
// Optional actor fields (reviewer_actor_id, actor_id) exist so a body that names an actor
// can be checked against the acting actor header.

const id = { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,128}$' } as const;
const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const toolPattern = { type: 'string', pattern: '^[A-Za-z0-9_]+\\*?$', maxLength: 128 } as const;
const sha256 = { type: 'string', pattern: '^[a-f0-9]{64}$' } as const;

export const PROTOCOL_SCHEMAS = {
  Worker: {
    type: 'object',
    additionalProperties: false,
    required: ['worker_id', 'kind', 'name'],
    properties: { worker_id: id, kind: { enum: ['agent_worker', 'runtime_worker', 'human_worker'] }, name: text(200), runtime: text(40) },
  },
  Actor: {
    type: 'object',
    additionalProperties: false,
    required: ['actor_id', 'worker_id', 'role', 'display_name', 'authority'],
    properties: {
      actor_id: id,
      worker_id: id,
      role: { enum: ['household_member', 'assistant', 'automation', 'runtime_worker', 'mcp_client', 'system'] },
      display_name: text(200),
      authority: {
        type: 'array',
        uniqueItems: true,
        maxItems: 16,
        items: {
          enum: [
            'policy.define',
            'session.create',
            'session.act',
            'request.review',
            'request.takeover',
            'memory.decide',
            'learning.decide',
            'skill.decide',
            'manifest.seal',
            'outcome.submit',
          ],
        },
      },
    },
  },
  Policy: {
    type: 'object',
    additionalProperties: false,
    required: ['policy_id', 'name', 'rules'],
    properties: {
      policy_id: id,
      name: text(200),
      rules: {
        type: 'object',
        additionalProperties: false,
        required: ['require_review', 'deny'],
        properties: {
          require_review: { type: 'array', maxItems: 500, items: toolPattern },
          deny: { type: 'array', maxItems: 500, items: toolPattern },
        },
      },
    },
  },
  WorkSession: {
    type: 'object',
    additionalProperties: false,
    required: ['work_session_id', 'policy_id', 'goal'],
    properties: { work_session_id: id, policy_id: id, goal: text(2000) },
  },
  PolicyDecision: {
    type: 'object',
    additionalProperties: false,
    required: ['decision_id', 'tool', 'arguments'],
    properties: { decision_id: id, tool: toolPattern, arguments: { type: 'object' } },
  },
  Request: {
    type: 'object',
    additionalProperties: false,
    required: ['request_id', 'decision_id', 'summary'],
    properties: { request_id: id, decision_id: id, summary: text(2000) },
  },
  Review: {
    type: 'object',
    additionalProperties: false,
    required: ['review_id', 'verdict'],
    properties: { review_id: id, verdict: { enum: ['approve', 'reject'] }, comment: text(2000), reviewer_actor_id: id },
  },
  Takeover: {
    type: 'object',
    additionalProperties: false,
    required: ['takeover_id', 'reason'],
    properties: { takeover_id: id, reason: text(2000), actor_id: id },
  },
  Contribution: {
    type: 'object',
    additionalProperties: false,
    required: ['contribution_id', 'decision_id', 'kind', 'summary'],
    properties: {
      contribution_id: id,
      decision_id: id,
      kind: { enum: ['tool_result', 'reply'] },
      summary: text(4000),
      evidence_sha256: sha256,
      actor_id: id,
    },
  },
  EvidenceManifest: {
    type: 'object',
    additionalProperties: false,
    required: ['manifest_id', 'scope', 'items'],
    properties: {
      manifest_id: id,
      scope: text(200),
      items: {
        type: 'array',
        maxItems: 10000,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'ref', 'sha256'],
          properties: { kind: text(60), ref: text(500), sha256 },
        },
      },
    },
  },
  LearningRecord: {
    type: 'object',
    additionalProperties: false,
    required: ['learning_id', 'summary'],
    properties: { learning_id: id, summary: text(4000) },
  },
  MemoryProposal: {
    type: 'object',
    additionalProperties: false,
    required: ['proposal_id', 'fact'],
    properties: { proposal_id: id, fact: text(2000) },
  },
  SkillProposal: {
    type: 'object',
    additionalProperties: false,
    required: ['proposal_id', 'skill_id', 'version', 'change', 'manifest_sha256'],
    properties: {
      proposal_id: id,
      skill_id: text(200),
      version: text(60),
      change: { enum: ['added', 'changed'] },
      manifest_sha256: sha256,
      integration_secrets: { type: 'array', maxItems: 20, items: text(100) },
    },
  },
  OutcomeReport: {
    type: 'object',
    additionalProperties: false,
    required: ['report_id', 'work_session_id', 'outcome', 'summary'],
    properties: { report_id: id, work_session_id: id, outcome: { enum: ['completed', 'failed', 'cancelled'] }, summary: text(4000) },
  },
  Decision: {
    type: 'object',
    additionalProperties: false,
    required: ['decision'],
    properties: { decision: { enum: ['accept', 'reject'] } },
  },
  SessionStatus: {
    type: 'object',
    additionalProperties: false,
    required: ['status'],
    properties: { status: { enum: ['completed', 'failed', 'cancelled'] } },
  },
} as const;

export type ProtocolSchemaName = keyof typeof PROTOCOL_SCHEMAS;

/** The hash every session's first event links to. */
export const GENESIS_HASH = '0'.repeat(64);
