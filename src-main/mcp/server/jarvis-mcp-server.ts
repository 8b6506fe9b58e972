import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  type CallToolResult,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { RiskClass, ToolResult } from '../../../src-shared';
import type { RegisteredTool, SkillRegistry } from '../../platform/registry';
import type { McpCaller, McpToolCalls } from './mcp-tool-calls';
import { DOMAIN_RESOURCES, type DomainResource } from '../../household';

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

const PROMPTS = [
  {
    name: 'plan_my_day',
    title: 'Plan my day',
    description: "Today's appointments and the shopping list, with a request to plan the day around them.",
  },
] as const;

// The SDK builds an ajv instance per Server unless it is given one; /mcp builds a Server per
// request, and JARVIS never asks the client for input, so one validator serves them all.
let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * JARVIS as an MCP server for one caller, built with the SDK's Server. Tools are read from
 * the registry at every tools/list, so skills that come and go are seen at once; every
 * tools/call goes through McpToolCalls (policy, protocol, registry).
 */
export function createJarvisMcpServer(deps: JarvisMcpServerDeps, caller: McpCaller): Server {
  const server = new Server(
    { name: 'jarvis-home-command', title: 'JARVIS Home Command', version: deps.version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {}, logging: {} },
      jsonSchemaValidator: (sharedValidator ??= new AjvJsonSchemaValidator()),
      instructions:
        "JARVIS keeps this household: calendar, tasks, reminders, groceries, recipes, meal plan, kanban and skills. Actions that need the household's confirmation do not run from here.",
    },
  );
  const readResource = async (resource: DomainResource): Promise<string> => {
    const result = await deps.calls.call(caller, resource.tool, resource.args);
    if (!result.success) throw new RpcError(ErrorCode.InternalError, result.message);
    return JSON.stringify(result.data ?? null);
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: exposedTools(deps.registry).map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    const tool = deps.registry.get(name);
    if (!tool || tool.provider === 'mcp') throw new RpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    return toCallResult(await deps.calls.call(caller, name, request.params.arguments ?? {}));
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: JARVIS_RESOURCES.map(({ uri, name, title, description }) => ({
      uri,
      name,
      title,
      description,
      mimeType: 'application/json',
    })),
  }));
  // Part of the resources capability: JARVIS has no templated resources, so the list is empty.
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = JARVIS_RESOURCES.find((r) => r.uri === request.params.uri);
    if (!resource) throw new RpcError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}`);
    return { contents: [{ uri: resource.uri, mimeType: 'application/json', text: await readResource(resource) }] };
  });
  // JARVIS's prompt and resources take no arguments: there is never anything to complete.
  server.setRequestHandler(CompleteRequestSchema, () => ({ completion: { values: [], hasMore: false } }));
  // Each request is answered on its own (stateless), and JARVIS sends no log notifications;
  // the level is accepted so a client that sets one is not refused.
  server.setRequestHandler(SetLevelRequestSchema, () => ({}));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [...PROMPTS] }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== 'plan_my_day') throw new RpcError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    const [agenda, groceries] = await Promise.all(JARVIS_RESOURCES.map(readResource));
    return {
      description: PROMPTS[0].description,
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'resource' as const,
            resource: { uri: JARVIS_RESOURCES[0]!.uri, mimeType: 'application/json', text: agenda },
          },
        },
        {
          role: 'user' as const,
          content: {
            type: 'resource' as const,
            resource: { uri: JARVIS_RESOURCES[1]!.uri, mimeType: 'application/json', text: groceries },
          },
        },
        {
          role: 'user' as const,
          content: {
            type: 'text' as const,
            text: 'Plan my day around these appointments: when to run errands, and what to buy on the way from the shopping list.',
          },
        },
      ],
    };
  });
  return server;
}
