// JSON can spell half of a UTF-16 surrogate pair ("\ud800"); JavaScript keeps it, and
// SQLite would store it as bytes that are not UTF-8 (ED A0 80). Such text is refused at
// the door, so no store, export or log ever holds it.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** A key's JSON pointer segment. */
const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The JSON path of the first key or string holding a lone surrogate, or undefined.
 * Iterative: a body nested thousands of levels deep must not overflow the stack. Paths are
 * spelled only for the finding: spelling one per value cost a large body more than the walk.
 */
export function findLoneSurrogate(value: unknown): string | undefined {
  interface Step {
    readonly value: unknown;
    readonly parent: Step | undefined;
    readonly key: string;
  }
  const pathOf = (step: Step | undefined, last?: string): string => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let s = step; s?.parent; s = s.parent) keys.push(s.key);
    return keys
      .reverse()
      .map((k) => `/${k}`)
      .join('');
  };
  const stack: Step[] = [{ value, parent: undefined, key: '' }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (hasLoneSurrogate(current)) return pathOf(step) || '/';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: step, key: String(i) });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (hasLoneSurrogate(key)) return pathOf(step, segment(key));
        stack.push({ value: inner, parent: step, key: segment(key) });
      }
    }
  }
  return undefined;
}
