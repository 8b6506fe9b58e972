import { isRecord } from './json-answer';
import { splitTopLevel, tryParse } from './json-scan';

// What small local models really send back. Many do not fill Ollama's `tool_calls` but write
// the call into the message text, in the shape their chat template taught them:
//   qwen2.5 / qwen3 / hermes:  <tool_call>{"name": …, "arguments": {…}}</tool_call>
//   llama 3.1 / 3.2:           <|python_tag|>{"name": …, "parameters": {…}}  or the bare object
//   mistral / mistral-nemo:    [TOOL_CALLS][{"name": …, "arguments": {…}}]  or [TOOL_CALLS]name[ARGS]{…}
//   anyone:                    a ```json fence, a list of calls, arguments as a JSON string
// and reasoning models think aloud in <think>…</think> first. This module turns such text
// into calls and visible prose; it never decides whether a call may run.

export interface TextToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** Which written shape a recovered call came in (for the trace and the eval). */
export type CallShape = 'tool_call-tag' | 'python-tag' | 'mistral' | 'fenced' | 'prose-fenced' | 'bare-json';

const THINK_BLOCK = /<think>[\s\S]*?<\/think>/gi;

/**
 * The text without reasoning: closed <think> blocks go, an unclosed one hides the rest, and a
 * lone </think> (qwen3's template opens the block in the prompt) hides what came before it.
 */
export function stripThinking(text: string): string {
  let out = text.replace(THINK_BLOCK, '');
  const lone = out.search(/<\/think>/i);
  if (lone >= 0) out = out.slice(lone + '</think>'.length);
  const open = out.search(/<think>/i);
  if (open >= 0) out = out.slice(0, open);
  return out;
}

/**
 * Tool calls written into the message text, or none. Only text that is a call as a whole
 * (apart from thinking and whitespace, or prose before tagged calls) counts: a sentence that
 * merely contains braces stays prose. With `offered` (the tools the model was given), prose
 * around exactly one fence that holds exactly one call of an offered tool counts too.
 */
export function recoverToolCalls(raw: string, offered?: ReadonlySet<string>): { calls: TextToolCall[]; shape?: CallShape } {
  const text = stripThinking(raw).trim();
  if (!text) return { calls: [] };

  const tagged = [...text.matchAll(/<tool_call>\s*([\s\S]*?)\s*(?:<\/tool_call>|$)/gi)];
  if (tagged.length > 0) {
    const calls = tagged.flatMap((m) => callsFromJson(parseLoose(m[1] ?? '')));
    return calls.length ? { calls, shape: 'tool_call-tag' } : { calls: [] };
  }

  const python = /<\|python_tag\|>([\s\S]*?)(?:<\|eom_id\|>|<\|eot_id\|>|$)/.exec(text);
  if (python) {
    // llama separates several calls with ";".
    const calls = splitTopLevel(python[1]!.trim(), ';').flatMap((part) => callsFromJson(parseLoose(part)));
    return calls.length ? { calls, shape: 'python-tag' } : { calls: [] };
  }

  const mistral = /\[TOOL_CALLS\]\s*([\s\S]*)$/.exec(text);
  if (mistral) {
    const body = mistral[1]!.trim();
    const named = [...body.matchAll(/([A-Za-z0-9_.-]+)\[ARGS\]\s*(\{[\s\S]*?\})(?=\s*(?:[A-Za-z0-9_.-]+\[ARGS\]|$))/g)];
    const calls = named.length
      ? named.flatMap((m) => callsFromJson({ name: m[1], arguments: parseLoose(m[2]!) }))
      : callsFromJson(parseLoose(body));
    return calls.length ? { calls, shape: 'mistral' } : { calls: [] };
  }

  const fenced = /^```[a-zA-Z]*\s*([\s\S]*?)```$/.exec(text);
  if (fenced) {
    const calls = callsFromJson(parseLoose(fenced[1]!.trim()));
    return calls.length ? { calls, shape: 'fenced' } : { calls: [] };
  }

  if (/^[[{]/.test(text)) {
    const calls = callsFromJson(parseLoose(text));
    return calls.length ? { calls, shape: 'bare-json' } : { calls: [] };
  }
  return offered ? proseWithFencedCall(text, offered) : { calls: [] };
}

/**
 * "Gern! ```json {…}```": one fence, one call, a tool the model was offered. Several fences,
 * several calls or a name nobody offered is prose explaining code, and stays text.
 */
function proseWithFencedCall(text: string, offered: ReadonlySet<string>): { calls: TextToolCall[]; shape?: CallShape } {
  const fences = [...text.matchAll(/```([a-zA-Z]*)[ \t]*\r?\n?([\s\S]*?)```/g)];
  if (fences.length !== 1) return { calls: [] };
  const [fence] = fences;
  const lang = fence![1]!.toLowerCase();
  if (lang !== '' && lang !== 'json') return { calls: [] };
  const rest = text.slice(0, fence!.index) + text.slice(fence!.index! + fence![0].length);
  if (rest.includes('```')) return { calls: [] };
  const calls = callsFromJson(parseLoose(fence![2]!.trim()));
  if (calls.length !== 1 || !offered.has(calls[0]!.name)) return { calls: [] };
  return { calls, shape: 'prose-fenced' };
}

/** A JSON object, or several separated by newlines or commas (some models drop the list brackets). */
function parseLoose(text: string): unknown {
  const trimmed = text.trim();
  const direct = tryParse(trimmed);
  if (direct !== undefined) return direct;
  const parts = splitTopLevel(trimmed, '\n,').map((p) => tryParse(p.trim()));
  return parts.length > 1 && parts.every((p) => p !== undefined) ? parts : undefined;
}

/** {name, arguments|parameters}, {function: {name, arguments}}, or a list of those. */
function callsFromJson(value: unknown): TextToolCall[] {
  if (Array.isArray(value)) return value.flatMap(callsFromJson);
  if (!isRecord(value)) return [];
  const inner = isRecord(value.function) ? value.function : value;
  const name = inner.name;
  if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]{1,120}$/.test(name)) return [];
  const hasArgs = 'arguments' in inner || 'parameters' in inner;
  if (!hasArgs) return [];
  const args = argumentsOf(inner.arguments ?? inner.parameters);
  return args ? [{ name, arguments: args }] : [];
}

