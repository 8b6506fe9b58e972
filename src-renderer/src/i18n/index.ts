// The UI's texts: German in the initial bundle, English downloaded when chosen. This small
// module replaced i18next + react-i18next, which were a fifth of the initial JavaScript and
// most of Home's first render for key lookups, {{name}} and one plural rule.
import { useSyncExternalStore } from 'react';
import type { Language } from '../store/ui-slice';
import { de, type Messages } from './de';

export type TextVars = Readonly<Record<string, string | number | undefined>> & { readonly defaultValue?: string };

const bundles: Partial<Record<Language, Messages>> = { de };
const LOADERS: Record<Exclude<Language, 'de'>, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
};

let active: Language = 'de';
/** The language asked for last: a slow download must not undo a later choice. */
let wanted: Language = 'de';
const listeners = new Set<() => void>();

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Each key's text in the active language, looked up once: a busy month asks for the same few
 * keys for every day and event of its first render.
 */
const found = new Map<string, string | null>();

/** In the active language, else German. */
function text(key: string): string | undefined {
  let value = found.get(key);
  if (value === undefined) {
    value = lookup(bundles[active], key) ?? lookup(de, key) ?? null;
    found.set(key, value);
  }
  return value ?? undefined;
}

/**
 * The text of `key` ("home.nextEvent") with {{name}} filled from `vars`. With a numeric
 * `count`, `key_one` or `key_other` comes first (German and English both use "one" for
 * exactly 1). An unknown key shows `vars.defaultValue`, else the key itself.
 */
export function t(key: string, vars?: TextVars): string {
  const count = vars?.count;
  const plural = typeof count === 'number' ? text(`${key}_${count === 1 ? 'one' : 'other'}`) : undefined;
  const shown = plural ?? text(key) ?? vars?.defaultValue ?? key;
  return vars && shown.includes('{{') ? shown.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? '')) : shown;
}

/** Whether `key` has a text (in the active language or German). */
export function exists(key: string): boolean {
  return text(key) !== undefined;
}

/** The language whose texts are shown. */
export function activeLanguage(): Language {
  return active;
}

function activate(language: Language): void {
  if (wanted !== language || active === language) return;
  active = language;
  found.clear();
  for (const listener of listeners) listener();
}

/**
 * Switches the UI language: at once when its texts are in (German always), else once they
 * have downloaded. The promise settles when the language is active or superseded; a failed
 * download keeps the current language, and the next choice tries again.
 */
export function applyLanguage(language: Language): Promise<void> {
  wanted = language;
  if (language === 'de' || bundles[language]) {
    activate(language);
    return Promise.resolve();
  }
  return LOADERS[language]().then(
    (messages) => {
      bundles[language] = messages;
      activate(language);
    },
    () => undefined,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const HANDLES: Record<Language, { readonly language: Language; exists(key: string): boolean }> = {
  de: { language: 'de', exists },
  en: { language: 'en', exists },
};

/** `t` and the active language for a component, which renders again when the language switches. */
export function useTranslation(): { t: typeof t; i18n: (typeof HANDLES)[Language] } {
  const language = useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
  return { t, i18n: HANDLES[language] };
}

/** Tests: forget downloaded languages, back to German. */
export function resetLanguages(): void {
  for (const language of Object.keys(bundles) as Language[]) if (language !== 'de') delete bundles[language];
  found.clear();
  wanted = 'de';
  activate('de');
}
