/** JSON.parse, or undefined for text that is not JSON. */
export function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Walks the characters of text that stand outside JSON strings (escapes respected), with the
 * bracket depth after each one; `visit` returns true to stop there.
 */
function scanOutsideStrings(text: string, from: number, visit: (i: number, c: string, depth: number) => boolean): void {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    if (visit(i, c, depth)) return;
  }
}

/** Index of the bracket that closes the one at `start`, or -1. */
export function balancedEnd(text: string, start: number): number {
  let end = -1;
  scanOutsideStrings(text, start, (i, c, depth) => {
    if (depth === 0 && (c === '}' || c === ']')) end = i;
    return end >= 0;
  });
  return end;
}

/** Cuts text at separators that stand outside brackets and strings. */
export function splitTopLevel(text: string, separators: string): string[] {
  const out: string[] = [];
  let start = 0;
  scanOutsideStrings(text, 0, (i, c, depth) => {
    if (depth === 0 && separators.includes(c)) {
      if (text.slice(start, i).trim()) out.push(text.slice(start, i));
      start = i + 1;
    }
    return false;
  });
  if (text.slice(start).trim()) out.push(text.slice(start));
  return out;
}
