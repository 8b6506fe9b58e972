import { useTranslation } from '../i18n';
import { useStore } from '../store';
import { byCodePoint } from '../format/compare';

const ORDER = ['ollama', 'store', 'household', 'skills', 'mesh', 'docker', 'voice', 'rag'];

/** Component statuses (GET /api/state system, falling back to /api/health), plus the STT chip. */
export function StatusGrid() {
  const { t } = useTranslation();
  const fromState = useStore((s) => s.home.data?.system);
  const fromHealth = useStore((s) => s.health?.components);
  const voice = useStore((s) => s.voiceStatus.data);
  const components = { ...(fromHealth ?? {}), ...(fromState ?? {}) };
  const names = Object.keys(components).sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || byCodePoint(a, b));
  if (!fromState && !fromHealth && !voice) return <p className="muted">{t('common.loading')}</p>;
  if (!names.length && !voice) return <p className="muted">{t('home.noComponents')}</p>;
  return (
    <ul className="status-grid">
      {names.map((name) => {
        const c = components[name]!;
        return (
          <li key={name} className={`status-tile state-${c.state}`}>
            <span className="status-name">{name}</span>
            <span className="status-state">{c.state.toUpperCase()}</span>
            <span className="status-detail" title={c.detail}>
              {c.detail}
            </span>
          </li>
        );
      })}
      {voice ? (
        <li className={`status-tile state-${voice.stt.state === 'LOCAL' ? 'ok' : 'degraded'}`}>
          <span className="status-name">STT</span>
          <span className="status-state">{voice.stt.state}</span>
          <span className="status-detail">{t(`system.sttStates.${voice.stt.state}`)}</span>
        </li>
      ) : null}
    </ul>
  );
}
