import { REDACTED as REDACTED_MARK } from '../../platform/trace/redact';
import { RISK_CLASSES, type RiskClass } from '../../../src-shared';
import type { HistoryCall } from '../store/tool-history';

/** A call the miner reads: the history's calls, or any other source that says whether it succeeded. */
export interface MinedCall extends HistoryCall {
  /** Absent = it succeeded (the history keeps only successful calls). */
  readonly success?: boolean;
}

export interface MinedRun {
  readonly id: string;
  readonly calls: readonly MinedCall[];
}

/** One step of a discovered pipeline, as skill.toml declares it. */
export interface DiscoveredStep {
  readonly tool_name: string;
  /** A template: constants as seen, `{parameter}` or `{output_key.path}` where values varied. */
  readonly arguments: Record<string, unknown>;
  readonly output_key?: string;
}

export interface DiscoveredSequence {
  readonly tools: readonly string[];
  /** How often the whole sequence was seen, across all runs. */
  readonly occurrences: number;
  /** In how many different runs. */
  readonly runs: number;
  readonly first_seen: string;
  readonly last_seen: string;
  readonly steps: readonly DiscoveredStep[];
  /** The values that varied: the pipeline's inputs, in order of first use. */
  readonly parameters: readonly string[];
  /** What its steps' tools need (`required_capabilities`), as recorded with the calls. */
  readonly capabilities: readonly string[];
  /** The highest risk class of its steps; absent when a step's tool declared none. */
  readonly risk?: RiskClass;
  /** What the household should know before activating it (e.g. a number that becomes text). */
  readonly notes: readonly string[];
}

export interface MineOptions {
  /** Seen at least this often (default 3). */
  readonly minFrequency?: number;
  /** The longest sequence looked for (default 8). */
  readonly maxLength?: number;
}

/**
 * Calls that are never part of a routine: reading a skill's instructions and proposing a
 * memory are the assistant's own bookkeeping, not something the household does.
 */
export const BOOKKEEPING_TOOLS: ReadonlySet<string> = new Set(['skill_read', 'memory_propose']);

/** Argument names whose value is never written into a skill as a constant. */
const SECRET_KEY = /pass(word)?|secret|token|api[_-]?key|authori[sz]ation|credential|pin\b|cookie|session/i;
/** What SecretRedactor leaves where a secret was: a constant holding it would not work anyway. */
const holdsRedaction = (value: unknown): boolean => typeof value === 'string' && value.includes(REDACTED_MARK);

export const DEFAULT_MIN_FREQUENCY = 3;
const DEFAULT_MAX_LENGTH = 8;
const MAX_OUTPUT_DEPTH = 4;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const same = (values: readonly unknown[]): boolean => values.every((v) => canonical(v) === canonical(values[0]));

/** A template placeholder name: letters, digits and `_`, not starting with a digit. */
function identifier(text: string): string {
  const id = text.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(id) ? id : `_${id}`;
}

/** The usable calls of a run: successful, not bookkeeping. */
function usable(run: MinedRun): MinedCall[] {
  return run.calls.filter((c) => c.success !== false && !BOOKKEEPING_TOOLS.has(c.tool));
}

interface Occurrence {
  readonly run: string;
  readonly calls: readonly MinedCall[];
}

/** Every contiguous tool sequence of length 2..maxLength with where it occurred. */
function countSequences(runs: readonly MinedRun[], maxLength: number): Map<string, Occurrence[]> {
  const found = new Map<string, Occurrence[]>();
  for (const run of runs) {
    const calls = usable(run);
    for (let start = 0; start < calls.length; start++) {
      for (let length = 2; length <= maxLength && start + length <= calls.length; length++) {
        const window = calls.slice(start, start + length);
        // One tool again and again (three items added) is a list, not a routine.
        if (window.every((c) => c.tool === window[0]!.tool)) continue;
        const key = window.map((c) => c.tool).join('\n');
        const list = found.get(key) ?? [];
        list.push({ run: run.id, calls: window });
        found.set(key, list);
      }
    }
  }
  return found;
}

