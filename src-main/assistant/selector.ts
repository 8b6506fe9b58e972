import type { RegisteredTool } from '../platform/registry';
import { isRecord, parseJsonAnswer } from './json-answer';
import type { OllamaConnection } from './ollama-connection';
import { selectorPrompt } from './prompts';

export interface Selection {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly confidence: number;
}

/** Below this the selector's pick is not executed. */
export const SELECTOR_MIN_CONFIDENCE = 0.5;

export function compactToolList(tools: Iterable<RegisteredTool>): string {
  const lines: string[] = [];
  for (const t of tools) lines.push(`- ${t.name}: ${t.description} Parameter: ${JSON.stringify(t.input_schema)}`);
  return lines.join('\n');
}

/**
 * Compatibility selector: one JSON-mode call when the model answered a clear home
 * request with prose only. Returns the raw answer and the parsed pick; the caller checks the
 * tool against the registry before anything runs.
 */
export async function selectTool(
  ollama: OllamaConnection,
  tools: Iterable<RegisteredTool>,
  message: string,
): Promise<{ raw: string; selection?: Selection }> {
  const turn = await ollama.chat({
    role: 'planner',
    format: 'json',
    messages: [
      { role: 'system', content: selectorPrompt(compactToolList(tools)) },
      { role: 'user', content: message },
    ],
  });
  const parsed = parseJsonAnswer(turn.content);
  if (!isRecord(parsed) || typeof parsed.tool !== 'string' || parsed.tool === '') return { raw: turn.content };
  const args = isRecord(parsed.arguments) ? parsed.arguments : {};
  const confidence = typeof parsed.confidence === 'number' ? parsed.confidence : 0;
  return { raw: turn.content, selection: { tool: parsed.tool, arguments: args, confidence } };
}
