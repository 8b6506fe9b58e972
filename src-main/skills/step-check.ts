// What a pipeline step's tool needs before the skill can be offered: the tool itself (a
// built-in step tool or one a tool provider offers) and the capabilities it requires.
import type { PipelineStep } from './openjarvis';
import { OPENJARVIS_TOOLS_NOT_PROVIDED, STEP_TOOLS, type StepTool, type StepToolContext } from './step-tools';

export type StepTarget =
  | { readonly kind: 'builtin'; readonly tool: StepTool }
  /** A registry tool (or another skill's tool) and what a caller must declare to use it. */
  | { readonly kind: 'tool'; readonly capabilities: readonly string[] }
  /** Not found, but the tool providers are not all known here (the CLI without a master): judged by the master. */
  | { readonly kind: 'unjudged' }
  | { readonly kind: 'missing' };

export interface StepLookup {
  /** The capabilities a registered tool needs, or undefined when no provider offers it. */
  readonly registered: (name: string) => readonly string[] | undefined;
  /** false where only part of the tool providers are present. */
  readonly complete: boolean;
}

/** Built-in step tools come first: a pipeline naming `think` means OpenJarvis's think. */
export function resolveStepTool(name: string, lookup: StepLookup): StepTarget {
  const builtin = STEP_TOOLS.get(name);
  if (builtin) return { kind: 'builtin', tool: builtin };
  const capabilities = lookup.registered(name);
  if (capabilities) return { kind: 'tool', capabilities };
  if (!lookup.complete && !OPENJARVIS_TOOLS_NOT_PROVIDED.has(name)) return { kind: 'unjudged' };
  return { kind: 'missing' };
}

/** Why a tool that is not there cannot run, in the words `jarvis skill info` shows. */
export function missingToolReason(where: string, name: string): string {
  return OPENJARVIS_TOOLS_NOT_PROVIDED.has(name)
    ? `${where} uses OpenJarvis's built-in tool ${name}, which JARVIS does not provide`
    : `${where} uses the tool ${name}, which no tool provider offers (checked again when tools change and at every reload)`;
}

/** Capabilities a step needs that the skill does not declare, as a sentence; undefined when none are missing. */
export function undeclaredReason(where: string, what: string, needed: readonly string[], declared: readonly string[]): string | undefined {
  const missing = needed.filter((c) => !declared.includes(c));
  if (missing.length === 0) return undefined;
  return `${where} uses ${what}, which needs ${missing.join(', ')}; the skill does not declare it in required_capabilities`;
}

/** Every reason the tool steps of a pipeline cannot run here (sub-skill steps are checked by the skill graph). */
export function stepProblems(
  steps: readonly PipelineStep[],
  declared: readonly string[],
  lookup: StepLookup,
  ctx: StepToolContext,
): string[] {
  const problems: string[] = [];
  steps.forEach((step, i) => {
    if (!step.tool_name) return;
    const where = `step ${i + 1}`;
    const target = resolveStepTool(step.tool_name, lookup);
    if (target.kind === 'missing') problems.push(missingToolReason(where, step.tool_name));
    else if (target.kind === 'builtin') {
      const why = undeclaredReason(where, `the built-in step tool ${step.tool_name}`, target.tool.capabilities, declared);
      if (why) problems.push(why);
      const off = target.tool.unavailable(ctx);
      if (off) problems.push(`${where} uses ${step.tool_name}, but ${off}`);
    } else if (target.kind === 'tool') {
      const why = undeclaredReason(where, `the tool ${step.tool_name}`, target.capabilities, declared);
      if (why) problems.push(why);
    }
  });
  return problems;
}
