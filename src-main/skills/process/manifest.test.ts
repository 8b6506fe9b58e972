import { describe, expect, it } from 'vitest';
import { SKILL_INVOKE_REQUEST_SCHEMA, SKILL_INVOKE_RESULT_SCHEMA, SKILL_MANIFEST_SCHEMA } from '../../../src-shared';
import { isValidSchema } from '../../platform/validation';
import { checkUntrustedSchema, compileUntrustedSchema } from './action-schemas';
import { parseManifest } from './manifest';

const weather = {
  protocol: 'jarvis.skill.v1',
  id: 'weather.local',
  name: 'Local Weather',
  version: '1.0.0',
  runtime: { type: 'process', command: 'python3', args: ['main.py'], timeout_ms: 5000 },
  permissions: { system_exec: true },
  actions: [
    {
      name: 'forecast',
      description: 'Liefert eine Vorhersage.',
      mutates: false,
      input_schema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'], additionalProperties: false },
      output_schema: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'], additionalProperties: false },
    },
  ],
};

describe('jarvis.skill.v1 manifests', () => {
  it('the published schemas are valid JSON schemas', () => {
    for (const schema of [SKILL_MANIFEST_SCHEMA, SKILL_INVOKE_REQUEST_SCHEMA, SKILL_INVOKE_RESULT_SCHEMA])
      expect(isValidSchema(schema)).toEqual({ ok: true });
  });

  it('accepts the spec/000 weather.local example', () => {
    expect(parseManifest(weather)).toMatchObject({ ok: true });
  });

  it('rejects a wrong protocol, a missing field, an unknown field and JARVIS_ names in env_from', () => {
    expect(parseManifest({ ...weather, protocol: 'jarvis.skill.v2' }).ok).toBe(false);
    const { runtime: _r, ...noRuntime } = weather;
    expect(parseManifest(noRuntime)).toMatchObject({ ok: false, errors: [expect.stringContaining('runtime')] });
    expect(parseManifest({ ...weather, colour: 'blue' })).toMatchObject({ ok: false, errors: [expect.stringContaining('colour')] });
    expect(parseManifest({ ...weather, runtime: { ...weather.runtime, env_from: ['JARVIS_MESH_ENROLLMENT_TOKEN'] } }).ok).toBe(false);
    expect(parseManifest({ ...weather, runtime: { ...weather.runtime, env_from: ['SERVICE_URL'] } }).ok).toBe(true);
  });

  it('rejects duplicate actions and input schemas that are not objects', () => {
    expect(parseManifest({ ...weather, actions: [weather.actions[0], weather.actions[0]] })).toMatchObject({
      ok: false,
      errors: [expect.stringContaining('twice')],
    });
    const arrayInput = { ...weather.actions[0], input_schema: { type: 'array' } };
    expect(parseManifest({ ...weather, actions: [arrayInput] }).ok).toBe(false);
  });

  it('checks action schemas as untrusted: meta-schema, secure meta-schema, size, depth, $id', () => {
    const bad = (schema: object) => parseManifest({ ...weather, actions: [{ ...weather.actions[0], input_schema: schema }] });
    expect(bad({ type: 'object', properties: { a: { type: 'strnig' } } })).toMatchObject({
      ok: false,
      errors: [expect.stringContaining('input_schema')],
    });
    expect(bad({ type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } })).toMatchObject({
      ok: false,
      errors: [expect.stringContaining('unsafe')],
    });
    expect(bad({ type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$', maxLength: 20 } } }).ok).toBe(true);
    expect(bad({ type: 'object', $id: 'http://x/y', properties: {} })).toMatchObject({
      ok: false,
      errors: [expect.stringContaining('$id')],
    });
    expect(bad({ type: 'object', properties: { a: { type: 'string' } }, colour: 1 }).ok).toBe(false);
    let deep: object = { type: 'object' };
    for (let i = 0; i < 20; i++) deep = { type: 'object', properties: { x: deep } };
    expect(bad(deep)).toMatchObject({ ok: false, errors: [expect.stringContaining('deeper')] });
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    expect(checkUntrustedSchema(wide)).toMatchObject({ ok: false, message: expect.stringContaining('bytes') });
  });

  it('compiles each action schema once', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' } } };
    expect(compileUntrustedSchema(schema)).toBe(compileUntrustedSchema(schema));
  });
});