/**
 * The frequent sequences no longer one contains with as many occurrences. Checking the
 * one-step extensions is enough: every occurrence of a longer sequence is one of each
 * extension inside it, so an extension is seen at least as often. Linear, not quadratic.
 */
function maximalOf<T extends { readonly tools: readonly string[]; readonly occ: readonly unknown[] }>(frequent: readonly T[]): T[] {
  const longest = new Map<string, number>();
  const note = (key: string, count: number) => longest.set(key, Math.max(longest.get(key) ?? 0, count));
  for (const s of frequent) {
    if (s.tools.length < 3) continue;
    // A sequence one step longer, seen `count` times, covers its prefix and its suffix.
    note(s.tools.slice(0, -1).join('\n'), s.occ.length);
    note(s.tools.slice(1).join('\n'), s.occ.length);
  }
  return frequent.filter((s) => (longest.get(s.tools.join('\n')) ?? 0) < s.occ.length);
}

/** Leaf paths of an output whose value is `value` (strings and numbers only, a few levels deep). */
function pathsTo(output: unknown, value: unknown, prefix: string[] = [], depth = 0, out: string[][] = []): string[][] {
  if (depth > MAX_OUTPUT_DEPTH) return out;
  if (typeof output === 'string' || typeof output === 'number') {
    if (output === value) out.push(prefix);
  } else if (Array.isArray(output)) {
    output.forEach((v, i) => pathsTo(v, value, [...prefix, String(i)], depth + 1, out));
  } else if (isRecord(output)) {
    for (const [k, v] of Object.entries(output)) if (/^[A-Za-z0-9_]+$/.test(k)) pathsTo(v, value, [...prefix, k], depth + 1, out);
  }
  return out;
}

