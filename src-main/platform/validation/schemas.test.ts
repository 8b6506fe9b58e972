import { describe, expect, it } from 'vitest';
import { compileSchema, isValidSchema, validate } from './index';

// Start-up skips meta-schema checks for our own schemas; this test is where they happen.
// Every schema the project ships is listed here (capabilities add theirs).
export const SHIPPED_SCHEMAS: Record<string, object> = {};

describe('validation', () => {
  it('every shipped schema is a valid JSON schema', () => {
    for (const [name, schema] of Object.entries(SHIPPED_SCHEMAS)) expect(isValidSchema(schema), name).toEqual({ ok: true });
  });

  it('rejects invalid schemas', () => {
    expect(isValidSchema({ type: 'strnig' }).ok).toBe(false);
    expect(isValidSchema({ type: 'object', propertiez: {} }).ok).toBe(false);
  });

  it('compiles a schema once and reports the JSON path of a problem', () => {
    const schema = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'integer' } } } } };
    expect(compileSchema(schema)).toBe(compileSchema(schema));
    const r = validate(schema, { a: { b: 'x' } });
    expect(r).toEqual({ ok: false, error: { message: '/a/b must be integer', path: '/a/b' } });
  });

  it('never coerces or strips', () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false };
    const value = { n: '1' };
    expect(validate(schema, value).ok).toBe(false);
    const extra = { n: 1, x: 2 };
    expect(validate(schema, extra).ok).toBe(false);
    expect(extra).toEqual({ n: 1, x: 2 });
  });
});
