import { UNDECLARED_RISK, type OllamaFunctionTool } from '../../src-shared';
import type { RegisteredTool, SkillRegistry } from '../platform/registry';

/** Registry actions as native Ollama function tools (the `tools` field of /api/chat). */
export function toOllamaTools(tools: readonly RegisteredTool[]): OllamaFunctionTool[] {
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: describe(t), parameters: t.input_schema },
  }));
}

function describe(tool: RegisteredTool): string {
  const notes: string[] = [];
  if (tool.provider !== 'core') notes.push(`${tool.provider} skill`);
  const risk = tool.risk ?? UNDECLARED_RISK;
  if (risk === 'disruptive') notes.push('asks the user to confirm before it runs');
  if (risk === 'security') notes.push('runs only if the household allowed it');
  return notes.length ? `${tool.description} (${notes.join('; ')})` : tool.description;
}

export function isDelete(name: string): boolean {
  return /_delete$/.test(name);
}

/**
 * The catalog is rebuilt only when the registry's tool set changes (plugins reload,
 * workers come and go): with 60 tools the conversion is cheap, but not free per step.
 */
export class ToolCatalog {
  private key = '';
  private cached: OllamaFunctionTool[] = [];
  private byName = new Map<string, RegisteredTool>();

  constructor(private readonly registry: SkillRegistry) {}

  current(): { tools: OllamaFunctionTool[]; byName: ReadonlyMap<string, RegisteredTool> } {
    const list = this.registry.list();
    let key = '';
    for (const t of list) key += `${t.name}|${t.provider}|${t.source}\n`;
    if (key !== this.key || list.some((t) => this.byName.get(t.name) !== t)) {
      this.key = key;
      this.cached = toOllamaTools(list);
      this.byName = new Map(list.map((t) => [t.name, t]));
    }
    return { tools: this.cached, byName: this.byName };
  }
}
