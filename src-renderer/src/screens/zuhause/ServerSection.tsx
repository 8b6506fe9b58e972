import { useCallback } from 'react';
import { HOME_SERVER_TOOLS, STACK_TOOLS, type ComposeStackView, type ProxmoxGuestView } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { NotSetUp } from './NotSetUp';
import { problemText } from './problem-text';
import { ConfirmButton, RefreshButton, gigabytes, uptimeText, useRefreshWhileVisible } from './server-ui';
import './server.css';

const REFRESH_MS = 15_000;

function GuestRow({ guest }: { guest: ProxmoxGuestView }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(`guest:${guest.vmid}`));
  const act = useStore((s) => s.homeAction);
  const run = (tool: string) =>
    void act(`guest:${guest.vmid}`, tool, { guest: String(guest.vmid) }).then((r) => {
      if (r?.success) void useStore.getState().loadProxmox();
    });
  const running = guest.status === 'running';
  const kind = guest.type === 'lxc' ? t('zuhause.server.container') : t('zuhause.server.vm');
  return (
    <li className="guest" data-testid={`guest-${guest.vmid}`}>
      <span className={`dot ${running ? 'dot-ok' : 'dot-off'}`} aria-hidden="true" />
      <span className="guest-name">{guest.name}</span>
      <span className="muted guest-kind">{kind}</span>
      <span className="muted guest-state">
        {running
          ? t('zuhause.server.runningFor', {
              time: uptimeText(guest.uptime, t),
              cpu: Math.round(guest.cpu * 100),
              mem: gigabytes(guest.mem),
              max: gigabytes(guest.maxmem),
            })
          : t('zuhause.server.off')}
      </span>
      <span className="guest-actions">
        {running ? (
          <>
            <ConfirmButton
              label={t('zuhause.server.reboot')}
              question={t('zuhause.server.rebootAsk', { name: guest.name })}
              disabled={busy}
              onConfirm={() => run(HOME_SERVER_TOOLS.proxmoxReboot)}
              testId={`guest-${guest.vmid}-reboot`}
            />
            <ConfirmButton
              label={t('zuhause.server.shutdown')}
              question={t('zuhause.server.shutdownAsk', { name: guest.name })}
              disabled={busy}
              onConfirm={() => run(HOME_SERVER_TOOLS.proxmoxShutdown)}
              testId={`guest-${guest.vmid}-shutdown`}
            />
          </>
        ) : (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => run(HOME_SERVER_TOOLS.proxmoxStart)}
            data-testid={`guest-${guest.vmid}-start`}
          >
            {t('zuhause.server.start')}
          </button>
        )}
      </span>
    </li>
  );
}

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

/** Server: the VMs and containers on Proxmox and the household's Compose stacks, each with its actions. */
export function ServerSection() {
  const { t } = useTranslation();
  const proxmox = useStore((s) => s.proxmox);
  const stacks = useStore((s) => s.stacks);
  const refresh = useCallback(() => {
    void useStore.getState().loadProxmox();
    void useStore.getState().loadStacks();
  }, []);
  useRefreshWhileVisible(refresh, REFRESH_MS);
  return (
    <Card
      title={t('zuhause.server.title')}
      className="span-6 zuhause-server"
      testId="card-server"
      actions={<RefreshButton onClick={refresh} />}
    >
      <h3 className="zuhause-subhead">{t('zuhause.server.machines')}</h3>
      <ResourceView resource={proxmox} onRetry={() => void useStore.getState().loadProxmox()}>
        {(data) =>
          data.state !== 'ready' ? (
            <NotSetUp
              testId="proxmox-not-set-up"
              problem={problemText(data)}
              steps={[t('zuhause.server.step1'), t('zuhause.server.step2'), t('zuhause.server.step3')]}
            />
          ) : (
            <>
              <p className="muted">
                {data.proxmox.nodes
                  .map((n) =>
                    t('zuhause.server.node', {
                      name: n.node,
                      state: n.status === 'online' ? t('zuhause.server.online') : t('zuhause.server.offline'),
                    }),
                  )
                  .join(' · ')}
              </p>
              <ul className="item-list guests">
                {data.proxmox.guests.map((g) => (
                  <GuestRow key={g.vmid} guest={g} />
                ))}
              </ul>
            </>
          )
        }
      </ResourceView>
      <h3 className="zuhause-subhead">{t('zuhause.stacks.title')}</h3>
      <ResourceView resource={stacks} onRetry={() => void useStore.getState().loadStacks()}>
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
