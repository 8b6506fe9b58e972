import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import secureMetaSchema from 'ajv/lib/refs/json-schema-secure.json';
import { ajvCacheSize, forget } from '../../platform/validation';

// ajv-formats is CommonJS; under ESM its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

/** Limits for schemas that arrive in manifests (STYLE.md "Validation": untrusted). */
export const SCHEMA_LIMITS = { maxBytes: 32 * 1024, maxDepth: 16 } as const;

export type SchemaVerdict = { readonly ok: true } | { readonly ok: false; readonly message: string };

// Keywords that would let one manifest's schema change how others validate, or make
// validation asynchronous (an async validator returns a truthy promise: it would pass).
const FORBIDDEN_KEYWORDS = new Set(['$id', '$async', '$schema', '$recursiveRef', '$dynamicRef']);

function depthAndKeywords(value: unknown, depth: number): SchemaVerdict {
  if (depth > SCHEMA_LIMITS.maxDepth) return { ok: false, message: `schema is nested deeper than ${SCHEMA_LIMITS.maxDepth} levels` };
  if (Array.isArray(value)) {
    for (const item of value) {
      const v = depthAndKeywords(item, depth + 1);
      if (!v.ok) return v;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (FORBIDDEN_KEYWORDS.has(key)) return { ok: false, message: `schema keyword ${key} is not allowed in a skill manifest` };
      const v = depthAndKeywords(item, depth + 1);
      if (!v.ok) return v;
    }
  }
  return { ok: true };
}

/**
 * One ajv for untrusted schemas: strict (unknown keywords fail), no coercion, no
 * defaults, no stripping. The meta-schema check is done here explicitly, together with
 * ajv's secure meta-schema, before a schema is compiled.
 */
// Both are built on first use: compiling ajv's secure meta-schema costs a cold start
// more than a household with no skills should pay.
let untrustedAjvInstance: Ajv | undefined;
function untrustedAjv(): Ajv {
  if (!untrustedAjvInstance) {
    untrustedAjvInstance = new Ajv({
      strict: true,
      allErrors: false,
      coerceTypes: false,
      useDefaults: false,
      removeAdditional: false,
      allowUnionTypes: true,
      validateSchema: false,
      addUsedSchema: false,
    });
    addFormats(untrustedAjvInstance);
  }
  return untrustedAjvInstance;
}
// ajv's own meta-schema is not written for strict mode; it gets a lenient instance of its own.
let isSecureFn: ValidateFunction | undefined;
function isSecure(): ValidateFunction {
  isSecureFn ??= new Ajv({ strict: false, validateSchema: false }).compile(secureMetaSchema as object);
  return isSecureFn;
}

/** Size, depth, forbidden keywords, draft-07 meta-schema, ajv's secure meta-schema. */
export function checkUntrustedSchema(schema: unknown): SchemaVerdict {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return { ok: false, message: 'schema must be a JSON object' };
  const bytes = JSON.stringify(schema).length;
  if (bytes > SCHEMA_LIMITS.maxBytes) return { ok: false, message: `schema is ${bytes} bytes, more than ${SCHEMA_LIMITS.maxBytes}` };
  const shape = depthAndKeywords(schema, 0);
  if (!shape.ok) return shape;
  if (untrustedAjv().validateSchema(schema as object) !== true) {
    const e = untrustedAjv().errors?.[0];
    return { ok: false, message: `not a valid JSON schema: ${e?.instancePath || '/'} ${e?.message ?? ''}`.trim() };
  }
  const secure = isSecure();
  if (!secure(schema)) {
    const e = secure.errors?.[0];
    return { ok: false, message: `schema is unsafe for untrusted data: ${e?.instancePath || '/'} ${e?.message ?? ''}`.trim() };
  }
  return { ok: true };
}

/** Validators by schema text: replicas, reloads and re-enrollments bring the same schemas as new objects. */
const MAX_COMPILED_BY_TEXT = 512;
const byObject = new WeakMap<object, ValidateFunction>();
const byText = new Map<string, ValidateFunction>();

/** How many validators are cached by schema text (bounded) and held by ajv itself (none). */
export function untrustedSchemaCacheSizes(): { byText: number; ajv: number } {
  return { byText: byText.size, ajv: ajvCacheSize(untrustedAjvInstance) };
}

/**
 * Checks and compiles an untrusted schema once; the same object, or another object with the
 * same JSON text, returns the cached validator. The cache by text is bounded (least recently
 * used goes first) and ajv keeps nothing of its own. Throws with a readable message when the
 * schema is rejected.
 */
export function compileUntrustedSchema(schema: object): ValidateFunction {
  const cached = byObject.get(schema);
  if (cached) return cached;
  const text = JSON.stringify(schema);
  const known = byText.get(text);
  if (known) {
    byText.delete(text);
    byText.set(text, known);
    byObject.set(schema, known);
    return known;
  }
  const verdict = checkUntrustedSchema(schema);
  if (!verdict.ok) throw new Error(verdict.message);
  let fn: ValidateFunction;
  try {
    fn = untrustedAjv().compile(schema);
  } catch (err) {
    throw new Error(`schema does not compile: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    forget(untrustedAjv(), schema);
  }
  if (byText.size >= MAX_COMPILED_BY_TEXT) byText.delete(byText.keys().next().value!);
  byText.set(text, fn);
  byObject.set(schema, fn);
  return fn;
}
