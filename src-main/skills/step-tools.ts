// Built-in step tools: the tools OpenJarvis's own registry provides to skill.toml pipelines
// (`tool_name = "think"`), as far as a household assistant can offer them safely. They run
// inside the pipeline runner only; the model never sees them as tools of their own.
import { toolFailure, toolSuccess, type RiskClass, type SkillCapability, type ToolResult } from '../../src-shared';
import { check, compileSchema } from '../platform/validation';
import { CalculatorError, evaluateExpression } from './calculator';
import { isPdf, readTextFile, resolveReadableFile, StepFileRefused, type ReadableFolders } from './step-file-read';

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
  /** A PDF's text with the knowledge capability's extractor and limits (at most maxChars). */
  readPdf(path: string, maxChars: number): Promise<string>;
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

const PDF_ONLY_IN_MASTER = 'PDFs are read by the running JARVIS only (not by the CLI alone)';
const DEFAULT_PDF_CHARS = 50_000;

/** A PDF's text through the knowledge capability's extractor; its refusals (too large, no text, too costly) as plain failures. */
async function pdfText(tool: string, path: string, shown: string, maxChars: number, ctx: StepToolContext): Promise<ToolResult> {
  if (!ctx.documents) return toolFailure('STEP_TOOL_UNAVAILABLE', `${tool}: ${shown}: ${PDF_ONLY_IN_MASTER}`);
  try {
    const text = await ctx.documents.readPdf(path, maxChars);
    return toolSuccess(text || 'No text content found in PDF.', `${shown} gelesen (${text.length} Zeichen).`, false);
  } catch (err) {
    return toolFailure('STEP_TOOL_FAILED', `${tool}: ${shown}: ${err instanceof Error ? err.message : String(err)}`, '/path');
  }
}

const fileRead: StepTool = {
  name: 'file_read',
  description:
    "Reads a text file (or a PDF's text) from the household's document folder or the skill's own folder (text at most 2 MB; no other binaries).",
  arguments: 'path (text: relative to the skill folder or document folder, or absolute inside them), max_lines (optional)',
  input_schema: {
    type: 'object',
    properties: { path: { type: 'string', minLength: 1, maxLength: 1024 }, max_lines: { type: 'integer', minimum: 1 } },
    required: ['path'],
  },
  capabilities: ['filesystem:read'],
  risk: 'read',
  unavailable: () => undefined,
  async run(args, ctx) {
    const requested = String(args.path);
    try {
      const path = resolveReadableFile(requested, ctx.folders ?? { documents: [] });
      if (isPdf(path)) return await pdfText('file_read', path, requested, MAX_TEXT, ctx);
      let text = readTextFile(path, requested);
      if (typeof args.max_lines === 'number')
        text = text
          .split(/(?<=\n)/)
          .slice(0, args.max_lines)
          .join('');
      return toolSuccess(text, `${requested} gelesen (${text.length} Zeichen).`, false);
    } catch (err) {
      if (err instanceof StepFileRefused) return toolFailure('STEP_TOOL_REFUSED', `file_read: ${err.message}`, '/path');
      throw err;
    }
  },
};

const pdfExtract: StepTool = {
  name: 'pdf_extract',
  description: "Returns a PDF's text (OCR for scans), read as the household's documents are read; from the same folders as file_read.",
  arguments: 'file_path (text; path is accepted too), max_chars (default 50,000)',
  input_schema: {
    type: 'object',
    properties: {
      file_path: { type: 'string', minLength: 1, maxLength: 1024 },
      path: { type: 'string', minLength: 1, maxLength: 1024 },
      max_chars: { type: 'integer', minimum: 1, maximum: MAX_TEXT },
    },
  },
  capabilities: ['filesystem:read'],
  risk: 'read',
  unavailable: (ctx) => (ctx.documents ? undefined : PDF_ONLY_IN_MASTER),
  async run(args, ctx) {
    const given = args.file_path ?? args.path;
    if (typeof given !== 'string') return toolFailure('STEP_TOOL_ARGUMENTS', 'pdf_extract: file_path (or path) is required', '/file_path');
    const requested = given;
    try {
      const path = resolveReadableFile(requested, ctx.folders ?? { documents: [] });
      if (!isPdf(path)) return toolFailure('STEP_TOOL_REFUSED', `pdf_extract: ${requested}: not a PDF file`, '/file_path');
      return await pdfText('pdf_extract', path, requested, typeof args.max_chars === 'number' ? args.max_chars : DEFAULT_PDF_CHARS, ctx);
    } catch (err) {
      if (err instanceof StepFileRefused) return toolFailure('STEP_TOOL_REFUSED', `pdf_extract: ${err.message}`, '/file_path');
      throw err;
    }
  },
};

/** By name. `llm_call` is the name some OpenJarvis skills and templates use for `llm`. */
export const STEP_TOOLS: ReadonlyMap<string, StepTool> = new Map(
  [think, llmTool('llm'), llmTool('llm_call'), calculator, memorySearch, fileRead, pdfExtract].map((t) => [t.name, t] as const),
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
