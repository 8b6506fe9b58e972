import type { HomeAssistantDomain, ToolResult } from '../../src-shared';
import type { SessionReference } from './conversation';
import type { Lang } from './replies';

// What a local intent is: a sentence template that, when the whole sentence fits, runs the
// same tool calls the model would and writes its own reply.

export interface IntentContext {
  readonly today: { year: number; month: number; day: number };
  readonly reference?: SessionReference;
  /** The household members' names: "Erinnere Paul …" is Paul's only when Paul is one. */
  readonly members?: readonly string[];
  /** Home Assistant's rooms, while it is connected (absent when it is not set up). */
  readonly homeAreas?: HomeAreaLookup;
  /** The name of the member asking ("Ich habe den Müll rausgebracht" is their tick). */
  readonly speaker?: string;
}

/** Whether Home Assistant has a room a sentence names, with a device of that kind in it. */
export interface HomeAreaLookup {
  /** The room's name in Home Assistant, or undefined when it has no such room or no such device there. */
  find(area: string, domain: HomeAssistantDomain): { readonly name: string } | undefined;
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

/**
 * Thrown by a template's run when what it read shows the sentence was not for it after all
 * (no chore has that name); only before anything changed. The model gets the sentence instead.
 */
export class NotForThisTemplate extends Error {}

/** Looks at a normalised sentence; undefined unless the whole sentence fits the template. */
export type Matcher = (text: string, ctx: IntentContext) => LocalIntent | undefined;
