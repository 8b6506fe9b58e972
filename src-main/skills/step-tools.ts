// Built-in step tools: the tools OpenJarvis's own registry provides to skill.toml pipelines
// (`tool_name = "think"`), as far as a household assistant can offer them safely. They run
// inside the pipeline runner only; the model never sees them as tools of their own.
import { toolFailure, toolSuccess, type RiskClass, type SkillCapability, type ToolResult } from '../../src-shared';
import { check, compileSchema } from '../platform/validation';
import { CalculatorError, evaluateExpression } from './calculator';
import { readTextFile, resolveReadableFile, StepFileRefused, type ReadableFolders } from './step-file-read';

/** A prompt to the configured Ollama model, answered as plain text. */
export type GenerateText = (prompt: string, options: { readonly system?: string }) => Promise<string>;

/** One excerpt of a household document, as the knowledge capability finds it. */
export interface DocumentHit {
  readonly document: string;
  readonly location: string;
  readonly score: number;
  readonly excerpt: string;
}

/** The household's documents as pipelines see them; the master injects it (the skills capability never imports knowledge). */
export interface SkillDocuments {
  search(query: string, topK: number): Promise<readonly DocumentHit[]>;
}

export interface StepToolContext {
  /** Absent where no model is set up (tests of the engine alone). */
  readonly generate?: GenerateText;
  /** Absent where no document index runs (the CLI's engine without a master). */
  readonly documents?: SkillDocuments;
  /** Where `file_read` may read; absent outside a pipeline run. */
  readonly folders?: ReadableFolders;
}

export interface StepTool {
  readonly name: string;
  readonly description: string;
  /** The arguments as the docs and `jarvis skill info` name them. */
  readonly arguments: string;
  readonly input_schema: Record<string, unknown>;
  /** What a skill must declare in required_capabilities to use this step tool. */
  readonly capabilities: readonly SkillCapability[];
  readonly risk: RiskClass;
  /** Why it cannot run here, or undefined. */
  unavailable(ctx: StepToolContext): string | undefined;
  run(args: Record<string, unknown>, ctx: StepToolContext): Promise<ToolResult>;
}

const MAX_TEXT = 200_000;
const text = (description: string) => ({ type: 'string', maxLength: MAX_TEXT, description });

const think: StepTool = {
  name: 'think',
  description: 'A reasoning scratchpad: returns its thought unchanged; no model call, no side effects.',
  arguments: 'thought (text)',
  input_schema: { type: 'object', properties: { thought: text('the thought') }, required: ['thought'] },
  capabilities: [],
  risk: 'read',
  unavailable: () => undefined,
  run: (args) => Promise.resolve(toolSuccess(args.thought as string, 'Gedanke notiert.', false)),
};

function llmTool(name: string): StepTool {
  return {
    name,
    description: "Sends a prompt to the assistant's Ollama model and returns its answer as text.",
    arguments: 'prompt (text), system (text, optional)',
    input_schema: {
      type: 'object',
      properties: { prompt: { ...text('the prompt'), minLength: 1 }, system: text('an optional system message') },
      required: ['prompt'],
    },
    capabilities: ['engine:inference'],
    risk: 'read',
    unavailable: (ctx) => (ctx.generate ? undefined : 'no language model is set up for skills'),
    async run(args, ctx) {
      if (!ctx.generate) return toolFailure('STEP_TOOL_UNAVAILABLE', `${name}: no language model is set up for skills`);
      try {
        const answer = await ctx.generate(args.prompt as string, typeof args.system === 'string' ? { system: args.system } : {});
        return toolSuccess(answer, 'Antwort des Sprachmodells erhalten.', false);
      } catch (err) {
        return toolFailure(
          'STEP_TOOL_FAILED',
          `${name}: the language model did not answer (${err instanceof Error ? err.message : String(err)})`,
        );
      }
    },
  };
}

const calculator: StepTool = {
  name: 'calculator',
  description: 'Evaluates an arithmetic expression (+ - * / // % ** ^, parentheses, sqrt, log, sin, round, min, max, pi, e, …).',
  arguments: 'expression (text)',
  input_schema: { type: 'object', properties: { expression: { type: 'string', minLength: 1, maxLength: 1000 } }, required: ['expression'] },
  capabilities: [],
  risk: 'read',
  unavailable: () => undefined,
  run(args) {
    try {
      const value = evaluateExpression(args.expression as string);
      return Promise.resolve(toolSuccess(value, `${String(args.expression)} = ${value}`, false));
    } catch (err) {
      if (err instanceof CalculatorError) return Promise.resolve(toolFailure('STEP_TOOL_FAILED', `calculator: ${err.message}`));
      throw err;
    }
  },
};