/** Arguments as an object, or as the JSON string of one (several models send that). */
export function argumentsOf(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') {
    const parsed = value.trim() === '' ? {} : tryParse(value);
    return isRecord(parsed) ? parsed : undefined;
  }
  return isRecord(value) ? value : undefined;
}

const HIDDEN_STARTS = ['<tool_call>', '<|python_tag|>', '[TOOL_CALLS]', '```'];

/**
 * What of a streamed answer a person may see so far: thinking is cut out, and an answer that
 * turns out to be a written tool call is never shown. A piece that could still become a
 * marker (`<thi`, `<tool_`) is held back until the next chunk decides. Feed every chunk;
 * each call returns only the new visible text.
 */
export class VisibleStream {
  private raw = '';
  private shown = 0;

  push(chunk: string): string {
    this.raw += chunk;
    const visible = visiblePrefix(this.raw);
    if (visible.length <= this.shown) return '';
    const out = visible.slice(this.shown);
    this.shown = visible.length;
    return out;
  }
}

function visiblePrefix(raw: string): string {
  let text = raw.replace(THINK_BLOCK, '');
  const lone = text.search(/<\/think>/i);
  if (lone >= 0) text = text.slice(lone + '</think>'.length);
  const open = text.search(/<think>/i);
  if (open >= 0) text = text.slice(0, open);
  // An answer that opens like a call or like JSON is held back entirely.
  const lead = text.trimStart();
  if (lead.startsWith('{') || lead.startsWith('[')) return '';
  if (HIDDEN_STARTS.some((m) => lead.startsWith(m) || m.startsWith(lead))) return '';
  let cut = text.length;
  for (const marker of [...HIDDEN_STARTS, '<think>', '</think>']) {
    const at = text.indexOf(marker);
    if (at >= 0) cut = Math.min(cut, at);
    // A trailing piece that may grow into a marker waits.
    for (let n = Math.min(marker.length - 1, text.length); n > 0; n--) {
      if (text.endsWith(marker.slice(0, n))) {
        cut = Math.min(cut, text.length - n);
        break;
      }
    }
  }
  return text.slice(0, cut);
}
