import { createHash } from 'node:crypto';
import type { JsonSchemaObject, RiskClass } from '../../../src-shared';
import { compileUntrustedSchema } from '../../skills/process';

/** Many MCP clients and models accept tool names up to 64 characters. */
export const MCP_TOOL_NAME_MAX = 64;

function sanitise(part: string): string {
  return part.replace(/[^A-Za-z0-9]/g, '_');
}

/**
 * `mcp_<server>_<tool>` with every non-alphanumeric character turned into `_`. A name that
 * would be longer than 64 characters is cut and ends in a short hash of the full name, so two
 * long names never meet.
 */
export function mcpToolName(server: string, tool: string): string {
  const full = `mcp_${sanitise(server)}_${sanitise(tool)}`;
  if (full.length <= MCP_TOOL_NAME_MAX) return full;
  const hash = createHash('sha256').update(`${server}\u0000${tool}`).digest('hex').slice(0, 8);
  return `${full.slice(0, MCP_TOOL_NAME_MAX - 9)}_${hash}`;
}

/** The name the risk policy knows a server's sampling by (`__` cannot come from mcpToolName's tool part alone). */
export function mcpSamplingName(server: string): string {
  return `${mcpToolName(server, '')}_sampling`;
}

export interface ToolHints {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
}

/**
 * What a server says about its tool, as a risk class: read-only tools read, tools marked
 * destructive are disruptive, anything else is reversible. The household can change any
 * tool's decision in its risk policy.
 */
export function riskOfAnnotations(annotations: ToolHints | undefined): RiskClass {
  if (annotations?.readOnlyHint === true) return 'read';
  if (annotations?.destructiveHint === true) return 'disruptive';
  return 'reversible';
}

export type SchemaCheck = { readonly ok: true; readonly schema: JsonSchemaObject } | { readonly ok: false; readonly reason: string };

/**
 * A server's input schema, checked like a skill manifest's (size, depth, ajv's secure
 * meta-schema, strict compile). The `$schema` marker many servers add names the dialect
 * and is dropped; everything else is kept as the server sent it.
 */
export function checkToolSchema(schema: unknown): SchemaCheck {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    return { ok: false, reason: 'input schema is not a JSON object' };
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  if (rest.type !== 'object') return { ok: false, reason: 'input schema does not describe an object' };
  try {
    compileUntrustedSchema(rest);
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
  return { ok: true, schema: rest as JsonSchemaObject };
}
