import { HOME_CONTROL_TOOLS, type MachineView } from '../../../../../src-shared';
import { useTranslation } from '../../../i18n';
import { useStore } from '../../../store';
import type { IntegrationPart } from '../integration-part';

/** Wake on LAN: a machine that is off gets the magic packet. */
function Wake({ device }: { device: MachineView }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(`wake:${device.name}`));
  const act = useStore((s) => s.homeAction);
  const wake = async () => {
    const result = await act(`wake:${device.name}`, HOME_CONTROL_TOOLS.wake, { machine: device.name });
    if (result?.success) useStore.getState().notify('info', t('zuhause.machines.woken', { name: device.name }));
  };
  return (
    <button type="button" className="btn btn-small" disabled={busy || device.online === true} onClick={() => void wake()}>
      {t('zuhause.machines.wake')}
    </button>
  );
}

/** The household's computers that wake on LAN. */
export const machinesPart: IntegrationPart<'machines'> = {
  steps: (t) => [t('zuhause.machines.step1'), t('zuhause.machines.step2'), t('zuhause.machines.step3')],
  rows: { machine: { Actions: Wake } },
};
