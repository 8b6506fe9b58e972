import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, initI18n } from './index';

afterEach(() => applyLanguage('de'));

describe('UI languages', () => {
  it('German is there at once; English once its texts downloaded', async () => {
    initI18n('de');
    expect(i18next.t('nav.calendar')).toBe('Kalender');
    const switched = applyLanguage('en');
    await switched;
    expect(i18next.language).toBe('en');
    expect(i18next.t('nav.calendar')).toBe('Calendar');
  });

  it('a later choice wins over an earlier one still downloading', async () => {
    initI18n('de');
    if (i18next.hasResourceBundle('en', 'translation')) i18next.removeResourceBundle('en', 'translation');
    const english = applyLanguage('en');
    await applyLanguage('de');
    await english;
    expect(i18next.language).toBe('de');
    expect(i18next.t('nav.calendar')).toBe('Kalender');
  });
});
