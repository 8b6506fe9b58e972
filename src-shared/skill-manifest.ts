// jarvis.skill.v1: one skill module with its actions (spec/001 "jarvis.skill.v1", spec/000,
// v9.1 `runtime.env_from`). The schema is the published contract: the master checks every
// manifest a worker PUTs against it, and the worker checks the manifests it scans.

import type { JsonSchemaObject } from './tools';

export const SKILL_PROTOCOL = 'jarvis.skill.v1';

export interface SkillActionManifest {
  readonly name: string;
  readonly description: string;
  readonly triggers?: readonly string[];
  readonly mutates?: boolean;
  readonly requires_confirmation?: boolean;
  readonly input_schema: JsonSchemaObject;
  readonly output_schema?: JsonSchemaObject;
}

export interface SkillRuntimeManifest {
  readonly type: 'process';
  readonly command: string;
  readonly args?: readonly string[];
  readonly timeout_ms?: number;
  /** Worker environment variables handed to the skill process by name (never JARVIS_*). */
  readonly env_from?: readonly string[];
}

export interface SkillManifest {
  readonly protocol: typeof SKILL_PROTOCOL;
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly enabled?: boolean;
  readonly runtime: SkillRuntimeManifest;
  readonly permissions?: { readonly network?: boolean; readonly system_exec?: boolean };
  readonly actions: readonly SkillActionManifest[];
}

const actionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description', 'input_schema'],
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
    description: { type: 'string', minLength: 1, maxLength: 1024 },
    triggers: { type: 'array', maxItems: 32, items: { type: 'string', maxLength: 64 } },
    mutates: { type: 'boolean' },
    requires_confirmation: { type: 'boolean' },
    // Action schemas are untrusted JSON schemas: checked separately against the meta-schema.
    input_schema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
    output_schema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
  },
} as const;

export const skillManifestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['protocol', 'id', 'name', 'version', 'runtime', 'actions'],
  properties: {
    protocol: { const: SKILL_PROTOCOL },
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]{0,63}$' },
    name: { type: 'string', minLength: 1, maxLength: 128 },
    version: { type: 'string', pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+([-+][0-9A-Za-z.-]+)?$' },
    description: { type: 'string', maxLength: 2048 },
    enabled: { type: 'boolean' },
    runtime: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'command'],
      properties: {
        type: { const: 'process' },
        command: { type: 'string', minLength: 1, maxLength: 512 },
        args: { type: 'array', maxItems: 64, items: { type: 'string', maxLength: 1024 } },
        timeout_ms: { type: 'integer', minimum: 1, maximum: 600000 },
        env_from: { type: 'array', maxItems: 64, items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,127}$' } },
      },
    },
    permissions: {
      type: 'object',
      additionalProperties: false,
      properties: { network: { type: 'boolean' }, system_exec: { type: 'boolean' } },
    },
    actions: { type: 'array', minItems: 1, maxItems: 64, items: actionSchema },
  },
} as const;
