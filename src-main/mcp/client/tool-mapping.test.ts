import { describe, expect, it } from 'vitest';
import { checkToolSchema, MCP_TOOL_NAME_MAX, mcpToolName, riskOfAnnotations } from './tool-mapping';

describe('MCP tools in the registry', () => {
  it('are named mcp_<server>_<tool> with every other character turned into _', () => {
    expect(mcpToolName('files', 'read_text_file')).toBe('mcp_files_read_text_file');
    expect(mcpToolName('my-server', 'get.sum')).toBe('mcp_my_server_get_sum');
  });

  it('keep long names within 64 characters and apart from each other', () => {
    const a = mcpToolName('server', `${'x'.repeat(80)}a`);
    const b = mcpToolName('server', `${'x'.repeat(80)}b`);
    expect(a.length).toBe(MCP_TOOL_NAME_MAX);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_]+$/);
  });

  it('take their risk class from the annotations', () => {
    expect(riskOfAnnotations({ readOnlyHint: true })).toBe('read');
    expect(riskOfAnnotations({ destructiveHint: true })).toBe('disruptive');
    expect(riskOfAnnotations({ readOnlyHint: false, destructiveHint: false })).toBe('reversible');
    expect(riskOfAnnotations(undefined)).toBe('reversible');
  });

  it('keep a valid schema as sent (without the dialect marker) and refuse an invalid one with the reason', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { type: 'number' } },
      required: ['a'],
    };
    expect(checkToolSchema(schema)).toEqual({
      ok: true,
      schema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
    });
    expect(checkToolSchema({ type: 'object', properties: { a: { type: 'no-such-type' } } })).toMatchObject({ ok: false });
    expect(checkToolSchema({ type: 'string' })).toEqual({ ok: false, reason: 'input schema does not describe an object' });
    expect(checkToolSchema('nope')).toMatchObject({ ok: false });
    expect(checkToolSchema({ type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } })).toMatchObject({ ok: false });
  });
});
