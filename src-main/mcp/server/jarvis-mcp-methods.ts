import type {
  CallToolResult,
  ListResourcesResult,
  ListToolsResult,
  ReadResourceResult,
  Tool,
  ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { RiskClass, ToolResult } from '../../../src-shared';
import type { RegisteredTool, SkillRegistry } from '../../platform/registry';
import { DOMAIN_RESOURCES, type DomainResource } from '../../household';
import type { McpCaller, McpToolCalls } from './mcp-tool-calls';

/** JSON-RPC's codes as the SDK's ErrorCode has them (this module is loaded without the SDK). */
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/**
 * A JSON-RPC error as the SDK sends it: its `code`, and the message as is. (The SDK's
 * McpError puts "MCP error <code>:" into the message, and the client's SDK adds it again.)
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export interface JarvisMcpServerDeps {
  readonly registry: SkillRegistry;
  readonly calls: McpToolCalls;
  readonly version: string;
}

/** What a risk class tells an MCP client about a tool. */
export function annotationsOf(risk: RiskClass | undefined, title: string): ToolAnnotations {
  const r = risk ?? 'disruptive';
  return {
    title,
    readOnlyHint: r === 'read',
    destructiveHint: r === 'disruptive' || r === 'security',
    openWorldHint: false,
  };
}

/** The tools an MCP client sees: every active tool but those of other MCP servers and those the policy refuses anyway. */
export function exposedTools(registry: SkillRegistry): RegisteredTool[] {
  return registry.list().filter((t) => t.provider !== 'mcp' && registry.riskOf(t.name)?.decision !== 'deny');
}

function toMcpTool(tool: RegisteredTool): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.input_schema as Tool['inputSchema'],
    annotations: annotationsOf(tool.risk, tool.action ?? tool.name),
  };
}

function toCallResult(result: ToolResult): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: result.message }];
  if (result.data !== undefined) content.push({ type: 'text', text: JSON.stringify(result.data) });
  return {
    content,
    structuredContent: { ...result } as Record<string, unknown>,
    ...(result.success ? {} : { isError: true }),
  };
}

/** Read through the same read-only tools (and policy) as any tool call; each list declares its own in its DOMAINS row. */
export const JARVIS_RESOURCES: readonly DomainResource[] = DOMAIN_RESOURCES;

/*
 * What JARVIS answers to each MCP method, once: the SDK's Server registers these, and the
 * direct answer to a plain request (direct-answer.ts) calls the same functions.
 */

/** Tools are read from the registry at every tools/list, so skills that come and go are seen at once. */
export function listTools(deps: JarvisMcpServerDeps): ListToolsResult {
  return { tools: exposedTools(deps.registry).map(toMcpTool) };
}

/** Every tools/call goes through McpToolCalls: the one gate, the protocol, the registry. */
export async function callTool(
  deps: JarvisMcpServerDeps,
  caller: McpCaller,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const tool = deps.registry.get(name);
  if (!tool || tool.provider === 'mcp') throw new RpcError(INVALID_PARAMS, `Unknown tool: ${name}`);
  return toCallResult(await deps.calls.call(caller, name, args));
}

export function listResources(): ListResourcesResult {
  return {
    resources: JARVIS_RESOURCES.map(({ uri, name, title, description }) => ({
      uri,
      name,
      title,
      description,
      mimeType: 'application/json',
    })),
  };
}

/** A resource's text: the data of its read-only tool, called like any tool call. */
export async function resourceText(deps: JarvisMcpServerDeps, caller: McpCaller, resource: DomainResource): Promise<string> {
  const result = await deps.calls.call(caller, resource.tool, resource.args);
  if (!result.success) throw new RpcError(INTERNAL_ERROR, result.message);
  return JSON.stringify(result.data ?? null);
}

export async function readResource(deps: JarvisMcpServerDeps, caller: McpCaller, uri: string): Promise<ReadResourceResult> {
  const resource = JARVIS_RESOURCES.find((r) => r.uri === uri);
  if (!resource) throw new RpcError(INVALID_PARAMS, `Unknown resource: ${uri}`);
  return { contents: [{ uri: resource.uri, mimeType: 'application/json', text: await resourceText(deps, caller, resource) }] };
}
