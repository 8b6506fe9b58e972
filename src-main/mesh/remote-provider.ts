import { randomBytes } from 'node:crypto';
import {
  INVOKE_PROTOCOL,
  declaredRisk,
  withRisk,
  SKILL_ERROR_CODES,
  invokeResultSchema,
  skillToolName,
  toolFailure,
  type InvokeEnvelope,
  type JsonSchemaObject,
  type ToolResult,
} from '../../src-shared';
import type { RegisteredTool, ToolContext, ToolProvider } from '../platform/registry';
import type { Tracer } from '../platform/trace';
import { check, compileSchema } from '../platform/validation';
import { postToWorker, TransportError } from './worker-client';
import type { WorkerRecord } from './worker-roster';
import { workerSource, type RemoteSkillGroup } from './remote-skills';
import { toRfc3339 } from '../../src-shared/time-zone';
import { compileUntrustedSchema } from '../skills/process';

interface RemoteAction {
  readonly tool: RegisteredTool;
  readonly skillId: string;
  readonly action: string;
  /** Workers serving this action, in enrollment order. */
  readonly replicas: WorkerRecord[];
}

export interface RemoteProviderOptions {
  /** The workers' skills by id and manifest; only groups the household activated serve. */
  readonly catalog: { revision(): string; groups(): readonly RemoteSkillGroup[] };
  readonly tracer: Tracer;
  readonly invokeTimeoutMs: number;
  /** Longest invoke answer read from a worker (JARVIS_SKILL_MAX_OUTPUT_KB plus the envelope). */
  readonly maxAnswerBytes: number;
  /** The plain access token of a worker, for master -> worker calls. */
  readonly tokenOf: (workerId: string) => string | undefined;
}

function toolsOf(group: RemoteSkillGroup): RegisteredTool[] {
  const skill = group.manifest;
  return skill.actions.map((a) => ({
    name: skillToolName(skill.id, a.name),
    description: a.description,
    input_schema: a.input_schema,
    ...(a.output_schema ? { output_schema: a.output_schema as JsonSchemaObject } : {}),
    provider: 'remote' as const,
    mutates: a.mutates ?? false,
    requires_confirmation: a.requires_confirmation ?? false,
    ...withRisk(declaredRisk(a.risk, a.requires_confirmation)),
    skill_id: skill.id,
    action: a.name,
    source: workerSource(group.workers),
  }));
}

/**
 * The registry's `remote` provider: the actions of every remote skill the household
 * activated. Replicas (workers with the same manifest) are called round-robin; a transport
 * error moves on to the next replica, a skill error (any answer from a worker) does not.
 */
export class RemoteToolProvider implements ToolProvider {
  readonly kind = 'remote' as const;
  private actions = new Map<string, RemoteAction>();
  private builtAt = '';
  private readonly turn = new Map<string, number>();

  constructor(private readonly options: RemoteProviderOptions) {}

  list(): readonly RegisteredTool[] {
    return [...this.current().values()].map((a) => a.tool);
  }

