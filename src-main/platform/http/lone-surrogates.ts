// JSON can spell half of a UTF-16 surrogate pair ("\ud800"); JavaScript keeps it, and
// SQLite would store it as bytes that are not UTF-8 (ED A0 80). Such text is refused at
// the door, so no store, export or log ever holds it.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * The JSON path of the first key or string holding a lone surrogate, or undefined.
 * Iterative: a body nested thousands of levels deep must not overflow the stack.
 */
export function findLoneSurrogate(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasLoneSurrogate(current)) return path || '/';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: `${path}/${i}` });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const at = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (hasLoneSurrogate(key)) return at;
        stack.push({ value: inner, path: at });
      }
    }
  }
  return undefined;
}
