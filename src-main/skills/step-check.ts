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

/** The same for a workspace skill, where it is a warning: the household's own code may use what it does not declare. */
export function undeclaredWarning(where: string, what: string, needed: readonly string[], declared: readonly string[]): string | undefined {
  const missing = needed.filter((c) => !declared.includes(c));
  if (missing.length === 0) return undefined;
  return `${where} uses ${missing.join(', ')} (${what}) without declaring it; allowed because it is in your workspace`;
}

export interface StepVerdict {
  /** Why the pipeline cannot run here. */
  readonly problems: string[];
  /** Undeclared capabilities that are allowed (a workspace skill's). */
  readonly warnings: string[];
}

/**
 * Every reason the tool steps of a pipeline cannot run here (sub-skill steps are checked by the
 * skill graph). With `undeclaredAllowed` (workspace skills), an undeclared capability is a warning.
 */
export function stepProblems(
  steps: readonly PipelineStep[],
  declared: readonly string[],
  lookup: StepLookup,
  ctx: StepToolContext,
  undeclaredAllowed = false,
): StepVerdict {
  const problems: string[] = [];
  const warnings: string[] = [];
  const undeclared = (where: string, what: string, needed: readonly string[]): void => {
    if (undeclaredAllowed) {
      const note = undeclaredWarning(where, what, needed, declared);
      if (note) warnings.push(note);
    } else {
      const why = undeclaredReason(where, what, needed, declared);
      if (why) problems.push(why);
    }
  };
  steps.forEach((step, i) => {
    if (!step.tool_name) return;
    const where = `step ${i + 1}`;
    const target = resolveStepTool(step.tool_name, lookup);
    if (target.kind === 'missing') problems.push(missingToolReason(where, step.tool_name));
    else if (target.kind === 'builtin') {
      undeclared(where, `the built-in step tool ${step.tool_name}`, target.tool.capabilities);
      const off = target.tool.unavailable(ctx);
      if (off) problems.push(`${where} uses ${step.tool_name}, but ${off}`);
    } else if (target.kind === 'tool') {
      undeclared(where, `the tool ${step.tool_name}`, target.capabilities);
    }
  });
  return { problems, warnings };
}
