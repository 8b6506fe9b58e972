import type { CreateMessageRequest, CreateMessageResult, ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { GateOutcome } from '../../../src-shared';
import { formFieldsOf } from './elicitation-form';
import type { McpQuestions } from './questions';
import type { CallerOfCall } from './server-connection';

/** What the household's model is asked: the server's messages as plain text turns. */
export interface SamplingPrompt {
  readonly system?: string;
  readonly messages: readonly { readonly role: 'user' | 'assistant'; readonly content: string }[];
  readonly maxTokens: number;
}

export interface ServerRequestDeps {
  readonly questions: McpQuestions;
  /** How long a question waits for the person before the server is told "cancel". */
  readonly questionTimeoutMs: number;
  /** The gate's outcome for this server's sampling, for the member whose call it belongs to. */
  readonly samplingOutcome: (server: string, caller: CallerOfCall) => GateOutcome;
  /** One answer of the household's local model. */
  readonly sample: (prompt: SamplingPrompt, signal: AbortSignal) => Promise<{ text: string; model: string }>;
}

const MAX_PROMPT_CHARS = 32_000;
const MAX_SHOWN = 300;
/** The spec's code for a sampling request the person rejected. */
const USER_REJECTED = -1;
const INVALID_PARAMS = -32602;

/**
 * The error the SDK sends back as `{code, message}`. Not an McpError: its message already
 * starts with "MCP error", and the server's SDK puts that prefix on once more.
 */
function rpcError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * A server's question to the person (elicitation/create): shown to the household like a
 * confirmation, answered, declined or cancelled; a server the household has not activated, or
 * a question asked outside any person's call, is declined without asking anybody.
 */
export async function answerElicitation(
  deps: ServerRequestDeps,
  server: { readonly name: string; readonly active: boolean },
  params: ElicitRequest['params'],
  caller: CallerOfCall | undefined,
  signal: AbortSignal,
): Promise<ElicitResult> {
  if (!server.active || !caller || params.mode === 'url') return { action: 'decline' };
  const fields = formFieldsOf((params as { requestedSchema?: unknown }).requestedSchema);
  if (!fields) return { action: 'decline' };
  const outcome = await deps.questions.ask(
    { server: server.name, kind: 'form', message: params.message.slice(0, 2000), fields },
    deps.questionTimeoutMs,
    signal,
    caller.member,
  );
  return outcome.action === 'accept' ? { action: 'accept', content: { ...outcome.content } } : { action: outcome.action };
}

/**
 * A server's request for the household's model (sampling/createMessage). It runs only for a
 * server the household activated, during a person's call, and as the risk policy decides for
 * `mcp_<server>__sampling` (risk `disruptive`: by default the household is asked each time,
 * like a confirmation). Anything else is refused with the spec's "user rejected" error.
 */
export async function answerSampling(
  deps: ServerRequestDeps,
  server: { readonly name: string; readonly active: boolean },
  params: CreateMessageRequest['params'],
  caller: CallerOfCall | undefined,
  signal: AbortSignal,
): Promise<CreateMessageResult> {
  const refuse = (why: string) => rpcError(USER_REJECTED, why);
  if (!server.active) throw refuse('The household has not activated this server.');
  if (!caller) throw refuse('JARVIS answers sampling requests only during a call a person made.');
  const prompt = promptOf(params);
  if (!prompt) throw rpcError(INVALID_PARAMS, 'JARVIS samples text messages only.');
  const outcome = deps.samplingOutcome(server.name, caller);
  if (outcome === 'refuse' || outcome === 'approve') throw refuse("The household's policy does not let this server use its model.");
  if (outcome === 'ask') {
    const last = prompt.messages.at(-1)?.content ?? '';
    const answer = await deps.questions.ask(
      { server: server.name, kind: 'sampling', message: last.slice(0, MAX_SHOWN), fields: [] },
      deps.questionTimeoutMs,
      signal,
      caller.member,
    );
    if (answer.action !== 'accept') throw refuse('The household did not allow this server to use its model.');
  }
  const written = await deps.sample(prompt, signal);
  return { role: 'assistant', content: { type: 'text', text: written.text }, model: written.model, stopReason: 'endTurn' };
}

function promptOf(params: CreateMessageRequest['params']): SamplingPrompt | undefined {
  const messages: { role: 'user' | 'assistant'; content: string }[] = [];
  let total = params.systemPrompt?.length ?? 0;
  for (const m of params.messages) {
    const parts = Array.isArray(m.content) ? m.content : [m.content];
    const texts: string[] = [];
    for (const part of parts as { type: string; text?: unknown }[]) {
      if (part.type !== 'text' || typeof part.text !== 'string') return undefined;
      texts.push(part.text);
    }
    const content = texts.join('\n');
    total += content.length;
    if (total > MAX_PROMPT_CHARS) return undefined;
    messages.push({ role: m.role, content });
  }
  if (messages.length === 0) return undefined;
  return {
    ...(params.systemPrompt ? { system: params.systemPrompt } : {}),
    messages,
    maxTokens: Math.max(1, Math.min(4096, Math.floor(params.maxTokens))),
  };
}
