import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './de';
import { en } from './en';

/** German by default, English selectable; resources are bundled (no fetch, CSP-safe). */
export function initI18n(language: 'de' | 'en'): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { de: { translation: de }, en: { translation: en } },
      lng: language,
      fallbackLng: 'de',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  return i18next;
}
