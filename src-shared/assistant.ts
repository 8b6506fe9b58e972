// The assistant's HTTP contract (POST /api/agent/chat and its SSE variant).

import type { ApiErrorBody } from './api';
import type { ToolResult } from './envelope';
import type { KanbanColumn } from './home';

export interface ChatRequest {
  readonly message: string;
  /** The UI module the user spoke from ("calendar", "kitchen", …): context, not a tool choice. */
  readonly module?: string;
  /** The UI's language: replies follow the request's own language, and this one when the request does not show it. */
  readonly language?: 'de' | 'en';
}

export interface ExecutedToolCall {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly result: ToolResult;
}

export interface PlanStep {
  readonly id: string;
  readonly task: string;
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
}

export interface WorkflowPlan {
  readonly goal: string;
  readonly steps: readonly PlanStep[];
}

/** A call the assistant holds back until the user answers `ja`. */
export interface PendingConfirmation {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly summary: string;
  /** RFC3339. */
  readonly expires_at: string;
}

export type ReplySource = 'local-intent' | 'model' | 'pending' | 'error';

export interface ChatResponse {
  readonly reply: string;
  readonly tool_calls: readonly ExecutedToolCall[];
  readonly plan?: WorkflowPlan;
  readonly pending?: PendingConfirmation;
  readonly trace_id: string;
  readonly source: ReplySource;
}

/** Events of POST /api/agent/chat/stream; `done` carries the same object as the plain chat. */
export type ChatStreamEvent =
  /** Text to append; with `replace`, the whole reply so far is replaced (streamed prose that the tool results overruled). */
  | { readonly type: 'delta'; readonly data: { readonly text: string; readonly replace?: boolean } }
  | { readonly type: 'tool_call'; readonly data: { readonly tool: string; readonly arguments: Record<string, unknown> } }
  | { readonly type: 'tool_result'; readonly data: ExecutedToolCall }
  | { readonly type: 'plan'; readonly data: WorkflowPlan }
  | { readonly type: 'pending'; readonly data: PendingConfirmation }
  | { readonly type: 'done'; readonly data: ChatResponse };

/** The stream's last event when the assistant failed before `done` (the body of an API error). */
export interface ChatStreamErrorEvent {
  readonly type: 'error';
  readonly data: ApiErrorBody;
}

/** A tool exactly as it is sent to Ollama in the `tools` field of /api/chat. */
export interface OllamaFunctionTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: object;
  };
}

/** POST /api/kanban/organize (AI ORGANIZE): what was moved, and how the moves were decided. */
export interface KanbanOrganizeResult {
  readonly trace_id: string;
  readonly strategy: 'tool_call' | 'json_retry' | 'deterministic_fallback';
  readonly moved: readonly { id: string; from: KanbanColumn; to: KanbanColumn; success: boolean; message: string }[];
  readonly skipped: readonly { id: string; reason: string }[];
}
