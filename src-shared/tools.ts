// How a registry action is described to the UI and to Ollama.
import type { MemberRole, RiskClass } from './risk';

export type ToolProviderKind = 'core' | 'plugin' | 'remote' | 'mcp' | 'homeassistant';

export interface JsonSchemaObject {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | object;
  readonly [keyword: string]: unknown;
}

export interface ToolDescriptor {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchemaObject;
  readonly output_schema?: JsonSchemaObject;
  readonly provider: ToolProviderKind;
  readonly mutates: boolean;
  readonly requires_confirmation: boolean;
  /** The declared risk class; an action without one counts as `disruptive`. */
  readonly risk?: RiskClass;
  /** The roles that may run it at all (the chore chart's changes: adults); absent = every role, by its risk. */
  readonly roles?: readonly MemberRole[];
  /** For plugin and remote actions: the skill id and action name behind the tool. */
  readonly skill_id?: string;
  readonly action?: string;
}

/** `weather.local` / `forecast` -> `skill_weather_local_forecast` (every non-alphanumeric character becomes `_`). */
export function skillToolName(skillId: string, action: string): string {
  return `skill_${skillId.replace(/[^A-Za-z0-9]/g, '_')}_${action.replace(/[^A-Za-z0-9]/g, '_')}`;
}
