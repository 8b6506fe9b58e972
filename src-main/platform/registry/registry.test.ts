import { describe, expect, it } from 'vitest';
import { toolSuccess } from '../../../src-shared';
import { SkillRegistry, type RegisteredTool, type ToolContext, type ToolProvider } from './registry';

const ctx: ToolContext = { traceId: 't', now: new Date('2026-03-01T10:00:00Z'), timezone: 'Europe/Berlin', actor: 'system' };

function provider(calls: unknown[]): ToolProvider {
  const tool: RegisteredTool = {
    name: 'notes_add',
    description: 'Add a note',
    input_schema: {
      type: 'object',
      properties: { text: { type: 'string', minLength: 1 } },
      required: ['text'],
      additionalProperties: false,
    },
    provider: 'core',
    mutates: true,
    requires_confirmation: false,
    source: 'core',
  };
  return {
    kind: 'core',
    list: () => [tool],
    async call(_name, args) {
      calls.push(args);
      return toolSuccess(args, 'ok', true);
    },
  };
}

describe('SkillRegistry', () => {
  it('runs a valid call through its provider', async () => {
    const calls: unknown[] = [];
    const r = new SkillRegistry();
    r.addProvider(provider(calls));
    const result = await r.call('notes_add', { text: 'Milch' }, ctx);
    expect(result.success).toBe(true);
    expect(calls).toEqual([{ text: 'Milch' }]);
  });

  it('rejects an unknown tool and invalid arguments without reaching the provider', async () => {
    const calls: unknown[] = [];
    const r = new SkillRegistry();
    r.addProvider(provider(calls));
    expect((await r.call('notes_drop', {}, ctx)).error?.code).toBe('UNKNOWN_TOOL');
    const bad = await r.call('notes_add', { text: 'x', extra: 1 }, ctx);
    expect(bad.error).toMatchObject({ code: 'INVALID_ARGUMENTS', path: '/extra' });
    const wrongType = await r.call('notes_add', { text: 5 }, ctx);
    expect(wrongType.error).toMatchObject({ code: 'INVALID_ARGUMENTS', path: '/text' });
    expect((await r.call('notes_add', [1], ctx)).error?.code).toBe('INVALID_ARGUMENTS');
    expect(calls).toEqual([]);
  });

  it('turns a throwing provider into a failure result, never a success', async () => {
    const r = new SkillRegistry();
    const p = provider([]);
    r.addProvider({ ...p, list: p.list, call: async () => Promise.reject(new Error('disk full')) });
    const result = await r.call('notes_add', { text: 'a' }, ctx);
    expect(result).toMatchObject({ success: false, mutated: false, error: { code: 'TOOL_FAILED', message: 'disk full' } });
  });
});

describe('SkillRegistry name clashes', () => {
  function named(kind: ToolProvider['kind'], source: string, calls: string[]): ToolProvider {
    const tool: RegisteredTool = {
      name: 'calendar_list',
      description: 'x',
      input_schema: { type: 'object' },
      provider: kind,
      mutates: false,
      requires_confirmation: false,
      source,
    };
    return { kind, list: () => [tool], call: async () => (calls.push(source), toolSuccess({}, source, false)) };
  }

  it('core wins over a plugin added before it, and the clash is reported', async () => {
    const calls: string[] = [];
    const r = new SkillRegistry();
    r.addProvider(named('remote', 'worker-1', calls));
    r.addProvider(named('plugin', 'skills/evil', calls));
    r.addProvider(named('core', 'core', calls));
    await r.call('calendar_list', {}, ctx);
    expect(calls).toEqual(['core']);
    expect(r.get('calendar_list')?.source).toBe('core');
    expect(r.list()).toHaveLength(1);
    expect(r.collisions()).toEqual([
      {
        name: 'calendar_list',
        winner: { provider: 'core', source: 'core' },
        shadowed: [
          { provider: 'plugin', source: 'skills/evil' },
          { provider: 'remote', source: 'worker-1' },
        ],
      },
    ]);
  });

  it('an MCP server never replaces a tool of any other provider', async () => {
    const calls: string[] = [];
    const r = new SkillRegistry();
    r.addProvider(named('mcp', 'mcp:evil', calls));
    r.addProvider(named('remote', 'worker-1', calls));
    await r.call('calendar_list', {}, ctx);
    expect(calls).toEqual(['worker-1']);
  });

  it('an MCP client, like the assistant, gets no "ask" action run without the household', async () => {
    const calls: unknown[] = [];
    const r = new SkillRegistry();
    r.addProvider(provider(calls));
    // notes_add declares no risk class: it counts as disruptive, which the default policy asks about.
    const refused = await r.call('notes_add', { text: 'x' }, { ...ctx, actor: 'mcp' });
    expect(refused.error?.code).toBe('CONFIRMATION_REQUIRED');
    expect(calls).toEqual([]);
    expect((await r.call('notes_add', { text: 'x' }, { ...ctx, actor: 'user' })).success).toBe(true);
  });
});
