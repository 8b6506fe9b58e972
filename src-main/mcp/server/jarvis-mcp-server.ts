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
} from '@modelcontextprotocol/sdk/types.js';
import type { McpCaller } from './mcp-tool-calls';
import {
  callTool,
  JARVIS_RESOURCES,
  listResources,
  listTools,
  readResource,
  resourceText,
  RpcError,
  type JarvisMcpServerDeps,
} from './jarvis-mcp-methods';

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
 * JARVIS as an MCP server for one caller, built with the SDK's Server: the SDK handles the
 * JSON-RPC (initialize, batches, notifications, errors); jarvis-mcp-methods.ts answers.
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
  server.setRequestHandler(ListToolsRequestSchema, () => listTools(deps));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(deps, caller, request.params.name, request.params.arguments ?? {}));
  server.setRequestHandler(ListResourcesRequestSchema, () => listResources());
  // Part of the resources capability: JARVIS has no templated resources, so the list is empty.
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(deps, caller, request.params.uri));
  // JARVIS's prompt and resources take no arguments: there is never anything to complete.
  server.setRequestHandler(CompleteRequestSchema, () => ({ completion: { values: [], hasMore: false } }));
  // Each request is answered on its own (stateless), and JARVIS sends no log notifications;
  // the level is accepted so a client that sets one is not refused.
  server.setRequestHandler(SetLevelRequestSchema, () => ({}));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [...PROMPTS] }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== 'plan_my_day') throw new RpcError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    const [agenda, groceries] = await Promise.all(JARVIS_RESOURCES.map((r) => resourceText(deps, caller, r)));
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
