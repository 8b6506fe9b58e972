import { describe, expect, it } from 'vitest';
import { HOME_TOOL_NAMES, HOME_TOOL_SPECS, RECIPES_FILE_SCHEMA, SYMBOLIC_TIME_SCHEMA } from '../../src-shared';
import { isValidSchema, validate } from '../platform/validation';

/** Every object schema inside `schema`, with its JSON pointer. */
function objectSchemas(schema: unknown, path = ''): [string, Record<string, unknown>][] {
  if (!schema || typeof schema !== 'object') return [];
  const out: [string, Record<string, unknown>][] = [];
  const s = schema as Record<string, unknown>;
  if (s.type === 'object') out.push([path, s]);
  for (const [k, v] of Object.entries(s)) {
    if (Array.isArray(v)) v.forEach((x, i) => out.push(...objectSchemas(x, `${path}/${k}/${i}`)));
    else if (v && typeof v === 'object') out.push(...objectSchemas(v, `${path}/${k}`));
  }
  return out;
}

describe('household tool schemas', () => {
  it('are valid JSON schemas (start-up skips this check)', () => {
    for (const name of HOME_TOOL_NAMES) expect(isValidSchema(HOME_TOOL_SPECS[name].input_schema), name).toEqual({ ok: true });
    expect(isValidSchema(RECIPES_FILE_SCHEMA)).toEqual({ ok: true });
  });

  it('close every object with additionalProperties:false', () => {
    for (const name of HOME_TOOL_NAMES) {
      for (const [path, s] of objectSchemas(HOME_TOOL_SPECS[name].input_schema))
        expect(s.additionalProperties, `${name}${path}`).toBe(false);
    }
  });

  it('accept the three symbolic time forms of the spec and nothing else', () => {
    const ok = [
      { kind: 'relative', offset_days: 0 },
      { kind: 'relative', offset_days: 1, time: '15:30' },
      { kind: 'weekday', weekday: 'monday' },
      { kind: 'weekday', weekday: 'monday', force_next: true },
      { kind: 'absolute', date: '2026-08-31', time: '18:00' },
    ];
    for (const v of ok) expect(validate(SYMBOLIC_TIME_SCHEMA, v), JSON.stringify(v)).toEqual({ ok: true });
    const bad = [
      { kind: 'relative', offset_days: 1.5 },
      { kind: 'relative', offset_days: '1' },
      { kind: 'weekday', weekday: 'Montag' },
      { kind: 'absolute', date: '31.08.2026' },
      { kind: 'absolute', date: '2026-08-31', time: '6pm' },
      { kind: 'absolute', date: '2026-08-31', extra: 1 },
      '2026-08-31T18:00:00+02:00',
    ];
    for (const v of bad) expect(validate(SYMBOLIC_TIME_SCHEMA, v).ok, JSON.stringify(v)).toBe(false);
  });
});
