// The mesh wire format: what a worker and the master say to each other. Any program that
// speaks this is a worker.

import type { ToolResult } from './envelope';
import { invokeRequestSchema, SKILL_INVOKE_PROTOCOL, type SkillManifest } from './skills';

export const WORKER_PROTOCOL = 'jarvis.skill.worker.v1';
export const INVOKE_PROTOCOL = SKILL_INVOKE_PROTOCOL;

/** The enrollment token must be at least this long, or the mesh stays off. */
export const MESH_TOKEN_MIN_LENGTH = 16;

export interface EnrollRequest {
  readonly protocol: typeof WORKER_PROTOCOL;
  readonly enrollment_token: string;
  readonly name: string;
  readonly runtime: string;
  readonly endpoint: string;
  readonly version?: string;
  /** A stable key of the worker (e.g. its public key); another key makes it another replica that needs approval. */
  readonly key?: string;
  /** When `key` is an Ed25519 public key: the worker's signature of `enrollProofText`, base64. */
  readonly key_proof?: string;
  /** The moment the proof was signed (ISO 8601); a proof far from the master's clock is refused. */
  readonly key_at?: string;
}

/**
 * What a worker signs to prove it holds the private half of the key it declares: a copied
 * public key alone no longer passes for another worker.
 */
export function enrollProofText(req: { readonly name: string; readonly endpoint: string; readonly key_at: string }): string {
  return `${WORKER_PROTOCOL}\nenroll\n${req.name}\n${req.endpoint.replace(/\/$/, '')}\n${req.key_at}`;
}

/** The master's random value for one call; the worker signs its answer together with it. */
export const CALL_NONCE_HEADER = 'jarvis-call-nonce';
/** The worker's Ed25519 signature (base64) of `answerProofText` for the call's nonce. */
export const WORKER_SIGNATURE_HEADER = 'jarvis-worker-signature';

/** What a worker signs for each answer: the master's nonce and the exact body it sends. */
export function answerProofText(nonce: string, body: string): string {
  return `${WORKER_PROTOCOL}\nanswer\n${nonce}\n${body}`;
}

export interface EnrollResponse {
  readonly protocol: typeof WORKER_PROTOCOL;
  readonly worker_id: string;
  readonly access_token: string;
  readonly lease_ms: number;
  readonly heartbeat_interval_ms: number;
}

export interface SkillsPutRequest {
  readonly protocol: typeof WORKER_PROTOCOL;
  readonly skills: readonly SkillManifest[];
}

export interface HeartbeatResponse {
  readonly lease_ms: number;
}

export interface InvokeEnvelope {
  readonly protocol: typeof INVOKE_PROTOCOL;
  readonly request_id: string;
  readonly skill_id: string;
  readonly action: string;
  readonly input: Record<string, unknown>;
  readonly context: { readonly trace_id: string; readonly now: string; readonly timezone: string };
}

export type InvokeResult = ToolResult & { readonly protocol?: string };

/** What the worker says about itself on GET /v1/health and after POST /v1/reload. */
export interface WorkerHealth {
  readonly ok: boolean;
  readonly name: string;
  readonly runtime: string;
  readonly enrolled: boolean;
  readonly skills: readonly string[];
  readonly errors: readonly { readonly source: string; readonly message: string }[];
}

/** One worker as GET /api/mesh/workers shows it. */
export interface MeshWorkerView {
  readonly id: string;
  readonly name: string;
  readonly runtime: string;
  readonly endpoint: string;
  readonly version?: string;
  readonly enrolled_at: string;
  readonly last_heartbeat_at: string;
  readonly lease_left_ms: number;
  readonly skills: readonly { readonly id: string; readonly name: string; readonly version: string; readonly actions: readonly string[] }[];
  readonly calls: number;
  readonly failures: number;
  readonly last_error?: string;
}

/**
 * POST /api/mesh/workers/{id}/reload: the worker's own answer to POST /v1/reload (a
 * conforming worker sends its WorkerHealth), passed through with the worker's id.
 */
export type MeshWorkerReloadResponse = WorkerHealth & { readonly worker_id: string };

export interface MeshWorkersResponse {
  readonly enabled: boolean;
  /** Why the mesh is off, when it is. */
  readonly reason?: string;
  readonly workers: readonly MeshWorkerView[];
}

const NAME = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' } as const;

export const enrollRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['protocol', 'enrollment_token', 'name', 'runtime', 'endpoint'],
  properties: {
    protocol: { const: WORKER_PROTOCOL },
    enrollment_token: { type: 'string', maxLength: 1024 },
    name: NAME,
    runtime: NAME,
    endpoint: { type: 'string', maxLength: 512, pattern: '^https?://[^\\s/?#]+/?$' },
    version: { type: 'string', maxLength: 64 },
    key: { type: 'string', maxLength: 1024 },
    key_proof: { type: 'string', maxLength: 256 },
    key_at: { type: 'string', maxLength: 40 },
  },
} as const;

export const skillsPutSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['protocol', 'skills'],
  properties: {
    protocol: { const: WORKER_PROTOCOL },
    // Each manifest is checked on its own afterwards, so the error can name the skill.
    skills: { type: 'array', maxItems: 256, items: { type: 'object' } },
  },
} as const;

/** What a worker's POST /v1/invoke accepts: the skill envelope, remote protocol name only. */
export const invokeEnvelopeSchema = invokeRequestSchema({ const: INVOKE_PROTOCOL });

/** The result envelope of a skill: success with data, or an error. */
export const invokeResultSchema = {
  type: 'object',
  required: ['success'],
  properties: {
    protocol: { type: 'string' },
    success: { type: 'boolean' },
    data: {},
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, path: { type: 'string' } },
    },
    message: { type: 'string' },
    mutated: { type: 'boolean' },
    warnings: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A labelled skill container as GET /api/docker/skill-services lists it. */
export interface DockerSkillService {
  /** The full 64-hex container id: the only form a mutation accepts. */
  readonly id: string;
  readonly name: string;
  readonly image: string;
  readonly state: string;
  readonly status: string;
  readonly runtime?: string;
  readonly worker_name?: string;
}

export interface DockerSkillServicesResponse {
  readonly enabled: boolean;
  /** Why the controller is off or cannot reach Docker. */
  readonly reason?: string;
  readonly services: readonly DockerSkillService[];
}

export type DockerServiceAction = 'start' | 'stop' | 'restart';

/** POST /api/docker/skill-services/{full-id}/start|stop|restart: the container afterwards. */
export interface DockerServiceActionResponse {
  readonly service: DockerSkillService;
}
