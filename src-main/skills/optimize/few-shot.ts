import type { OverlayExample } from '../overlays';
import { normalizedRequest } from './cases';
import type { RecordedCall, RecordedRequest } from './history';

export const FEW_SHOT_EXAMPLES = 3;
const MAX_REPLY_CHARS = 500;

function words(text: string): Set<string> {
  return new Set(
    normalizedRequest(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1),
  );
}

function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

const withArguments = (calls: readonly RecordedCall[]): calls is readonly Required<RecordedCall>[] =>
  calls.every((c) => c.arguments !== undefined);

/**
 * Few successful uses as examples (what DSPy's BootstrapFewShot does with a program's
 * successful traces): the shortest call sequences first, then each next one the least like
 * those already taken, so the examples show different requests. Only uses whose arguments
 * were recorded can show the call.
 */
export function pickExamples(uses: readonly RecordedRequest[], max = FEW_SHOT_EXAMPLES): OverlayExample[] {
  const seen = new Set<string>();
  const pool = uses
    .filter((u) => u.success && u.calls.length > 0 && withArguments(u.calls))
    .filter((u) => {
      const key = normalizedRequest(u.request);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.calls.length - b.calls.length || a.request.length - b.request.length);
  const chosen: { use: RecordedRequest; words: Set<string> }[] = [];
  const left = pool.map((use) => ({ use, words: words(use.request) }));
  while (chosen.length < max && left.length > 0) {
    let best = 0;
    let bestScore = Infinity;
    for (const [i, c] of left.entries()) {
      const score = Math.max(0, ...chosen.map((x) => similarity(x.words, c.words)));
      if (score < bestScore) {
        best = i;
        bestScore = score;
      }
    }
    chosen.push(left.splice(best, 1)[0]!);
  }
  return chosen.map(({ use }) => ({
    request: use.request.slice(0, 2000),
    calls: use.calls.slice(0, 10).map((c) => ({ tool: c.tool, arguments: c.arguments ?? {} })),
    ...(use.reply ? { reply: use.reply.slice(0, MAX_REPLY_CHARS) } : {}),
  }));
}
