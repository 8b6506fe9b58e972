// Small models wrap JSON in Markdown fences or chatter around it.
// This finds the first JSON object in a model answer; an empty or cut-off answer is
// `undefined`, never an exception (no "unexpected end of JSON input" reaches a user).
import { balancedEnd, tryParse } from './json-scan';

export function parseJsonAnswer(text: string | undefined): unknown {
  if (!text) return undefined;
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const direct = tryParse(trimmed);
  if (direct !== undefined) return direct;
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  if (fenced?.[1]) {
    const inner = tryParse(fenced[1].trim());
    if (inner !== undefined) return inner;
  }
  const start = trimmed.search(/[{[]/);
  if (start < 0) return undefined;
  const end = balancedEnd(trimmed, start);
  return end > start ? tryParse(trimmed.slice(start, end + 1)) : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
