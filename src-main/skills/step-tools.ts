// Built-in step tools: the tools OpenJarvis's own registry provides to skill.toml pipelines
// (`tool_name = "think"`), as far as a household assistant can offer them safely. They run
// inside the pipeline runner only; the model never sees them as tools of their own.
import { toolFailure, toolSuccess, type RiskClass, type SkillCapability, type ToolResult } from '../../src-shared';
import { check, compileSchema } from '../platform/validation';
import { CalculatorError, evaluateExpression } from './calculator';

/** A prompt to the configured Ollama model, answered as plain text. */
export type GenerateText = (prompt: string, options: { readonly system?: string }) => Promise<string>;

export interface StepToolContext {
  /** Absent where no model is set up (tests of the engine alone). */
  readonly generate?: GenerateText;
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

/** By name. `llm_call` is the name some OpenJarvis skills and templates use for `llm`. */
export const STEP_TOOLS: ReadonlyMap<string, StepTool> = new Map(
  [think, llmTool('llm'), llmTool('llm_call'), calculator].map((t) => [t.name, t] as const),
);

/**
 * The tools OpenJarvis registers that JARVIS does not provide as step tools: shell, files,
 * browser, code execution, its own memory store and web search either reach outside the
 * household's reviewed tools or have no safe equivalent here. A pipeline that names one is
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
  'file_read',
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
  'memory_search',
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
