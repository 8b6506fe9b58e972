import { useCallback } from 'react';
import { STACK_TOOLS, type ComposeStackView } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { NotSetUp } from './NotSetUp';
import { problemText } from './problem-text';
import { ConfirmButton, RefreshButton, useRefreshWhileVisible } from './server-ui';

const REFRESH_MS = 15_000;

function StackRow({ stack }: { stack: ComposeStackView }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(`stack:${stack.name}`));
  const act = useStore((s) => s.homeAction);
  const run = (tool: string) =>
    void act(`stack:${stack.name}`, tool, { stack: stack.name }).then((r) => {
      if (r?.success) void useStore.getState().loadStacks();
    });
  const running = stack.containers.filter((c) => c.state === 'running').length;
  return (
    <li className="stack" data-testid={`stack-${stack.name}`}>
      <span className={`dot ${stack.state === 'running' ? 'dot-ok' : stack.state === 'partial' ? '' : 'dot-off'}`} aria-hidden="true" />
      <span className="guest-name">{stack.name}</span>
      <span className="muted guest-state">
        {stack.state === 'missing'
          ? t('zuhause.stacks.missing')
          : stack.containers.length === 0
            ? t('zuhause.stacks.down')
            : t('zuhause.stacks.running', { running, total: stack.containers.length })}
      </span>
      {stack.state === 'missing' ? null : (
        <span className="guest-actions">
          {stack.state !== 'running' ? (
            <ConfirmButton
              label={t('zuhause.server.start')}
              question={t('zuhause.stacks.startAsk', { name: stack.name })}
              disabled={busy}
              onConfirm={() => run(STACK_TOOLS.start)}
              testId={`stack-${stack.name}-start`}
            />
          ) : null}
          {stack.state !== 'stopped' ? (
            <>
              <ConfirmButton
                label={t('zuhause.server.reboot')}
                question={t('zuhause.stacks.restartAsk', { name: stack.name })}
                disabled={busy}
                onConfirm={() => run(STACK_TOOLS.restart)}
                testId={`stack-${stack.name}-restart`}
              />
              <ConfirmButton
                label={t('zuhause.stacks.stop')}
                question={t('zuhause.stacks.stopAsk', { name: stack.name })}
                disabled={busy}
                onConfirm={() => run(STACK_TOOLS.stop)}
                testId={`stack-${stack.name}-stop`}
              />
            </>
          ) : null}
        </span>
      )}
    </li>
  );
}

/** The household's Compose stacks: core tools of JARVIS on its Docker host, not an integration's skill. */
export function StacksSection() {
  const { t } = useTranslation();
  const stacks = useStore((s) => s.stacks);
  const refresh = useCallback(() => void useStore.getState().loadStacks(), []);
  useRefreshWhileVisible(refresh, REFRESH_MS);
  return (
    <Card
      title={t('zuhause.stacks.title')}
      className="span-6 zuhause-stacks"
      testId="card-stacks"
      actions={<RefreshButton onClick={refresh} />}
    >
      <ResourceView resource={stacks} onRetry={refresh}>
        {(data) =>
          data.state !== 'ready' ? (
            <NotSetUp
              testId="stacks-not-set-up"
              problem={problemText(data)}
              steps={[t('zuhause.stacks.step1'), t('zuhause.stacks.step2'), t('zuhause.stacks.step3')]}
            />
          ) : (
            <ul className="item-list stacks">
              {data.stacks.map((s) => (
                <StackRow key={s.name} stack={s} />
              ))}
            </ul>
          )
        }
      </ResourceView>
    </Card>
  );
}
