import { SKILL_ERROR_CODES, toolFailure, type ToolResult } from '../../../src-shared';
import type { RegisteredTool, SkillRegistry, ToolContext } from '../../platform/registry/registry';
import { OPENJARVIS_ACTION, type OpenJarvisSkillEntry, type SkillEntry } from '../loader';
import { fillTemplate } from '../openjarvis';
import { readSkillPage, SKILL_READ_TOOL } from '../skill-reader';
import { missingToolReason, resolveStepTool, undeclaredReason, type StepLookup } from '../step-check';
import { runStepTool, type StepToolContext } from '../step-tools';

/** Workspace skills are the household's own code: their pipeline steps are not held to required_capabilities. */
export function undeclaredAllowed(s: SkillEntry): boolean {
  return s.tier === 'workspace';
}

/** What a pipeline run needs from the engine that loaded it. */
export interface PipelineDeps {
  readonly registry: SkillRegistry;
  readonly trace?: ((traceId: string, stage: string, data: unknown) => void) | undefined;
  /** Where step tools are found, with the registry taken as complete. */
  lookup(): StepLookup;
  stepContext(entry: OpenJarvisSkillEntry): StepToolContext;
  capabilitiesForTool(tool: RegisteredTool): string[];
  /** A loaded, valid, offered skill by id, for a sub-skill step. */
  subSkill(id: string): SkillEntry | undefined;
  invoke(entry: SkillEntry, action: string, input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

/**
 * Runs a skill.toml pipeline: each step calls a built-in step tool, a registry tool or a
 * sub-skill with arguments filled from the input and earlier outputs, checked against the
 * capabilities the skill declares. The instructions come back a page at a time.
 */
export async function runPipeline(
  entry: OpenJarvisSkillEntry,
  input: Record<string, unknown>,
  ctx: ToolContext,
  deps: PipelineDeps,
): Promise<ToolResult> {
  const d = entry.definition;
  if (!d) return toolFailure(SKILL_ERROR_CODES.disabled, `skill ${entry.id} has no valid definition`);
  const vars: Record<string, unknown> = { ...input };
  const allowUndeclared = undeclaredAllowed(entry);
  const outputs: Record<string, unknown> = {};
  let last: unknown;
  let mutated = false;
  for (const [i, step] of d.steps.entries()) {
    const label = `step ${i + 1} of ${entry.id} (${step.tool_name ?? step.skill_name})`;
    const args = fillTemplate(step.arguments, vars) as Record<string, unknown>;
    deps.trace?.(ctx.traceId, 'pipeline_step', {
      skill: entry.id,
      step: i + 1,
      tool: step.tool_name,
      sub_skill: step.skill_name,
      arguments: args,
    });
    let r: ToolResult;
    const refuse = (code: string, message: string): ToolResult => ({ ...toolFailure(code, message), mutated });
    if (step.tool_name) {
      const target = resolveStepTool(step.tool_name, deps.lookup());
      if (target.kind === 'builtin') {
        // Checked here as well as at load: the CLI runs skills the listing calls unavailable.
        const undeclared = allowUndeclared
          ? undefined
          : undeclaredReason(label, `the built-in step tool ${step.tool_name}`, target.tool.capabilities, entry.capabilities);
        if (undeclared) return refuse(SKILL_ERROR_CODES.capability, undeclared);
        r = await runStepTool(target.tool, args, deps.stepContext(entry));
      } else {
        const tool = deps.registry.get(step.tool_name);
        if (!tool) return refuse('UNKNOWN_TOOL', missingToolReason(label, step.tool_name));
        const undeclared = allowUndeclared
          ? undefined
          : undeclaredReason(label, `the tool ${step.tool_name}`, deps.capabilitiesForTool(tool), entry.capabilities);
        if (undeclared) return refuse(SKILL_ERROR_CODES.capability, undeclared);
        r = await deps.registry.call(step.tool_name, args, ctx);
      }
    } else {
      const child = deps.subSkill(step.skill_name ?? '');
      if (!child) return refuse(SKILL_ERROR_CODES.pipelineStep, `${label}: sub-skill ${step.skill_name} is not loaded`);
      // A parent declares everything its sub-skills need (also checked by the skill graph at load).
      const undeclared = undeclaredReason(label, `the sub-skill ${child.id}`, child.capabilities, entry.capabilities);
      if (undeclared) return refuse(SKILL_ERROR_CODES.capability, undeclared);
      r = await deps.invoke(child, OPENJARVIS_ACTION, args, ctx);
    }
    mutated ||= r.mutated;
    if (!r.success) {
      const code = r.error?.code ?? SKILL_ERROR_CODES.pipelineStep;
      return { ...toolFailure(code, `${label} failed: ${r.error?.message ?? r.message}`, r.error?.path), mutated };
    }
    const value =
      step.skill_name && r.data && typeof r.data === 'object' && 'result' in r.data ? (r.data as { result: unknown }).result : r.data;
    last = value;
    if (step.output_key) {
      vars[step.output_key] = value;
      outputs[step.output_key] = value;
    }
  }
  // The instructions come a page at a time: the first with the call, the rest through skill_read.
  const page = d.instructions
    ? readSkillPage({ id: entry.id, dir: entry.dir, instructions: d.instructions, flatFile: entry.dir.endsWith('.toml') }, {})
    : undefined;
  const data = {
    ...(d.steps.length > 0 ? { result: last, outputs } : {}),
    ...(page
      ? {
          instructions: page.content,
          instructions_total_length: page.total_length,
          next_offset: page.next_offset,
          ...(page.files ? { files: page.files, files_total: page.files_total } : {}),
        }
      : {}),
  };
  const rest =
    page && page.next_offset !== null
      ? ` Anleitung: Zeichen 0–${page.next_offset} von ${page.total_length}; den Rest mit ${SKILL_READ_TOOL} {"skill": "${entry.id}", "offset": ${page.next_offset}} lesen.`
      : '';
  const files = page?.files ? ` Weitere Dateien mit ${SKILL_READ_TOOL} {"skill": "${entry.id}", "path": …} lesen.` : '';
  const message =
    (d.steps.length > 0
      ? `Skill ${entry.id}: ${d.steps.length} Schritte ausgeführt.`
      : d.instructions
        ? `Anleitung für ${entry.id} geladen.`
        : `Skill ${entry.id} hat weder Schritte noch eine Anleitung.`) +
    rest +
    files;
  return { success: true, data, message, mutated };
}