  async call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const entry = this.current().get(name);
    if (!entry || entry.replicas.length === 0) return toolFailure('UNKNOWN_TOOL', `No worker serves ${name} any more.`);
    const { tracer } = this.options;
    const envelope: InvokeEnvelope = {
      protocol: INVOKE_PROTOCOL,
      request_id: `remote_${randomBytes(8).toString('hex')}`,
      skill_id: entry.skillId,
      action: entry.action,
      input: args,
      context: { trace_id: ctx.traceId, now: toRfc3339(ctx.now.getTime(), ctx.timezone), timezone: ctx.timezone },
    };
    const replicas = entry.replicas;
    const start = (this.turn.get(name) ?? 0) % replicas.length;
    this.turn.set(name, start + 1);
    const failures: string[] = [];
    for (let i = 0; i < replicas.length; i++) {
      const worker = replicas[(start + i) % replicas.length]!;
      const token = this.options.tokenOf(worker.id);
      if (!token) continue; // removed while we were iterating
      tracer.record(ctx.traceId, 'mesh', 'invoke', {
        tool: name,
        worker: worker.name,
        worker_id: worker.id,
        request_id: envelope.request_id,
      });
      worker.calls++;
      try {
        const answer = await postToWorker(
          worker.endpoint,
          '/v1/invoke',
          token,
          envelope,
          this.options.invokeTimeoutMs,
          this.options.maxAnswerBytes,
          worker.key,
        );
        const result = answer.unverified
          ? toolFailure(
              'WORKER_UNVERIFIED',
              `worker ${worker.name} did not sign its answer with the key it enrolled with; the answer was dropped`,
            )
          : answer.tooLarge
            ? toolFailure(
                SKILL_ERROR_CODES.outputTooLarge,
                `worker ${worker.name} answered with more than ${Math.round(this.options.maxAnswerBytes / 1024)} KB; the answer was dropped`,
              )
            : this.interpret(entry, worker, answer.status, answer.body);
        if (!result.success) {
          worker.failures++;
          worker.lastError = result.error?.message ?? result.message;
        }
        tracer.record(ctx.traceId, 'mesh', 'result', {
          tool: name,
          worker: worker.name,
          success: result.success,
          code: result.error?.code,
        });
        return result;
      } catch (err) {
        if (!(err instanceof TransportError)) throw err;
        worker.failures++;
        worker.lastError = `transport: ${err.message}`;
        failures.push(`${worker.name}: ${err.message}`);
        tracer.record(ctx.traceId, 'mesh', 'transport_error', { tool: name, worker: worker.name, error: err.message });
      }
    }
    return toolFailure('WORKER_UNREACHABLE', `No worker serving ${name} answered (${failures.join('; ') || 'none left'}).`);
  }

  private interpret(entry: RemoteAction, worker: WorkerRecord, status: number, body: unknown): ToolResult {
    if (status !== 200) {
      const err = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      const code = typeof err?.code === 'string' ? err.code : 'WORKER_ERROR';
      const message = typeof err?.message === 'string' ? err.message : `worker ${worker.name} answered HTTP ${status}`;
      return toolFailure(code, message);
    }
    const shape = check(compileSchema(invokeResultSchema), body);
    if (!shape.ok) return toolFailure('INVALID_OUTPUT', `worker ${worker.name} sent no valid result envelope: ${shape.error.message}`);
    const r = body as ToolResult;
    if (!r.success) {
      const error = r.error ?? { code: 'SKILL_FAILED', message: r.message || 'the skill failed' };
      return { success: false, error, message: r.message || error.message, mutated: r.mutated ?? false };
    }
    // output is checked in the worker and again here, against the published schema.
    const out = entry.tool.output_schema;
    if (out) {
      const verdict = check(compileUntrustedSchema(out), r.data);
      if (!verdict.ok)
        return toolFailure(
          'INVALID_OUTPUT',
          `data of ${entry.tool.name} does not match its output schema: ${verdict.error.message}`,
          verdict.error.path,
        );
    }
    return {
      success: true,
      data: r.data,
      message: r.message ?? '',
      mutated: r.mutated ?? false,
      ...(r.warnings && r.warnings.length > 0 ? { warnings: r.warnings } : {}),
    };
  }

  /** Rebuilt only when the roster or a decision changed: the registry asks for the list on every call. */
  private current(): Map<string, RemoteAction> {
    const revision = this.options.catalog.revision();
    if (this.builtAt === revision) return this.actions;
    const actions = new Map<string, RemoteAction>();
    for (const group of this.options.catalog.groups()) {
      if (!group.serving) continue;
      for (const tool of toolsOf(group))
        actions.set(tool.name, { tool, skillId: group.id, action: tool.action!, replicas: [...group.callable] });
    }
    this.actions = actions;
    this.builtAt = revision;
    return actions;
  }
}
