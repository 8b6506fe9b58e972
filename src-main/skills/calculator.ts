// The `calculator` step tool: arithmetic as OpenJarvis's calculator accepts it, read by a
// small parser (never eval or Function), bounded in length and nesting.

const MAX_LENGTH = 1000;
const MAX_DEPTH = 64;

const FUNCTIONS: Readonly<Record<string, (...args: number[]) => number>> = {
  abs: Math.abs,
  round: (x = NaN, digits = 0) => {
    const f = 10 ** digits;
    return Math.round(x * f) / f;
  },
  min: Math.min,
  max: Math.max,
  sqrt: Math.sqrt,
  log: (x = NaN, base?: number) => (base === undefined ? Math.log(x) : Math.log(x) / Math.log(base)),
  ln: Math.log,
  log10: Math.log10,
  log2: Math.log2,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  ceil: Math.ceil,
  floor: Math.floor,
};
const CONSTANTS: Readonly<Record<string, number>> = { pi: Math.PI, e: Math.E };

export class CalculatorError extends Error {}

type Token = { kind: 'num'; value: number } | { kind: 'name'; value: string } | { kind: 'op'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|\/\/|[-+*/%^(),]))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw new CalculatorError(`unexpected character "${text.slice(at).trim()[0]}" at ${at + 1}`);
    if (m[1] !== undefined) tokens.push({ kind: 'num', value: Number(m[1]) });
    else if (m[2] !== undefined) tokens.push({ kind: 'name', value: m[2] });
    else tokens.push({ kind: 'op', value: m[3] === '^' ? '**' : (m[3] as string) });
    at = re.lastIndex;
  }
  return tokens;
}

/**
 * Evaluates an arithmetic expression: numbers, + - * / // % ** (or ^), parentheses, the
 * constants pi and e and the functions abs round min max sqrt log ln log10 log2 sin cos tan
 * ceil floor. Anything else (names, strings, attribute access) is refused.
 */
export function evaluateExpression(expression: string): number {
  if (expression.length > MAX_LENGTH) throw new CalculatorError(`the expression is longer than ${MAX_LENGTH} characters`);
  const tokens = tokenize(expression);
  if (tokens.length === 0) throw new CalculatorError('no expression');
  let i = 0;
  const peek = (): Token | undefined => tokens[i];
  const isOp = (value: string): boolean => {
    const t = tokens[i];
    return t?.kind === 'op' && t.value === value;
  };
  const expect = (value: string): void => {
    if (!isOp(value)) throw new CalculatorError(`expected "${value}"`);
    i++;
  };
  const guard = (depth: number): void => {
    if (depth > MAX_DEPTH) throw new CalculatorError(`the expression is nested deeper than ${MAX_DEPTH} levels`);
  };

  const sum = (depth: number): number => {
    guard(depth);
    let left = product(depth);
    while (isOp('+') || isOp('-')) {
      const op = (tokens[i++] as Token).value;
      const right = product(depth);
      left = op === '+' ? left + right : left - right;
    }
    return left;
  };
  const product = (depth: number): number => {
    let left = unary(depth);
    while (isOp('*') || isOp('/') || isOp('//') || isOp('%')) {
      const op = (tokens[i++] as Token).value;
      const right = unary(depth);
      if ((op === '/' || op === '//' || op === '%') && right === 0) throw new CalculatorError('division by zero');
      if (op === '*') left *= right;
      else if (op === '/') left /= right;
      else if (op === '//') left = Math.floor(left / right);
      // Python's modulo: the result takes the divisor's sign.
      else left = left - right * Math.floor(left / right);
    }
    return left;
  };
  const unary = (depth: number): number => {
    guard(depth);
    if (isOp('-')) {
      i++;
      return -unary(depth + 1);
    }
    if (isOp('+')) {
      i++;
      return unary(depth + 1);
    }
    return power(depth);
  };
  const power = (depth: number): number => {
    const base = atom(depth);
    if (isOp('**')) {
      i++;
      // Right-associative, and binds tighter than a unary minus on its left: -2**2 = -4.
      return base ** unary(depth + 1);
    }
    return base;
  };
  const atom = (depth: number): number => {
    const t = peek();
    if (!t) throw new CalculatorError('the expression ends too early');
    if (t.kind === 'num') {
      i++;
      return t.value;
    }
    if (t.kind === 'op' && t.value === '(') {
      i++;
      const v = sum(depth + 1);
      expect(')');
      return v;
    }
    if (t.kind === 'name') {
      i++;
      const fn = Object.prototype.hasOwnProperty.call(FUNCTIONS, t.value) ? FUNCTIONS[t.value] : undefined;
      if (fn && isOp('(')) {
        i++;
        const args: number[] = [];
        if (!isOp(')')) {
          args.push(sum(depth + 1));
          while (isOp(',')) {
            i++;
            args.push(sum(depth + 1));
          }
        }
        expect(')');
        return fn(...args);
      }
      if (Object.prototype.hasOwnProperty.call(CONSTANTS, t.value)) return CONSTANTS[t.value] as number;
      throw new CalculatorError(`unknown name "${t.value}"`);
    }
    throw new CalculatorError(`unexpected "${t.value}"`);
  };

  const value = sum(0);
  if (i < tokens.length) throw new CalculatorError(`unexpected "${String((tokens[i] as Token).value)}"`);
  if (!Number.isFinite(value)) throw new CalculatorError('the result is not a finite number');
  return value;
}
