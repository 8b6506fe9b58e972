import type { WorkflowPlan } from '../../src-shared';
import type { RegisteredTool } from '../platform/registry';
import { check, compileSchema } from '../platform/validation';
import { parseJsonAnswer } from './json-answer';
import type { OllamaConnection } from './ollama-connection';
import { plannerPrompt } from './prompts';
import { compactToolList } from './selector';

export const MAX_PLAN_STEPS = 24;

/** The planner's answer, schema-strict. Sent as Ollama's `format` too. */
export const PLAN_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['goal', 'steps'],
  properties: {
    goal: { type: 'string', minLength: 1, maxLength: 300 },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_PLAN_STEPS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'task', 'tool', 'arguments'],
        properties: {
          id: { type: 'string', minLength: 1, maxLength: 40 },
          task: { type: 'string', maxLength: 300 },
          tool: { type: 'string', minLength: 1, maxLength: 120 },
          arguments: { type: 'object' },
        },
      },
    },
  },
} as const;

export type PlanOutcome =
  | { readonly ok: true; readonly plan: WorkflowPlan; readonly raw: string }
  | { readonly ok: false; readonly error: string; readonly raw: string };

/** Asks for a plan and checks it: the schema, then every step's tool against the registry. */
export async function planWorkflow(
  ollama: OllamaConnection,
  tools: ReadonlyMap<string, RegisteredTool>,
  message: string,
  recipes: string | undefined,
): Promise<PlanOutcome> {
  const turn = await ollama.chat({
    role: 'planner',
    format: PLAN_SCHEMA,
    messages: [
      { role: 'system', content: plannerPrompt(compactToolList(tools.values()), recipes) },
      { role: 'user', content: message },
    ],
  });
  const parsed = parseJsonAnswer(turn.content);
  if (parsed === undefined) return { ok: false, error: 'the planner returned no JSON', raw: turn.content };
  const verdict = check(compileSchema(PLAN_SCHEMA), parsed);
  if (!verdict.ok) return { ok: false, error: `the plan does not fit its schema: ${verdict.error.message}`, raw: turn.content };
  const plan = parsed as { goal: string; steps: { id: string; task: string; tool: string; arguments: Record<string, unknown> }[] };
  const unknown = plan.steps.filter((s) => !tools.has(s.tool)).map((s) => s.tool);
  if (unknown.length > 0)
    return { ok: false, error: `the plan names unregistered tools: ${[...new Set(unknown)].join(', ')}`, raw: turn.content };
  return {
    ok: true,
    raw: turn.content,
    plan: { goal: plan.goal, steps: plan.steps.map((s) => ({ id: s.id, task: s.task, tool: s.tool, arguments: s.arguments })) },
  };
}
