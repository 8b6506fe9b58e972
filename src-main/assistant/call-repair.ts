import type { RegisteredTool } from '../platform/registry';
import { check, compileSchema } from '../platform/validation';

// A small model often gets a call almost right: `calender_create`, or `reminders_create`
// without `when`. Such a call is not run and not guessed into something else; the model
// gets the exact error once and may send the call again.

export type CallProblem =
  | { readonly kind: 'unknown-tool'; readonly tool: string; readonly nearest: readonly string[]; readonly message: string }
  | { readonly kind: 'invalid-arguments'; readonly tool: string; readonly path: string; readonly message: string };

/**
 * What is wrong with a call before it runs, or undefined when it may go to the registry.
 * An unknown name is a problem to repair only when a registered tool is one edit away;
 * anything farther is refused as unknown by the registry, as before.
 */
export function diagnoseCall(
  name: string,
  args: Record<string, unknown>,
  lookup: (name: string) => RegisteredTool | undefined,
  names: () => Iterable<string>,
): CallProblem | undefined {
  const tool = lookup(name);
  if (!tool) {
    const nearest = [...names()].filter((n) => withinOneEdit(name, n));
    if (nearest.length === 0) return undefined;
    return {
      kind: 'unknown-tool',
      tool: name,
      nearest,
      message: `There is no tool named "${name}". Registered tool names one edit away: ${nearest.join(', ')}. Nothing was run. Call a registered tool by its exact name if it fits the request.`,
    };
  }
  const verdict = check(compileSchema(tool.input_schema), args);
  if (verdict.ok) return undefined;
  return {
    kind: 'invalid-arguments',
    tool: name,
    path: verdict.error.path,
    message: `The arguments of ${name} do not match its schema: ${verdict.error.message}. Nothing was run. Send the call again with arguments that match this schema: ${JSON.stringify(tool.input_schema)}`,
  };
}

/** Levenshtein distance ≤ 1, or one swap of neighbouring letters (a common typo). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
