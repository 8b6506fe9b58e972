import { useId, type CSSProperties } from 'react';
import { useTranslation } from '../i18n';
import { moduleLabel } from '../i18n/tool-label';
import { useStore } from '../store';

/** Starts a voice command; `module` tells the assistant where it was spoken. */
export function MicButton({ module, label, big }: { module?: string; label?: string; big?: boolean }) {
  const { t } = useTranslation();
  const phase = useStore((s) => s.voicePhase);
  const activeModule = useStore((s) => s.voiceModule);
  const level = useStore((s) => s.voiceLevel);
  const toggle = useStore((s) => s.toggleVoice);
  // Known before anyone speaks: without speech recognition the button says why and how to fix it.
  const sttState = useStore((s) => (s.voiceStatus.status === 'ready' ? s.voiceStatus.data.stt.state : undefined));
  const reasonId = useId();
  const mine = phase !== 'idle' && activeModule === module;
  const recording = mine && phase === 'recording';
  const name = recording
    ? t('voice.stop')
    : (label ?? (module ? t('voice.startModule', { module: moduleLabel(module) }) : t('voice.start')));
  if (sttState && sttState !== 'LOCAL') {
    const reason = `${t('mic.unavailable')}. ${t(`mic.fix.${sttState}`)}`;
    return (
      <span className={`mic-unavailable ${big ? 'mic-unavailable-big' : ''}`}>
        <button
          type="button"
          className={`mic ${big ? 'mic-big' : ''}`}
          aria-label={name}
          title={reason}
          aria-describedby={reasonId}
          disabled
          data-testid="mic-unavailable"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18">
            <path
              d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2Z"
              fill="currentColor"
            />
          </svg>
          {big ? <span>{label ?? t('voice.start')}</span> : null}
        </button>
        <span id={reasonId} className={big ? 'mic-reason small' : 'sr-only'}>
          {reason}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`mic ${big ? 'mic-big' : ''} ${recording ? 'is-recording' : ''} ${mine && phase === 'sending' ? 'is-sending' : ''}`}
      aria-label={name}
      title={name}
      aria-pressed={recording}
      disabled={phase === 'sending' || (phase === 'recording' && !mine)}
      onClick={() => void toggle(module)}
      style={recording ? ({ '--level': Math.min(1, level * 8).toFixed(2) } as CSSProperties) : undefined}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18">
        <path
          d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2Z"
          fill="currentColor"
        />
      </svg>
      {big ? (
        <span>{recording ? t('voice.recording') : mine && phase === 'sending' ? t('voice.sending') : (label ?? t('voice.start'))}</span>
      ) : null}
    </button>
  );
}
