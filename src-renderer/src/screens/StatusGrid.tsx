import type { ComponentStatus } from '../../../src-shared';
import { exists, useTranslation } from '../i18n';
import { useStore } from '../store';
import { byCodePoint } from '../format/compare';

const ORDER = ['ollama', 'store', 'household', 'skills', 'mesh', 'docker', 'voice', 'rag'];

type T = ReturnType<typeof useTranslation>['t'];

/** A component's state in the household's words: from its code, else a sentence for its state. */
export function statusText(t: T, status: ComponentStatus): string {
  if (status.code && exists(`status.codes.${status.code}`)) return t(`status.codes.${status.code}`, status.params);
  return t(`status.unknown.${status.state}`);
}

/**
 * Component statuses (GET /api/state system, falling back to /api/health), plus the STT chip.
 * The tiles speak the UI's language; the master's own English details sit below them as
 * the technical view.
 */
export function StatusGrid() {
  const { t } = useTranslation();
  const fromState = useStore((s) => s.home.data?.system);
  const fromHealth = useStore((s) => s.health?.components);
  const voice = useStore((s) => s.voiceStatus.data);
  const components = { ...(fromHealth ?? {}), ...(fromState ?? {}) };
  const names = Object.keys(components).sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || byCodePoint(a, b));
  if (!fromState && !fromHealth && !voice) return <p className="muted">{t('common.loading')}</p>;
  if (!names.length && !voice) return <p className="muted">{t('home.noComponents')}</p>;
  const nameOf = (name: string) => t(`status.components.${name}`, { defaultValue: name });
  return (
    <>
      <ul className="status-grid">
        {names.map((name) => {
          const c = components[name]!;
          return (
            <li key={name} className={`status-tile state-${c.state}`}>
              <span className="status-name">{nameOf(name)}</span>
              <span className="status-state">{t(`status.states.${c.state}`)}</span>
              <span className="status-detail">{statusText(t, c)}</span>
            </li>
          );
        })}
        {voice ? (
          <li className={`status-tile state-${voice.stt.state === 'LOCAL' ? 'ok' : 'degraded'}`}>
            <span className="status-name">{nameOf('stt')}</span>
            <span className="status-state">{t(`status.states.${voice.stt.state === 'LOCAL' ? 'ok' : 'degraded'}`)}</span>
            <span className="status-detail">{t(`system.sttStates.${voice.stt.state}`)}</span>
          </li>
        ) : null}
      </ul>
      {names.length ? (
        <details className="technical">
          <summary>{t('system.technical')}</summary>
          <dl className="paths" data-technical="">
            {names.map((name) => (
              <div key={name} className="technical-row">
                <dt>{name}</dt>
                <dd>{components[name]!.detail}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </>
  );
}
