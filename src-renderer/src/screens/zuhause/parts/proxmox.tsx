import { HOME_SERVER_TOOLS, type HomeProxmoxResponse, type MachineView, type ProxmoxGuestView } from '../../../../../src-shared';
import { useTranslation } from '../../../i18n';
import { useStore } from '../../../store';
import type { IntegrationPart } from '../integration-part';
import { ConfirmButton, gigabytes, uptimeText } from '../server-ui';

/** The machine rows of this integration are its VMs and containers. */
const guestOf = (device: MachineView) => device as ProxmoxGuestView;

/** A running guest is rebooted or shut down after the household confirms; a stopped one starts at once. */
function GuestActions({ device }: { device: MachineView }) {
  const guest = guestOf(device);
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(`guest:${guest.vmid}`));
  const act = useStore((s) => s.homeAction);
  const run = (tool: string) =>
    void act(`guest:${guest.vmid}`, tool, { guest: String(guest.vmid) }).then((r) => {
      if (r?.success) void useStore.getState().loadProxmox();
    });
  if (guest.status !== 'running')
    return (
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => run(HOME_SERVER_TOOLS.proxmoxStart)}
        data-testid={`guest-${guest.vmid}-start`}
      >
        {t('zuhause.server.start')}
      </button>
    );
  return (
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
  );
}

/** The Proxmox hosts and whether each runs. */
function Hosts({ data }: { data: Extract<HomeProxmoxResponse, { state: 'ready' }> }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Proxmox VE: the VMs and containers on the household's server. */
export const proxmoxPart: IntegrationPart<'proxmox'> = {
  steps: (t) => [t('zuhause.server.step1'), t('zuhause.server.step2'), t('zuhause.server.step3')],
  Head: Hosts,
  rows: {
    machine: {
      kind: (device, t) => (guestOf(device).type === 'lxc' ? t('zuhause.server.container') : t('zuhause.server.vm')),
      state: (device, t) => {
        const guest = guestOf(device);
        return guest.status === 'running'
          ? t('zuhause.server.runningFor', {
              time: uptimeText(guest.uptime, t),
              cpu: Math.round(guest.cpu * 100),
              mem: gigabytes(guest.mem),
              max: gigabytes(guest.maxmem),
            })
          : t('zuhause.server.off');
      },
      Actions: GuestActions,
    },
  },
  refreshMs: 15_000,
};