const memorySearch: StepTool = {
  name: 'memory_search',
  description: "Searches the household's indexed documents; returns the best excerpts as text, each with its document name.",
  arguments: 'query (text), top_k (1–20, default 5; limit is accepted too)',
  input_schema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 2000 },
      top_k: { type: 'integer', minimum: 1, maximum: 20 },
      limit: { type: 'integer', minimum: 1, maximum: 20 },
    },
    required: ['query'],
  },
  capabilities: ['memory:read'],
  risk: 'read',
  unavailable: (ctx) =>
    ctx.documents ? undefined : "the household's documents are searched by the running JARVIS only (not by the CLI alone)",
  async run(args, ctx) {
    if (!ctx.documents)
      return toolFailure('STEP_TOOL_UNAVAILABLE', "memory_search: the household's documents are searched by the running JARVIS only");
    const query = String(args.query).trim();
    if (!query) return toolFailure('STEP_TOOL_ARGUMENTS', 'memory_search: query must not be blank', '/query');
    const topK = typeof args.top_k === 'number' ? args.top_k : typeof args.limit === 'number' ? args.limit : 5;
    const hits = await ctx.documents.search(query, topK);
    // As OpenJarvis's memory_search answers: numbered lines with score and source.
    const text =
      hits.length === 0
        ? 'No results found.'
        : hits
            .map(
              (h, i) =>
                `${i + 1}. [${h.score.toFixed(2)}] (source: ${h.location ? `${h.document}, ${h.location}` : h.document}) ${h.excerpt}`,
            )
            .join('\n');
    return toolSuccess(text, `${hits.length} Dokumentstellen gefunden.`, false);
  },
};

const fileRead: StepTool = {
  name: 'file_read',
  description:
    "Reads a text file from the household's document folder or the skill's own folder (at most 2 MB; no PDFs or other binaries).",
  arguments: 'path (text: relative to the skill folder or document folder, or absolute inside them), max_lines (optional)',
  input_schema: {
    type: 'object',
    properties: { path: { type: 'string', minLength: 1, maxLength: 1024 }, max_lines: { type: 'integer', minimum: 1 } },
    required: ['path'],
  },
  capabilities: ['filesystem:read'],
  risk: 'read',
  unavailable: () => undefined,
  run(args, ctx) {
    const requested = String(args.path);
    try {
      const path = resolveReadableFile(requested, ctx.folders ?? { documents: [] });
      let text = readTextFile(path, requested);
      if (typeof args.max_lines === 'number')
        text = text
          .split(/(?<=\n)/)
          .slice(0, args.max_lines)
          .join('');
      return Promise.resolve(toolSuccess(text, `${requested} gelesen (${text.length} Zeichen).`, false));
    } catch (err) {
      if (err instanceof StepFileRefused) return Promise.resolve(toolFailure('STEP_TOOL_REFUSED', `file_read: ${err.message}`, '/path'));
      throw err;
    }
  },
};

/** By name. `llm_call` is the name some OpenJarvis skills and templates use for `llm`. */
export const STEP_TOOLS: ReadonlyMap<string, StepTool> = new Map(
  [think, llmTool('llm'), llmTool('llm_call'), calculator, memorySearch, fileRead].map((t) => [t.name, t] as const),
);

/**
 * The tools OpenJarvis registers that JARVIS does not provide as step tools: shell, writing
 * files, browser, code execution, web search and storing or indexing into memory either reach
 * outside the household's reviewed tools or would bypass its confirmation. A pipeline that names one is
 * listed as unavailable (unless a tool provider offers a tool of that name).
 */
export const OPENJARVIS_TOOLS_NOT_PROVIDED: ReadonlySet<string> = new Set([
  'agent_spawn',
  'agent_send',
  'agent_list',
  'agent_kill',
  'apply_patch',
  'audio_transcribe',
  'base64_encode',
  'browser_navigate',
  'browser_click',
  'browser_type',
  'browser_screenshot',
  'browser_extract',
  'browser_axtree',
  'calendar_upcoming',
  'calendar_search',
  'channel_send',
  'channel_list',
  'channel_status',
  'check_permission',
  'code_interpreter',
  'code_interpreter_docker',
  'date_info',
  'db_query',
  'digest_collect',
  'docker_shell_exec',
  'execute_pending_actions',
  'file_write',
  'get_pending_actions',
  'git_status',
  'git_diff',
  'git_commit',
  'git_log',
  'hash_compute',
  'http_request',
  'image_generate',
  'json_transform',
  'kg_add_entity',
  'kg_add_relation',
  'kg_query',
  'kg_neighbors',
  'knowledge_search',
  'knowledge_sql',
  'memory_index',
  'memory_manage',
  'memory_retrieve',
  'memory_store',
  'pdf_extract',
  'queue_action',
  'record_decision',
  'regex_extract',
  'repl',
  'retrieval',
  'scan_chunks',
  'shell_exec',
  'skill_manage',
  'text_length',
  'text_lower',
  'text_reverse',
  'text_to_speech',
  'text_upper',
  'unit_convert',
  'user_profile_manage',
  'web_search',
]);

/** Runs a built-in step tool with its arguments checked against its schema. */
export async function runStepTool(tool: StepTool, args: Record<string, unknown>, ctx: StepToolContext): Promise<ToolResult> {
  const verdict = check(compileSchema(tool.input_schema), args);
  if (!verdict.ok) return toolFailure('STEP_TOOL_ARGUMENTS', `${tool.name}: ${verdict.error.message}`, verdict.error.path);
  return tool.run(args, ctx);
}
