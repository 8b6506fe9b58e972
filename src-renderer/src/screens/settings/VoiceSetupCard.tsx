import { useEffect } from 'react';
import type { VoiceStatus } from '../../../../src-shared';
import { Card } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';

/** What speaking to JARVIS needs on this computer, in plain words, and "Set up voice" (the same as `npm run voice:setup`). */
export function VoiceSetupCard() {
  const { t } = useTranslation();
  const status = useStore((s) => s.voiceStatus);
  const load = useStore((s) => s.loadVoiceStatus);
  const setup = useStore((s) => s.voiceSetup);
  const start = useStore((s) => s.startVoiceSetup);
  useEffect(() => {
    void load();
  }, [load]);
  const running = setup?.state === 'running';
  const v: VoiceStatus | undefined = status.data;
  return (
    <Card title={t('settings.voice.title')} className="span-6" testId="settings-voice">
      {v ? (
        <ul className="mini-list" data-testid="voice-installed">
          <li>{v.stt.state === 'LOCAL' ? t('settings.voice.sttReady') : t('settings.voice.sttMissing')}</li>
          <li>
            {v.tts.engine === 'piper'
              ? t('settings.voice.ttsPiper')
              : v.tts.engine === 'espeak-ng'
                ? t('settings.voice.ttsBasic')
                : t('settings.voice.ttsMissing')}
          </li>
          <li>{v.stt.state === 'LOCAL' ? t('settings.voice.talkReady') : t('settings.voice.talkNotReady')}</li>
          <li>{v.hands_free.enabled ? t('settings.voice.wakeOn', { word: v.hands_free.wake_word }) : t('settings.voice.wakeOff')}</li>
        </ul>
      ) : null}
      <button type="button" className="btn" disabled={running} aria-busy={running || undefined} onClick={() => void start()}>
        {running ? t('settings.voice.running') : t('settings.voice.setup')}
      </button>
      {running ? <progress aria-label={t('settings.voice.running')} /> : null}
      {setup?.state === 'done' && setup.items.length > 0 ? (
        <ul className="mini-list" data-testid="voice-setup-result" role="status">
          {setup.items.map((i) => (
            <li key={i.item} className={i.result === 'present' || i.result === 'installed' ? undefined : 'inline-error'}>
              {t(`settings.voice.items.${i.item.replace(/[ -]/g, '_')}`)}: {t(`settings.voice.results.${i.result}`)}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
