import { de, type Messages } from '../i18n/de';
import { en } from '../i18n/en';
import type { Language } from '../store/ui-slice';

// The one-language check: every text a family sees (text nodes, aria-label, title,
// placeholder) belongs to the active language's texts, to the household's own data, or is a
// number or date. Elements marked data-technical (Wissen & System's technical view) are
// the only place for the master's English details, setting names and tool ids.

const BUNDLES: Record<Language, Messages> = { de, en };

/** Words of the other language that must never show (a few of each, common in both UIs' past). */
export const FOREIGN_WORDS: Record<Language, readonly string[]> = {
  de: [
    'clear',
    'reload',
    'export',
    'debug',
    'organize',
    'reminder',
    'every',
    'pass',
    'the',
    'and',
    'not',
    'set',
    'loading',
    'failed',
    'missing',
    'ready',
    'servings',
    'chunks',
    'recorded',
    'tools',
  ],
  en: [
    'Gemerkt',
    'Verworfen',
    'aktiviert',
    'abgelehnt',
    'nicht',
    'erreichbar',
    'Abschnitt',
    'Abschnitte',
    'P.',
    'und',
    'der',
    'die',
    'das',
    'ist',
    'Termin',
    'Aufgabe',
    'heute',
    'Einkaufsliste',
    'Portionen',
    'geleert',
  ],
};

const ENV_VAR = /\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/;
const TOOL_ID = /\b(calendar|tasks|reminders|groceries|recipes|mealplan|kanban|rag|system|skill)_[a-z_]+\b/;
/** A text key shown instead of its text: "home.nextEvent", "status.codes.mesh.off". */
const RAW_KEY = new RegExp(`\\b(${Object.keys(de).join('|')})\\.[a-zA-Z_]+(\\.[a-zA-Z_]+)*\\b`);
const NUMBERISH = /^[\d\s.,:+\-−–/%½¼¾×]+(\s?(ms|s|B|KB|MB|g|kg|ml|l|h))?$/;

function values(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) values(v, out);
  return out;
}

function words(text: string): string[] {
  return text
    .split(/[\s·,;:!?()[\]{}„“”"'‘’«»…/|+–—=<>]+/)
    .map((w) => w.replace(/^[.\-−]+|[.\-−]+$/g, ''))
    .filter(Boolean);
}

function dateWords(language: Language): string[] {
  const out: string[] = [];
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(2026, i, 1));
    for (const month of ['long', 'short'] as const) out.push(new Intl.DateTimeFormat(language, { month, timeZone: 'UTC' }).format(d));
  }
  for (let i = 0; i < 7; i++) {
    const d = new Date(Date.UTC(2026, 0, 5 + i));
    for (const weekday of ['long', 'short', 'narrow'] as const)
      out.push(new Intl.DateTimeFormat(language, { weekday, timeZone: 'UTC' }).format(d));
  }
  return out.flatMap(words);
}

export interface Finding {
  readonly text: string;
  readonly why: string;
  readonly where: string;
}

/** What the checker knows: the active language's texts and words, and the household's data. */
export function createAudit(language: Language, userData: readonly string[]) {
  const texts = values(BUNDLES[language]);
  const templates = texts
    .filter((s) => /\S/.test(s.replace(/\{\{\s*\w+\s*\}\}/g, '')))
    .map(
      (s) =>
        new RegExp(
          `^${s
            .trim()
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace(/\\\{\\\{\s*(\w+)\s*\\\}\\\}/g, '.+?')}$`,
          's',
        ),
    );
  const vocabulary = new Set(
    [...texts.flatMap((s) => words(s.replace(/\{\{\s*\w+\s*\}\}/g, ' '))), ...userData.flatMap(words), ...dateWords(language)].map((w) =>
      w.toLowerCase(),
    ),
  );
  const data = new Set(userData.map((s) => s.trim()));
  const foreign = FOREIGN_WORDS[language].map(
    (w) => new RegExp(`(^|[^\\p{L}])${w.replace(/\./g, '\\.')}($|[^\\p{L}])`, language === 'de' ? 'iu' : 'u'),
  );

  function check(raw: string, where: string): Finding[] {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!text) return [];
    const found: Finding[] = [];
    if (ENV_VAR.test(text)) found.push({ text, why: 'names a setting (env var)', where });
    if (TOOL_ID.test(text)) found.push({ text, why: 'names a tool id', where });
    if (RAW_KEY.test(text) && !data.has(text)) found.push({ text, why: 'shows a raw text key', where });
    const bad = foreign.find((re) => re.test(text));
    if (bad && !data.has(text)) found.push({ text, why: `has a word of the other language (${bad.source})`, where });
    if (found.length) return found;
    // Signs without letters (⇄, ↻, +) speak no language.
    if (data.has(text) || NUMBERISH.test(text) || !/\p{L}/u.test(text) || templates.some((re) => re.test(text))) return [];
    const unknown = words(text).filter((w) => !NUMBERISH.test(w) && !vocabulary.has(w.toLowerCase()));
    return unknown.length ? [{ text, why: `is neither a ${language} text nor household data (${unknown.join(', ')})`, where }] : [];
  }

  /** Every finding under `root`: text nodes and the attributes people hear or see. */
  function audit(root: Element): Finding[] {
    const findings: Finding[] = [];
    const technical = (el: Element | null) => Boolean(el?.closest('[data-technical]'));
    const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || technical(parent) || parent.closest('script, style, [hidden], [aria-hidden="true"] svg')) continue;
      findings.push(...check(node.textContent ?? '', describe(parent)));
    }
    for (const el of root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (technical(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) findings.push(...check(value, `${describe(el)}[${name}]`));
      }
    }
    return findings;
  }

  return { audit, check };
}

function describe(el: Element): string {
  const test = el.closest('[data-testid]')?.getAttribute('data-testid');
  return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}${test ? ` in ${test}` : ''}`;
}
