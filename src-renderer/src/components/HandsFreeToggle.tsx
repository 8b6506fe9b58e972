import { useTranslation } from '../i18n';
import { useStore } from '../store';

/**
 * The "Freihändig" switch: shown when the master runs with JARVIS_HANDS_FREE=true. While it is
 * on, the indicator beside it says that the microphone is open and what it is doing.
 */
export function HandsFreeToggle() {
  const { t } = useTranslation();
  const offered = useStore((s) => s.voiceStatus.data?.hands_free?.enabled === true);
  const configured = useStore((s) => s.voiceStatus.data?.hands_free?.wake_word ?? 'jarvis');
  // The master matches it in any case; people read a name capitalised.
  const wakeWord = configured.charAt(0).toUpperCase() + configured.slice(1);
  const state = useStore((s) => s.handsFree);
  const hearing = useStore((s) => s.handsFreeHearing);
  const pending = useStore((s) => s.handsFreePending);
  const toggle = useStore((s) => s.toggleHandsFree);
  // Still shown while on, so listening can be switched off even if the master changed its mind.
  if (!offered && state === 'off') return null;
  const on = state !== 'off';
  const text =
    state === 'starting'
      ? t('voice.handsFree.starting')
      : pending > 0
        ? t('voice.handsFree.processing')
        : hearing
          ? t('voice.handsFree.hearing')
          : t('voice.handsFree.waiting', { wakeWord });
  return (
    <>
      <button
        type="button"
        className={`btn hands-free-toggle ${on ? 'is-on' : ''}`}
        aria-pressed={on}
        title={t('voice.handsFree.hint', { wakeWord })}
        onClick={() => void toggle()}
      >
        {t('voice.handsFree.toggle')}
      </button>
      {on ? (
        <span className={`hands-free-indicator ${hearing ? 'is-hearing' : ''}`} role="status" data-testid="hands-free-indicator">
          <span className="dot dot-listening" aria-hidden="true" />
          {text}
        </span>
      ) : null}
    </>
  );
}
