import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolSuccess } from '../../../src-shared';
import { SkillRegistry, type RegisteredTool, type ToolProvider } from '../../platform/registry';
import { Tracer } from '../../platform/trace';
import { ProtocolRecorder, type ProtocolService } from '../../protocol';
import { countedProtocol } from '../../testing/counted-protocol';
import { MemoryHomeProvider } from '../../testing/memory-home-provider';
import { answerDirectly, type McpPost } from './direct-answer';
import type { JarvisMcpServerDeps } from './jarvis-mcp-methods';
import { createJarvisMcpServer } from './jarvis-mcp-server';
import { McpToolCalls } from './mcp-tool-calls';

/** A tool another MCP server offers: JARVIS does not pass it on to its own clients. */
const foreign: ToolProvider = {
  kind: 'mcp',
  list: (): RegisteredTool[] => [
    {
      name: 'mcp_other_echo',
      description: 'echo',
      input_schema: { type: 'object' },
      provider: 'mcp',
      mutates: false,
      requires_confirmation: false,
      risk: 'read',
      source: 'mcp:other',
    },
  ],
  call: async () => toolSuccess({}, 'echoed', false),
};

const caller = { key: 'tok_1', name: 'Claude' };
const headers = { accept: 'application/json, text/event-stream', contentType: 'application/json', protocolVersion: undefined };
const post = (body: unknown, more: Partial<McpPost> = {}): McpPost => ({ ...headers, ...more, body });

describe('the direct answer to a plain MCP request', () => {
  let dir: string;
  let deps: JarvisMcpServerDeps;
  let protocol: ProtocolService;
  let sdk: (message: JSONRPCMessage) => Promise<unknown>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-mcp-direct-'));
    const counted = countedProtocol(dir);
    protocol = counted.protocol;
    const registry = new SkillRegistry();
    registry.addProvider(new MemoryHomeProvider());
    registry.addProvider(foreign);
    const calls = new McpToolCalls({
      registry,
      recorder: new ProtocolRecorder(protocol),
      tracer: new Tracer({ enabled: false, limit: 10, now: () => new Date() }),
      clock: () => new Date(),
      timezone: 'Europe/Berlin',
      onAuditError: (op, err) => {
        throw new Error(`${op}: ${String(err)}`);
      },
    });
    deps = { registry, calls, version: 'test' };
    // The SDK's own Server for the same caller, over its in-memory transport: what it answers is the reference.
    const [client, server] = InMemoryTransport.createLinkedPair();
    await createJarvisMcpServer(deps, caller).connect(server);
    await client.start();
    const waiting = new Map<unknown, (answer: unknown) => void>();
    client.onmessage = (message) => waiting.get((message as { id?: unknown }).id)?.(message);
    sdk = (message) =>
      new Promise((resolve) => {
        waiting.set((message as { id: unknown }).id, resolve);
        void client.send(message);
      });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const requests: [string, JSONRPCMessage][] = [
    ['tools/list', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
    ['tools/list with empty params', { jsonrpc: '2.0', id: 'a', method: 'tools/list', params: {} }],
    ['a read', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'tasks_list', arguments: {} } }],
    ['a call without arguments', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'groceries_list' } }],
    ['arguments the tool refuses', { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'tasks_create', arguments: {} } }],
    ['an unknown tool', { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }],
    ["another MCP server's tool", { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'mcp_other_echo', arguments: {} } }],
    ['resources/list', { jsonrpc: '2.0', id: 7, method: 'resources/list' }],
    ['a resource', { jsonrpc: '2.0', id: 8, method: 'resources/read', params: { uri: 'jarvis://groceries/open' } }],
    ['an unknown resource', { jsonrpc: '2.0', id: 9, method: 'resources/read', params: { uri: 'jarvis://nothing' } }],
  ];

  it.each(requests)('answers %s exactly as the SDK server does', async (_name, message) => {
    const direct = await answerDirectly(deps, caller, post(message));
    expect(direct).toBeDefined();
    expect(JSON.parse(direct!)).toEqual(await sdk(message));
  });

  it('records each call it answers in the protocol, through the same gate', async () => {
    const before = protocol.sessions().length;
    await answerDirectly(
      deps,
      caller,
      post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'tasks_list', arguments: {} } }),
    );
    const sessions = protocol.sessions();
    expect(sessions.length).toBe(before + 1);
    expect(sessions.at(-1)).toMatchObject({ status: 'completed', sealed: true });
  });

  it('leaves to the SDK what it does not answer the same way, or what the transport refuses', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'tasks_list', arguments: {} } };
    const declined: [string, McpPost][] = [
      ['initialize', post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} })],
      ['ping', post({ jsonrpc: '2.0', id: 1, method: 'ping' })],
      ['a batch', post([call])],
      ['a notification', post({ jsonrpc: '2.0', method: 'notifications/initialized' })],
      ['a progress token', post({ ...call, params: { ...call.params, _meta: { progressToken: 1 } } })],
      ['a task', post({ ...call, params: { ...call.params, task: {} } })],
      ['a cursor', post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'x' } })],
      ['a key JSON-RPC does not have', post({ ...call, extra: true })],
      ['a fractional id', post({ ...call, id: 1.5 })],
      ['no JSON-RPC version', post({ ...call, jsonrpc: '1.0' })],
      ['an Accept without event streams', post(call, { accept: 'application/json' })],
      ['a body that is not JSON', post(call, { contentType: 'text/plain' })],
      ['an unknown protocol version', post(call, { protocolVersion: '1999-01-01' })],
    ];
    for (const [name, request] of declined) expect([name, await answerDirectly(deps, caller, request)]).toEqual([name, undefined]);
    const versioned = await answerDirectly(
      deps,
      caller,
      post(call, { protocolVersion: '2025-06-18', contentType: 'application/json; charset=utf-8' }),
    );
    expect(JSON.parse(versioned!)).toMatchObject({ jsonrpc: '2.0', id: 1, result: { structuredContent: { success: true } } });
  });
});
