import {
  HOME_TOOL_NAMES,
  HOME_TOOL_SPECS,
  homeToolMutates,
  homeToolRisk,
  isHomeToolName,
  toolFailure,
  type ToolResult,
} from '../../src-shared';
import type { RegisteredTool, ToolContext, ToolProvider } from '../platform/registry';
import type { HouseholdService } from './service';

/** The household's tools in the skill registry (provider kind "core", source "core"). */
export function householdToolProvider(service: HouseholdService): ToolProvider {
  const tools: readonly RegisteredTool[] = HOME_TOOL_NAMES.map((name) => ({
    name,
    description: HOME_TOOL_SPECS[name].description,
    input_schema: HOME_TOOL_SPECS[name].input_schema,
    provider: 'core',
    mutates: homeToolMutates(name),
    // The spec's risk class is the declaration; the flag only mirrors it for readers of the descriptor.
    requires_confirmation: homeToolRisk(name) === 'disruptive',
    risk: homeToolRisk(name),
    source: 'core',
  }));
  return {
    kind: 'core',
    list: () => tools,
    async call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
      if (!isHomeToolName(name)) return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
      return service.call(name, args, ctx);
    },
  };
}
