import type { OllamaFunctionTool } from '../../src-shared';
import type { RegisteredTool } from '../platform/registry';
import { SKILL_READ_TOOL } from '../skills';
import { estimateTokens } from './conversation';
import type { ToolEmbeddings } from './tool-embeddings';
import { ToolIndex, type PhraseSource } from './tool-retrieval';

// When more tools are active than the model can take (home control, MCP servers, skills),
// each request is offered only the relevant ones: keyword retrieval (and embeddings when an
// embedding model is set), the tools this conversation already used, and `tools_find`,
// through which the model reaches every other registered tool.

export interface ToolBudget {
  readonly maxTools: number;
  readonly maxTokens: number;
}

export const FIND_TOOLS = 'tools_find';

export const FIND_TOOLS_TOOL: OllamaFunctionTool = {
  type: 'function',
  function: {
    name: FIND_TOOLS,
    description:
      'Finds further tools of this household that are not listed here (devices, skills, services). Returns their names, descriptions and parameters; then call the one that fits.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['query'],
      properties: { query: { type: 'string', minLength: 1, maxLength: 300, description: 'What the tool should do, in a few words.' } },
    },
  },
};

export interface ToolOffer {
  /** What goes into the request's `tools` field (with tools_find when limited). */
  readonly tools: OllamaFunctionTool[];
  readonly limited: boolean;
  /** Estimated tokens of the offered tools' part of the prompt. */
  readonly tokens: number;
  readonly total: { readonly tools: number; readonly tokens: number };
}

const RECENT_LIMIT = 8;
// Offered whenever the budget applies and they exist: a household question may always be in a document.
const ALWAYS_OFFERED = ['rag_search'];
// Reciprocal rank fusion constant (keyword and embedding ranks).
const RRF_K = 60;
const FUSED_DEPTH = 100;

const tokenCache = new WeakMap<OllamaFunctionTool, number>();

export function toolTokens(tool: OllamaFunctionTool): number {
  let n = tokenCache.get(tool);
  if (n === undefined) {
    n = estimateTokens(JSON.stringify(tool));
    tokenCache.set(tool, n);
  }
  return n;
}

/** A skill's own tool (a `skill_<id>_<action>` of a local skill), whose instructions skill_read pages through. */
function isSkillTool(tool: RegisteredTool | undefined): boolean {
  return tool?.provider === 'plugin' && tool.skill_id !== undefined;
}

/** Chooses the tools of one request; the index follows the catalog's tool set. */
export class ToolSelection {
  private index?: { source: readonly OllamaFunctionTool[]; index: ToolIndex };
  private recent: string[] = [];

  constructor(
    private readonly phrases?: PhraseSource,
    private readonly embeddings?: ToolEmbeddings,
    private readonly onEmbeddingError?: (err: unknown) => void,
  ) {}

  /** Tools this conversation used: they stay offered in the next requests. */
  remember(names: readonly string[]): void {
    for (const name of names) {
      this.recent = [name, ...this.recent.filter((n) => n !== name)].slice(0, RECENT_LIMIT);
    }
  }

  forget(): void {
    this.recent = [];
  }

  private indexOf(tools: readonly OllamaFunctionTool[], byName: ReadonlyMap<string, RegisteredTool>): ToolIndex {
    if (this.index?.source !== tools) {
      const registered = tools.map((t) => byName.get(t.function.name)).filter((t): t is RegisteredTool => t !== undefined);
      this.index = { source: tools, index: new ToolIndex(registered, this.phrases) };
    }
    return this.index.index;
  }

  /** Tool names for a request, best first: keyword ranks, fused with embedding ranks when set. */
  async rank(request: string, tools: readonly OllamaFunctionTool[], byName: ReadonlyMap<string, RegisteredTool>): Promise<string[]> {
    const keyword = this.indexOf(tools, byName)
      .rank(request)
      .map((r) => r.tool.name);
    if (!this.embeddings) return keyword;
    let semantic: string[];
    try {
      semantic = (await this.embeddings.rank([...byName.values()], request)).map((t) => t.name);
    } catch (err) {
      this.onEmbeddingError?.(err);
      return keyword;
    }
    const score = new Map<string, number>();
    keyword.slice(0, FUSED_DEPTH).forEach((n, i) => score.set(n, (score.get(n) ?? 0) + 1 / (RRF_K + i)));
    semantic.slice(0, FUSED_DEPTH).forEach((n, i) => score.set(n, (score.get(n) ?? 0) + 1 / (RRF_K + i)));
    return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([n]) => n);
  }

  /**
   * The offer for one request. Everything when it fits the budget; otherwise the tools the
   * conversation used, then the ranked ones (each mutating pick with its domain's list tool,
   * which finds the ids it needs), as long as both limits hold, plus tools_find.
   */
  async offer(
    request: string,
    tools: readonly OllamaFunctionTool[],
    byName: ReadonlyMap<string, RegisteredTool>,
    budget: ToolBudget,
  ): Promise<ToolOffer> {
    let totalTokens = 0;
    for (const t of tools) totalTokens += toolTokens(t);
    const total = { tools: tools.length, tokens: totalTokens };
    if (tools.length <= budget.maxTools && totalTokens <= budget.maxTokens)
      return { tools: [...tools], limited: false, tokens: totalTokens, total };

    const byFn = new Map(tools.map((t) => [t.function.name, t]));
    const picked = new Map<string, OllamaFunctionTool>();
    const maxTools = Math.max(1, budget.maxTools - 1);
    let tokens = toolTokens(FIND_TOOLS_TOOL);
    const reader = byFn.get(SKILL_READ_TOOL);
    const take = (name: string): void => {
      const tool = byFn.get(name);
      if (!tool || picked.has(name) || picked.size >= maxTools) return;
      // A skill's first page points on to the rest of its instructions and its files, which only
      // skill_read reaches: a skill tool comes with it, or is left out for want of room.
      const withReader = reader !== undefined && !picked.has(SKILL_READ_TOOL) && name !== SKILL_READ_TOOL && isSkillTool(byName.get(name));
      const cost = toolTokens(tool) + (withReader ? toolTokens(reader) : 0);
      if (tokens + cost > budget.maxTokens || (withReader && picked.size + 2 > maxTools)) return;
      picked.set(name, tool);
      if (withReader) picked.set(SKILL_READ_TOOL, reader);
      tokens += cost;
    };
    for (const name of this.recent) take(name);
    for (const name of ALWAYS_OFFERED) take(name);
    for (const name of await this.rank(request, tools, byName)) {
      if (picked.size >= maxTools) break;
      take(name);
      const domain = /^(.+)_[a-z]+$/.exec(name)?.[1];
      if (domain && byName.get(name)?.mutates) {
        take(`${domain}_list`);
        take(`${domain}_search`);
      }
    }
    return { tools: [...picked.values(), FIND_TOOLS_TOOL], limited: true, tokens, total };
  }

  /** What tools_find answers: the best matches not offered yet. */
  async find(
    query: string,
    tools: readonly OllamaFunctionTool[],
    byName: ReadonlyMap<string, RegisteredTool>,
    offered: ReadonlySet<string>,
    limit = 5,
  ): Promise<OllamaFunctionTool[]> {
    const byFn = new Map(tools.map((t) => [t.function.name, t]));
    const names = (await this.rank(query, tools, byName)).filter((n) => !offered.has(n)).slice(0, limit);
    return names.map((n) => byFn.get(n)).filter((t): t is OllamaFunctionTool => t !== undefined);
  }
}
