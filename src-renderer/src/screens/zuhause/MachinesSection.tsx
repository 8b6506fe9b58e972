import { HOME_CONTROL_TOOLS } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { NotSetUp } from './NotSetUp';
import { problemText } from './problem-text';
import { RefreshButton } from './server-ui';

export function MachinesSection() {
  const { t } = useTranslation();
  const machines = useStore((s) => s.machines);
  const busy = useStore((s) => s.homeBusy);
  const act = useStore((s) => s.homeAction);
  const notify = useStore((s) => s.notify);
  const wake = async (name: string) => {
    const result = await act(`wake:${name}`, HOME_CONTROL_TOOLS.wake, { machine: name });
    if (result?.success) notify('info', t('zuhause.machines.woken', { name }));
  };
  return (
    <Card
      title={t('zuhause.machines.title')}
      className="span-6 zuhause-machines"
      testId="card-machines"
      actions={<RefreshButton onClick={() => void useStore.getState().loadMachines()} />}
    >
      <ResourceView resource={machines} onRetry={() => void useStore.getState().loadMachines()}>
        {(data) =>
          data.state !== 'ready' ? (
            <NotSetUp
              testId="machines-not-set-up"
              problem={problemText(data)}
              steps={[t('zuhause.machines.step1'), t('zuhause.machines.step2'), t('zuhause.machines.step3')]}
            />
          ) : (
            <ul className="item-list machines">
              {data.machines.map((m) => (
                <li key={m.name} className="machine" data-testid={`machine-${m.name}`}>
                  <span className={`dot ${m.online ? 'dot-ok' : m.online === false ? 'dot-off' : ''}`} aria-hidden="true" />
                  <span className="machine-name">{m.name}</span>
                  <span className="muted machine-state">
                    {m.online === true
                      ? t('zuhause.machines.on')
                      : m.online === false
                        ? t('zuhause.machines.off')
                        : t('zuhause.machines.unknown')}
                  </span>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy.includes(`wake:${m.name}`) || m.online === true}
                    onClick={() => void wake(m.name)}
                  >
                    {t('zuhause.machines.wake')}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </Card>
  );
}
