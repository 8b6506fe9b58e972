import type { ExecutedToolCall, ToolResult } from '../../src-shared';
import { toolReplyOf } from '../household';
import { failureWords } from './failure-words';

// Replies the server writes itself, from what the tools actually returned. The model's prose
// never confirms a change: "Keine Tool-Ausführung = kein Commit".

export type Lang = 'de' | 'en';

/** Why the model could not answer (the `reason` of OllamaConnection's failed choice). */
export type ModelTrouble = 'unreachable' | 'no-tool-model' | 'model-missing' | 'model-without-tools' | 'model-error';

/**
 * The one sentence a family reads when a request needed the model and there is none. The
 * technical cause (address, error code, model name) goes to the trace and to Wissen & System.
 */
export function modelUnavailableSentence(trouble: ModelTrouble, lang: Lang): string {
  if (trouble === 'unreachable') {
    return lang === 'en'
      ? 'For that I need the language model, and it cannot be reached right now – household commands like “What’s on tomorrow?” still work.'
      : 'Dafür brauche ich das Sprachmodell, und das ist gerade nicht erreichbar – Haushaltsbefehle wie „Was steht morgen an?“ funktionieren trotzdem.';
  }
  if (trouble === 'model-error') {
    return lang === 'en'
      ? 'The language model ran into an error just now – please try again in a moment.'
      : 'Das Sprachmodell hatte gerade einen Fehler – bitte versuch es gleich noch einmal.';
  }
  return lang === 'en'
    ? 'For that I need a language model, and none is set up yet – Knowledge & System says what is missing.'
    : 'Dafür brauche ich ein Sprachmodell, und es ist noch keins eingerichtet – in Wissen & System steht, was fehlt.';
}

/** A failed call's sentence: why, in the family's words (never the tool's name or an id). */
export function failureSentence(tool: string, result: ToolResult, lang: Lang): string {
  const why = failureWords(tool, result, lang);
  if (lang === 'en') return why ? `That did not work: ${why}` : 'That did not work.';
  return why ? `Das hat nicht geklappt: ${why}` : 'Das hat nicht geklappt.';
}

/**
 * The reply for a request whose tools changed something or failed: one sentence per
 * mutation or failure, taken from the persisted results in order.
 */
export function replyFromResults(calls: readonly ExecutedToolCall[], lang: Lang): string {
  const lines: string[] = [];
  for (const call of calls) {
    if (!call.result.success) lines.push(failureSentence(call.tool, call.result, lang));
    else if (call.result.mutated) lines.push(sentenceOf(call, lang));
  }
  if (lines.length === 0) {
    const last = calls.at(-1);
    if (last) lines.push(describeRead(last, lang));
  } else {
    // A read after the last change was asked for ("… und such ein Rezept mit Tomaten");
    // reads before it only found the ids the change needed.
    let lastChange = calls.length - 1;
    while (lastChange >= 0 && calls[lastChange]!.result.success && !calls[lastChange]!.result.mutated) lastChange--;
    for (const call of calls.slice(lastChange + 1)) lines.push(describeRead(call, lang));
  }
  return lines.join('\n');
}

/** A read result as a sentence: lists are written out, other results use the tool's message. */
export function describeRead(call: ExecutedToolCall, lang: Lang): string {
  if (!call.result.success) return failureSentence(call.tool, call.result, lang);
  return sentenceOf(call, lang);
}

/**
 * A successful call in the asker's language, written from the persisted data by the tool's
 * list (household/domains/<list>/words.ts); the tool's own message where it has no reply.
 */
function sentenceOf(call: ExecutedToolCall, lang: Lang): string {
  const write = toolReplyOf(call.tool)?.[lang];
  const data = call.result.data;
  if (!write || !data || typeof data !== 'object' || Array.isArray(data)) return call.result.message;
  // The tool's own result: its data has the shape HomeToolData names for it.
  return write(data as never) ?? call.result.message;
}
