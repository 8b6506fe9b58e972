import type { RegisteredTool } from '../platform/registry';
import { CORE_TOOL_PHRASES } from './tool-phrases';

// Keyword retrieval over tools (BM25): which of hundreds of registered tools fit one request.
// A tool's text is its name (split at `_`, weighted most), its household phrases and its
// description. Words are folded (umlauts, case) and stemmed lightly for German and English;
// a German compound ("Einkaufszettel") also matches the known words it contains.

const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 3;
const PHRASE_WEIGHT = 2;
// A request word that only contains an indexed word counts for less than an exact one.
const PART_WEIGHT = 0.5;
const MIN_PART = 4;

const STOP = new Set(
  (
    'der die das den dem des ein eine einen einem einer und oder aber ich du er sie es wir ihr mir mich dir dich uns euch ' +
    'ist sind bin bist war hat habe haben hast auf zum zur zu für mit von vom im in an am um bis bitte mal noch doch ja nein ' +
    'nicht kein keine was wie wo wer wann welche welcher welches the a an and or but i you he she it we they me my our your ' +
    'is are was be to for with of on in at by please can could would will do does did what how where who when which this that'
  ).split(' '),
);

/** Lower case, umlauts folded, split into words; stop words dropped. */
export function words(text: string): string[] {
  const folded = text
    .toLowerCase()
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .replace(/ß/g, 'ss')
    // "kueche" in an enum and "Küche" in a request are the same word.
    .replace(/([aou])e/g, '$1');
  return folded.split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !STOP.has(w));
}

const SUFFIXES = ['ungen', 'ung', 'ing', 'ies', 'en', 'er', 'es', 'ed', 'e', 's'];

/**
 * A light stem: endings go while at least three letters stay, until none is left, so every
 * form of a word meets at one stem ("reminders", "reminder" -> "remind"; "Termine", "Termin"
 * -> "termin"). A final n goes only after r ("erinnern" with "erinnere").
 */
export function stem(word: string): string {
  let w = word;
  for (let round = 0; round < 3; round++) {
    const before = w;
    for (const s of SUFFIXES) {
      if (w.length - s.length >= 3 && w.endsWith(s)) {
        w = s === 'ies' ? `${w.slice(0, -3)}y` : w.slice(0, -s.length);
        break;
      }
    }
    if (w === before && w.length > 4 && w.endsWith('rn')) w = w.slice(0, -1);
    if (w === before) break;
  }
  return w;
}

export function terms(text: string): string[] {
  return words(text).map(stem);
}

/** Property names, enum values and property descriptions of an input schema (rooms, scenes, columns). */
function schemaText(schema: unknown, depth = 0): string {
  if (!schema || typeof schema !== 'object' || depth > 3) return '';
  const s = schema as { properties?: Record<string, unknown>; enum?: unknown[]; description?: unknown };
  const parts: string[] = [];
  if (Array.isArray(s.enum)) parts.push(s.enum.filter((v) => typeof v === 'string').join(' '));
  if (depth > 0 && typeof s.description === 'string') parts.push(s.description);
  for (const [name, sub] of Object.entries(s.properties ?? {})) parts.push(name.replace(/_/g, ' '), schemaText(sub, depth + 1));
  return parts.join(' ');
}

interface Doc {
  readonly tool: RegisteredTool;
  readonly tf: Map<string, number>;
  readonly length: number;
}

export interface RankedTool {
  readonly tool: RegisteredTool;
  readonly score: number;
}

/** Extra phrases for tools beyond the core ones (a skill's examples, an MCP server's hints). */
export type PhraseSource = (tool: RegisteredTool) => string | undefined;

/** A BM25 index over one set of tools; build once per tool set, query per request. */
export class ToolIndex {
  private readonly docs: Doc[] = [];
  private readonly df = new Map<string, number>();
  private readonly vocabulary: string[];
  private readonly avgLength: number;

  constructor(tools: readonly RegisteredTool[], phrases?: PhraseSource) {
    let total = 0;
    for (const tool of tools) {
      const tf = new Map<string, number>();
      const add = (text: string, weight: number) => {
        for (const t of terms(text)) tf.set(t, (tf.get(t) ?? 0) + weight);
      };
      add(tool.name.replace(/[_.-]+/g, ' '), NAME_WEIGHT);
      add(CORE_TOOL_PHRASES[tool.name] ?? phrases?.(tool) ?? '', PHRASE_WEIGHT);
      add(tool.description, 1);
      add(schemaText(tool.input_schema), 1);
      let length = 0;
      for (const [t, n] of tf) {
        length += n;
        this.df.set(t, (this.df.get(t) ?? 0) + 1);
      }
      total += length;
      this.docs.push({ tool, tf, length });
    }
    this.avgLength = this.docs.length ? total / this.docs.length : 1;
    this.vocabulary = [...this.df.keys()].filter((t) => t.length >= MIN_PART);
  }

  get size(): number {
    return this.docs.length;
  }

  /** Query terms with weights: exact stems, and the indexed words a compound contains. */
  private queryTerms(text: string): Map<string, number> {
    const out = new Map<string, number>();
    for (const t of terms(text)) {
      if (this.df.has(t)) out.set(t, Math.max(out.get(t) ?? 0, 1));
      if (t.length <= MIN_PART) continue;
      for (const v of this.vocabulary) {
        if (v !== t && (t.includes(v) || (v.length > t.length && v.startsWith(t)))) out.set(v, Math.max(out.get(v) ?? 0, PART_WEIGHT));
      }
    }
    return out;
  }

  /** Every tool with a positive score, best first (ties keep registry order). */
  rank(text: string): RankedTool[] {
    const query = this.queryTerms(text);
    const n = this.docs.length;
    const scored: RankedTool[] = [];
    for (const doc of this.docs) {
      let score = 0;
      for (const [t, weight] of query) {
        const f = doc.tf.get(t);
        if (!f) continue;
        const df = this.df.get(t)!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += weight * idf * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / this.avgLength)));
      }
      if (score > 0) scored.push({ tool: doc.tool, score });
    }
    return scored.sort((a, b) => b.score - a.score);
  }
}
