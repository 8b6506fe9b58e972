import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../store/ui-slice';
import { de, type Messages } from './de';

// German, the default, is in the initial bundle; English downloads when it is chosen (a
// module chunk: no fetch of JSON, CSP-safe).
const LOADERS: Record<Exclude<Language, 'de'>, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
};

/** The language asked for last: a slow download must not undo a later choice. */
let wanted: Language = 'de';

async function loadLanguage(language: Exclude<Language, 'de'>): Promise<void> {
  const messages = await LOADERS[language]();
  if (!i18next.hasResourceBundle(language, 'translation')) i18next.addResourceBundle(language, 'translation', messages);
}

/**
 * Switches the UI language. Synchronous when its texts are in (German always), else after
 * they downloaded; the returned promise settles once the language is active (or superseded).
 */
export function applyLanguage(language: Language): Promise<void> {
  wanted = language;
  const change = () => {
    if (wanted === language && i18next.language !== language) void i18next.changeLanguage(language);
  };
  if (language === 'de' || i18next.hasResourceBundle(language, 'translation')) {
    change();
    return Promise.resolve();
  }
  // A failed download keeps the current language; the next choice tries again.
  return loadLanguage(language).then(change, () => undefined);
}

/** German first (the fallback for any missing text), then the chosen language. */
export function initI18n(language: Language): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { de: { translation: de } },
      lng: 'de',
      fallbackLng: 'de',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  void applyLanguage(language);
  return i18next;
}
