import { act, cleanup, render, screen } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activeLanguage, applyLanguage, exists, resetLanguages, t, useTranslation } from './index';

// Unit files share one module graph: another file may have left English active.
beforeEach(() => resetLanguages());
afterEach(() => {
  cleanup();
  resetLanguages();
});

describe('UI texts', () => {
  it('look keys up, fill {{names}} and pick the plural form by count', () => {
    expect(t('nav.calendar')).toBe('Kalender');
    expect(t('shell.online', { version: '1.2' })).toBe('verbunden · v1.2');
    expect(t('home.tasksOpen', { count: 1 })).toBe('1 offene Aufgabe');
    expect(t('home.tasksOpen', { count: 0 })).toBe('0 offene Aufgaben');
    expect(t('system.chunks', { count: 1 })).toBe('1 Abschnitt');
    expect(t('calendar.more', { count: 1 })).toBe('+1'); // no plural forms: the plain key
  });

  it('show an unknown key as itself or its default, and say whether a key exists', () => {
    expect(t('nope.missing')).toBe('nope.missing');
    expect(t('protocol.status.weird', { defaultValue: 'weird' })).toBe('weird');
    expect(t('nav')).toBe('nav'); // a group, not a text
    expect(exists('voice.errors.SERVER')).toBe(true);
    expect(exists('voice.errors.NOPE')).toBe(false);
  });

  it('switch to English once its texts downloaded, and components follow', async () => {
    function Heading() {
      const { t: tr, i18n } = useTranslation();
      return <h1 lang={i18n.language}>{tr('nav.calendar')}</h1>;
    }
    render(<Heading />);
    expect(screen.getByRole('heading').textContent).toBe('Kalender');
    await act(() => applyLanguage('en'));
    expect(activeLanguage()).toBe('en');
    expect(screen.getByRole('heading').textContent).toBe('Calendar');
    expect(screen.getByRole('heading').getAttribute('lang')).toBe('en');
  });

  it('let a later choice win over an earlier one still downloading', async () => {
    const english = applyLanguage('en');
    await applyLanguage('de');
    await english;
    expect(activeLanguage()).toBe('de');
    expect(t('nav.calendar')).toBe('Kalender');
  });
});
