import type { ToolResult } from '../../src-shared';
import type { SessionReference } from './conversation';
import type { Lang } from './replies';

// What a local intent is: a sentence template that, when the whole sentence fits, runs the
// same tool calls the model would and writes its own reply.

export interface IntentContext {
  readonly today: { year: number; month: number; day: number };
  readonly reference?: SessionReference;
  /** The household members' names: "Erinnere Paul …" is Paul's only when Paul is one. */
  readonly members?: readonly string[];
}

/** Runs one tool through the assistant's executor (tracing, validation, confirmations). */
export type ToolRunner = (tool: string, args: Record<string, unknown>) => Promise<ToolResult>;

export interface IntentOutcome {
  readonly reply: string;
}

export interface LocalIntent {
  readonly name: string;
  readonly lang: Lang;
  run(call: ToolRunner): Promise<IntentOutcome>;
}

/** Looks at a normalised sentence; undefined unless the whole sentence fits the template. */
export type Matcher = (text: string, ctx: IntentContext) => LocalIntent | undefined;
