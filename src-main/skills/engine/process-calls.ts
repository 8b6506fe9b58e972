import { SKILL_ERROR_CODES, toolFailure, type ToolResult } from '../../../src-shared';
import type { ToolContext } from '../../platform/registry/registry';
import type { ProcessSkillEntry } from '../loader';
import { invokeProcessSkill, isLongLived, WarmSkillPool, type RunnerPolicy } from '../process';

export interface ProcessCallsOptions {
  /** JARVIS_SKILL_PROCESS_ENABLED: local process skills run in this process. */
  readonly processEnabled: boolean;
  readonly runner: RunnerPolicy;
  readonly trace?: (traceId: string, stage: string, data: unknown) => void;
}

/**
 * Runs actions of process skills (jarvis.skill.v1): a process per call, or the long-lived
 * one a skill asks for. What the caller sees never holds a value the skill got from env_from.
 */
export class ProcessSkillCalls {
  /** The long-lived processes of skills that ask for one; a reload or a decision restarts them. */
  readonly warm = new WarmSkillPool();

  constructor(private readonly options: ProcessCallsOptions) {}

  /** `treeSha256`: the tree the call was checked against; it names the long-lived process, so a changed tree never reaches an old one. */
  async call(
    entry: ProcessSkillEntry,
    action: string,
    input: Record<string, unknown>,
    ctx: ToolContext,
    treeSha256: string,
  ): Promise<ToolResult> {
    if (!this.options.processEnabled) {
      return toolFailure(
        SKILL_ERROR_CODES.disabled,
        `local process skills are off (JARVIS_SKILL_PROCESS_ENABLED=false); ${entry.id} runs on a skill worker`,
      );
    }
    if (!entry.manifest) return toolFailure(SKILL_ERROR_CODES.disabled, `skill ${entry.id} has no valid manifest`);
    this.options.trace?.(ctx.traceId, 'invoke', { skill: entry.id, action, dir: entry.dir, input });
    const request = {
      skill: { dir: entry.dir, manifest: entry.manifest },
      action,
      input,
      context: { traceId: ctx.traceId, now: ctx.now, timezone: ctx.timezone },
      policy: this.options.runner,
      // The app's bundled skills and the operator's workspace folder hold the integrations'
      // own skills; a skill installed or discovered into the user tier that takes a home
      // skill's id does not get that integration's secret.
      integrationSkill: entry.tier !== 'user',
    };
    const { result, run, envelope } = isLongLived(entry.manifest)
      ? await this.warm.invoke(request, treeSha256)
      : await invokeProcessSkill(request);
    this.options.trace?.(ctx.traceId, 'result', {
      skill: entry.id,
      action,
      request_id: envelope.request_id,
      success: result.success,
      ...(result.error ? { error: result.error } : {}),
      ...(run
        ? {
            exit_code: run.code,
            signal: run.signal,
            duration_ms: Math.round(run.durationMs),
            stderr: run.stderr,
            stderr_truncated: run.stderrTruncated,
          }
        : {}),
    });
    return result.success ? result : this.withoutSecrets(entry, result);
  }

  /** A failure quotes the end of stderr; an env_from value in it must not reach the caller or the model. */
  private withoutSecrets(entry: ProcessSkillEntry, result: ToolResult): ToolResult {
    const values = (entry.manifest?.runtime.env_from ?? [])
      .map((name) => this.options.runner.hostEnv[name])
      .filter((v): v is string => !!v && v.length >= 6);
    if (values.length === 0) return result;
    const clean = (text: string) => values.reduce((t, v) => t.split(v).join('[redacted]'), text);
    return {
      ...result,
      message: clean(result.message),
      ...(result.error ? { error: { ...result.error, message: clean(result.error.message) } } : {}),
    };
  }
}
