import { Ajv, type ValidateFunction } from 'ajv';
import secureMetaSchema from 'ajv/dist/refs/json-schema-secure.json';
import { describeAjvError, isValidSchema, type ValidationResult } from './index';

// Schemas that arrive in skill manifests (from a skill folder or a worker on the LAN) are
// untrusted (STYLE.md "Validation"): size and depth are capped, and they must pass ajv's
// secure meta-schema, which refuses constructs that make validation slow on hostile
// input (unbounded patterns, huge uniqueItems), before anything compiles them.

export const UNTRUSTED_SCHEMA_MAX_BYTES = 64 * 1024;
export const UNTRUSTED_SCHEMA_MAX_DEPTH = 24;

let secureCheck: ValidateFunction | undefined;

function depthOf(value: unknown, depth = 0): number {
  if (depth > UNTRUSTED_SCHEMA_MAX_DEPTH) return depth;
  if (value === null || typeof value !== 'object') return depth;
  let max = depth;
  for (const v of Object.values(value as Record<string, unknown>)) max = Math.max(max, depthOf(v, depth + 1));
  return max;
}

export function checkUntrustedSchema(schema: unknown): ValidationResult {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return { ok: false, error: { message: 'a schema must be a JSON object', path: '' } };
  }
  const size = JSON.stringify(schema).length;
  if (size > UNTRUSTED_SCHEMA_MAX_BYTES) {
    return { ok: false, error: { message: `the schema is ${size} bytes, more than the ${UNTRUSTED_SCHEMA_MAX_BYTES} allowed`, path: '' } };
  }
  if (depthOf(schema) > UNTRUSTED_SCHEMA_MAX_DEPTH) {
    return { ok: false, error: { message: `the schema nests deeper than ${UNTRUSTED_SCHEMA_MAX_DEPTH} levels`, path: '' } };
  }
  if ('$ref' in schema || '$id' in schema || '$async' in schema) {
    // Remote references and async validation have no place in a tool's argument schema.
    const key = '$ref' in schema ? '$ref' : '$id' in schema ? '$id' : '$async';
    return { ok: false, error: { message: `the schema may not use ${key} at its root`, path: '' } };
  }
  const valid = isValidSchema(schema);
  if (!valid.ok) return valid;
  secureCheck ??= new Ajv({ strict: false, allErrors: false }).compile(secureMetaSchema);
  if (!secureCheck(schema)) {
    const e = describeAjvError(secureCheck.errors?.[0]);
    return { ok: false, error: { message: `the schema is unsafe for untrusted input: ${e.message}`, path: e.path } };
  }
  return { ok: true };
}
