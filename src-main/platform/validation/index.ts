import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under ESM its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

export interface ValidationFailure {
  readonly message: string;
  /** JSON pointer of the offending value, "" for the root. */
  readonly path: string;
}

export type ValidationResult = { readonly ok: true } | { readonly ok: false; readonly error: ValidationFailure };

/**
 * One ajv for trusted schemas (our own, from src-shared): strict, no coercion, no
 * defaults, no removal of unknown properties. Bad input is rejected, never repaired.
 */
function createAjv(): Ajv {
  const ajv = new Ajv({
    strict: true,
    // Our own schemas are checked against the meta-schema in the tests
    // (validation/schemas.test.ts); compiling the meta-schema at start-up is the
    // single largest cost of a cold start.
    validateSchema: false,
    allErrors: false,
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  return ajv;
}

// Built on the first compile, not at import: the master answers its first request without
// validating anything, and an ajv with formats costs several milliseconds to set up.
let trustedAjv: Ajv | undefined;
const cache = new WeakMap<object, ValidateFunction>();

/**
 * Compiles once per schema object; later calls return the cached validator. The validator
 * lives as long as the schema object does: ajv's own cache (a Map keyed by the object) would
 * keep every schema ever compiled, and a skill reload brings new objects each time.
 */
export function compileSchema(schema: object): ValidateFunction {
  let fn = cache.get(schema);
  if (!fn) {
    trustedAjv ??= createAjv();
    fn = trustedAjv.compile(schema);
    forget(trustedAjv, schema);
    cache.set(schema, fn);
  }
  return fn;
}

/** Drops a compiled schema from ajv's internal cache; one with an `$id` stays referable. */
export function forget(ajv: Ajv, schema: object): void {
  if (!('$id' in schema)) ajv.removeSchema(schema);
}

/** How many schemas an ajv instance holds in its own cache (a test watches it for leaks). */
export function ajvCacheSize(ajv: Ajv | undefined): number {
  return (ajv as unknown as { _cache?: Map<unknown, unknown> } | undefined)?._cache?.size ?? 0;
}

/** The trusted instance's cache size. */
export function trustedSchemaCacheSize(): number {
  return ajvCacheSize(trustedAjv);
}

export function validate(schema: object, value: unknown): ValidationResult {
  return check(compileSchema(schema), value);
}

export function check(fn: ValidateFunction, value: unknown): ValidationResult {
  if (fn(value)) return { ok: true };
  return { ok: false, error: describeAjvError(fn.errors?.[0]) };
}

export function describeAjvError(err: ErrorObject | undefined): ValidationFailure {
  if (!err) return { message: 'invalid value', path: '' };
  const path = err.instancePath || '';
  const where = path === '' ? 'the input' : path;
  switch (err.keyword) {
    case 'additionalProperties':
      return {
        message: `${where} has an unknown property "${String(err.params.additionalProperty)}"`,
        path: `${path}/${String(err.params.additionalProperty)}`,
      };
    case 'required':
      return {
        message: `${where} is missing the required property "${String(err.params.missingProperty)}"`,
        path: `${path}/${String(err.params.missingProperty)}`,
      };
    case 'enum':
      return {
        message: `${where} must be one of ${(err.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
        path,
      };
    default:
      return { message: `${where} ${err.message ?? 'is invalid'}`, path };
  }
}

export { createAjv };

/** For tests and for untrusted input: is this a valid draft-07 JSON schema? */
export function isValidSchema(schema: unknown): ValidationResult {
  const ajv = new Ajv({ strict: true, allErrors: false });
  addFormats(ajv);
  if (ajv.validateSchema(schema as object) === true) {
    try {
      ajv.compile(schema as object);
      return { ok: true };
    } catch (err) {
      return { ok: false, error: { message: err instanceof Error ? err.message : String(err), path: '' } };
    }
  }
  return { ok: false, error: describeAjvError(ajv.errors?.[0] ?? undefined) };
}
