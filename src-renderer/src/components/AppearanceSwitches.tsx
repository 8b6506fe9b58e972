import { useTranslation } from '../i18n';
import { useStore } from '../store';

/** Language and design: in the header on a wide screen, in Wissen & System on a phone (styles.css). */
export function AppearanceSwitches() {
  const { t } = useTranslation();
  const mode = useStore((s) => s.mode);
  const setMode = useStore((s) => s.setMode);
  const language = useStore((s) => s.language);
  const setLanguage = useStore((s) => s.setLanguage);
  return (
    <>
      {/* Two buttons, not a <select>: a form control's first style pass cost Home's first paint ~8 ms. */}
      <div className="mode-toggle lang-toggle" role="group" aria-label={t('shell.language')}>
        <button type="button" lang="de" aria-pressed={language === 'de'} onClick={() => setLanguage('de')}>
          {t('shell.languages.de')}
        </button>
        <button type="button" lang="en" aria-pressed={language === 'en'} onClick={() => setLanguage('en')}>
          {t('shell.languages.en')}
        </button>
      </div>
      <div className="mode-toggle" role="group" aria-label={t('shell.design')}>
        <button type="button" aria-pressed={mode === 'hud'} onClick={() => setMode('hud')}>
          {t('shell.designs.hud')}
        </button>
        <button type="button" aria-pressed={mode === 'clean'} onClick={() => setMode('clean')}>
          {t('shell.designs.clean')}
        </button>
      </div>
    </>
  );
}