function at(output: unknown, path: readonly string[]): unknown {
  let current = output;
  for (const part of path) {
    if (!isRecord(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Builds the argument templates of one sequence from its occurrences. */
class TemplateBuilder {
  readonly parameters: string[] = [];
  readonly notes: string[] = [];
  /** Parameter name -> its value in each occurrence. */
  private readonly values = new Map<string, readonly unknown[]>();
  /** Step index -> output key, for the steps a later one refers to. */
  readonly outputKeys = new Map<number, string>();

  constructor(
    private readonly occurrences: readonly Occurrence[],
    private readonly tools: readonly string[],
  ) {}

  step(index: number): Record<string, unknown> {
    return this.object(
      index,
      this.occurrences.map((o) => o.calls[index]!.arguments),
      [],
    );
  }

  private object(step: number, objects: readonly Record<string, unknown>[], path: readonly string[]): Record<string, unknown> {
    const template: Record<string, unknown> = {};
    const first = objects[0]!;
    for (const key of Object.keys(first)) {
      // An argument given only sometimes is left out: the tool's own default applies.
      if (!objects.every((o) => Object.prototype.hasOwnProperty.call(o, key))) continue;
      const values = objects.map((o) => o[key]);
      template[key] = this.value(step, key, values, [...path, key]);
    }
    return template;
  }

  private value(step: number, key: string, values: readonly unknown[], path: readonly string[]): unknown {
    const sensitive = SECRET_KEY.test(key) || values.some(holdsRedaction);
    if (same(values) && !sensitive) return values[0];
    // Objects of the same shape: their constant parts stay, the varying leaves become inputs.
    if (!sensitive && values.every(isRecord)) {
      const keys = canonical(Object.keys(values[0] as object).sort());
      if (values.every((v) => canonical(Object.keys(v as object).sort()) === keys))
        return this.object(step, values as Record<string, unknown>[], path);
    }
    const reference = sensitive ? undefined : this.reference(step, values);
    if (reference) return reference;
    return `{${this.parameter(step, key, values)}}`;
  }

  /** `{output_key.path}` when every occurrence passed on a value an earlier step returned. */
  private reference(step: number, values: readonly unknown[]): string | undefined {
    const firstValue = values[0];
    if (typeof firstValue !== 'string' && typeof firstValue !== 'number') return undefined;
    for (let earlier = step - 1; earlier >= 0; earlier--) {
      const outputs = this.occurrences.map((o) => o.calls[earlier]!.output);
      if (outputs.some((o) => o === undefined)) continue;
      const paths = pathsTo(outputs[0], firstValue).sort((a, b) => a.length - b.length);
      const path = paths.find((p) => this.occurrences.every((_, i) => at(outputs[i], p) === values[i]));
      if (!path) continue;
      const outputKey = this.outputKey(earlier);
      return `{${[outputKey, ...path].join('.')}}`;
    }
    return undefined;
  }

  private outputKey(step: number): string {
    const known = this.outputKeys.get(step);
    if (known) return known;
    const base = `${identifier(this.tools[step]!)}_result`;
    const taken = new Set(this.outputKeys.values());
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
    this.outputKeys.set(step, key);
    return key;
  }

  /** The same varying value given to two steps is one input; different ones get numbered names. */
  private parameter(step: number, key: string, values: readonly unknown[]): string {
    for (const [name, known] of this.values) if (canonical(known) === canonical(values)) return name;
    const base = identifier(key);
    let name = base;
    for (let n = 2; this.values.has(name) || [...this.outputKeys.values()].includes(name); n++) name = `${base}_${n}`;
    this.values.set(name, values);
    this.parameters.push(name);
    if (values.some((v) => typeof v !== 'string'))
      this.notes.push(
        `${name} (step ${step + 1}, ${this.tools[step]}) was not always text; skill inputs are text, so the tool may refuse it`,
      );
    return name;
  }
}

/** The highest declared risk of the calls, or nothing when one of them declared none. */
function riskOf(calls: readonly MinedCall[]): { risk?: RiskClass } {
  if (calls.some((c) => c.risk === undefined)) return {};
  const rank = Math.max(...calls.map((c) => RISK_CLASSES.indexOf(c.risk!)));
  return rank >= 0 ? { risk: RISK_CLASSES[rank]! } : {};
}

/**
 * Recurring tool sequences: per run the ordered successful calls (bookkeeping left out),
 * every contiguous sequence of two or more different-tool steps counted across runs. A
 * sequence is kept when it was seen at least `minFrequency` times and no longer kept
 * sequence containing it was seen as often. Most frequent first, then longest.
 */
export function mineToolSequences(runs: readonly MinedRun[], options: MineOptions = {}): DiscoveredSequence[] {
  const minFrequency = options.minFrequency ?? DEFAULT_MIN_FREQUENCY;
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const frequent = [...countSequences(runs, maxLength)]
    .filter(([, occ]) => occ.length >= minFrequency)
    .map(([key, occ]) => ({ tools: key.split('\n'), occ }));
  const maximal = maximalOf(frequent);
  const sequences = maximal.map(({ tools, occ }) => {
    const builder = new TemplateBuilder(occ, tools);
    const argumentsOf = tools.map((_, i) => builder.step(i));
    const steps = tools.map((tool, i) => {
      const key = builder.outputKeys.get(i);
      return { tool_name: tool, arguments: argumentsOf[i]!, ...(key ? { output_key: key } : {}) };
    });
    const times = occ.flatMap((o) => o.calls.map((c) => c.at)).sort();
    return {
      tools,
      occurrences: occ.length,
      runs: new Set(occ.map((o) => o.run)).size,
      first_seen: times[0] ?? '',
      last_seen: times[times.length - 1] ?? '',
      steps,
      parameters: builder.parameters,
      capabilities: [...new Set(occ.flatMap((o) => o.calls.flatMap((c) => c.capabilities ?? [])))].sort(),
      ...riskOf(occ.flatMap((o) => o.calls)),
      notes: builder.notes,
    };
  });
  return sequences.sort(
    (a, b) => b.occurrences - a.occurrences || b.tools.length - a.tools.length || a.tools.join().localeCompare(b.tools.join()),
  );
}
