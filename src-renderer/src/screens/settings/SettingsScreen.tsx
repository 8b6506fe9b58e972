import { useEffect, useState, type FormEvent } from 'react';
import type { NotCarriedSecret, SettingName, SettingsResponse } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { Field } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { HueConnect, NtfyConnect } from './ConnectionFlows';
import { HomeAssistantConnect, ProxmoxConnect, UnifiConnect } from './ServerConnect';
import { McpServersCard } from './McpServersCard';
import { QuietHoursCard } from './QuietHoursCard';
import { RestoreBackup } from './RestoreBackup';
import { secretOf } from './settings-parts';
import { VoiceSetupCard } from './VoiceSetupCard';

// Everything a household used to set in the environment, held by the app. A value the
// environment sets is shown, marked and not editable: the environment wins.

function valueOf(s: SettingsResponse, name: SettingName) {
  return s.settings.find((v) => v.name === name)!;
}

/** One setting as a text field with its own Save: a refusal stays at the field, the text stays. */
interface SettingFieldProps {
  readonly settings: SettingsResponse;
  readonly name: SettingName;
  readonly label: string;
  /** What a value looks like, shown under the field until something else needs saying. */
  readonly example?: string;
  /** The sentence for a refused value, where the general one would not say what fits. */
  readonly invalid?: string;
}

function SettingField({ settings, name, label, example, invalid }: SettingFieldProps) {
  const { t } = useTranslation();
  const update = useStore((s) => s.updateSettings);
  const setting = valueOf(settings, name);
  const [text, setText] = useState(setting.value);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const refusal = await update({ [name]: text.trim() === '' ? null : text.trim() });
    setError(refusal ? (refusal.path === `/${name}` ? (invalid ?? t('settings.invalid')) : refusal.message) : undefined);
    setSaved(!refusal);
  };
  const when = setting.applies === 'next_start' ? t('settings.nextStart') : undefined;
  const hint = setting.fixed
    ? t('settings.fixed')
    : saved
      ? t('settings.saved')
      : [example, when].filter((part) => part !== undefined).join(' · ') || undefined;
  return (
    <form className="setting-row" onSubmit={(e) => void submit(e)} data-testid={`setting-${name}`}>
      <Field label={label} size="grow" error={error} hint={hint}>
        <input value={text} disabled={setting.fixed} maxLength={500} onChange={(e) => (setText(e.target.value), setSaved(false))} />
      </Field>
      {setting.fixed ? null : (
        <button type="submit" className="btn btn-small">
          {t('settings.save')}
        </button>
      )}
    </form>
  );
}

function HouseholdCard({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const language = valueOf(settings, 'language');
  const update = useStore((s) => s.updateSettings);
  const setLanguage = useStore((s) => s.setLanguage);
  const choose = async (l: 'de' | 'en') => {
    if (!(await update({ language: l }))) setLanguage(l);
  };
  return (
    <Card title={t('settings.household.title')} className="span-6" testId="settings-household">
      <SettingField settings={settings} name="household_name" label={t('settings.household.name')} />
      <div className="field">
        <span>{t('settings.household.language')}</span>
        <div className="mode-toggle" role="group" aria-label={t('settings.household.language')}>
          {(['de', 'en'] as const).map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              aria-pressed={language.value === l}
              disabled={language.fixed}
              onClick={() => void choose(l)}
            >
              {t(`shell.languages.${l}`)}
            </button>
          ))}
        </div>
        {language.fixed ? <span className="field-hint">{t('settings.fixed')}</span> : null}
      </div>
      <SettingField settings={settings} name="timezone" label={t('settings.household.timezone')} />
      <p className="muted">{t(`settings.keyStore.${settings.secret_store}`)}</p>
    </Card>
  );
}

function AssistantCard({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const models = useStore((s) => s.models);
  const loadModels = useStore((s) => s.loadModels);
  useEffect(() => {
    void loadModels();
  }, [loadModels]);
  return (
    <Card title={t('settings.assistant.title')} className="span-6" testId="settings-assistant">
      <SettingField settings={settings} name="model" label={t('settings.assistant.model')} />
      <SettingField settings={settings} name="embedding_model" label={t('settings.assistant.embedding')} />
      {models.data?.reachable ? (
        <p className="muted">{models.data.models.join(' · ')}</p>
      ) : models.status === 'ready' || models.status === 'error' ? (
        <p className="muted">{t('settings.assistant.noOllama')}</p>
      ) : null}
    </Card>
  );
}

function NetworkCard({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.lan.title')} className="span-6" testId="settings-lan">
      <SettingField settings={settings} name="lan_address" label={t('settings.lan.address')} />
      <SettingField settings={settings} name="lan_names" label={t('settings.lan.names')} />
    </Card>
  );
}

function FoldersCard({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.folders.title')} className="span-6" testId="settings-folders">
      <SettingField settings={settings} name="documents_folder" label={t('settings.folders.documents')} />
      <SettingField settings={settings} name="dockge_folder" label={t('settings.folders.dockge')} />
    </Card>
  );
}

/** The household's lists for the Zuhause screen: computers to wake and the Compose stacks JARVIS may control. */
function HomeListsCard({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.homeLists.title')} className="span-6" testId="settings-home">
      <SettingField
        settings={settings}
        name="wake_targets"
        label={t('settings.homeLists.wake')}
        example={t('settings.homeLists.wakeHint')}
        invalid={t('settings.homeLists.wakeInvalid')}
      />
      <SettingField
        settings={settings}
        name="compose_stacks"
        label={t('settings.homeLists.stacks')}
        example={t('settings.homeLists.stacksHint')}
        invalid={t('settings.homeLists.stacksInvalid')}
      />
    </Card>
  );
}

/** The backup folder, the daily schedule, "back up now" and the backups there, with what they do not carry. */
function BackupsCard({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const backups = useStore((s) => s.backups);
  const load = useStore((s) => s.loadBackups);
  const backupNow = useStore((s) => s.backupNow);
  const busy = useStore((s) => s.backingUp);
  const [problem, setProblem] = useState<string | undefined>();
  const folder = valueOf(settings, 'backup_folder').value;
  useEffect(() => {
    void load();
  }, [load, folder]);
  const run = async () => {
    setProblem(undefined);
    const made = await backupNow();
    if ('message' in made) setProblem(made.message);
  };
  const view = backups.data;
  return (
    <Card title={t('settings.backups.title')} className="span-6" testId="settings-backups">
      <SettingField settings={settings} name="backup_folder" label={t('settings.backups.folder')} />
      {folder ? <p className="muted">{t('settings.backups.schedule')}</p> : <p className="muted">{t('settings.backups.noFolder')}</p>}
      <button type="button" className="btn" disabled={!folder || busy} aria-busy={busy || undefined} onClick={() => void run()}>
        {busy ? t('settings.backups.running') : t('settings.backups.now')}
      </button>
      {busy ? <progress aria-label={t('settings.backups.running')} /> : null}
      {problem ? (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      ) : null}
      {view?.last_error ? <p className="inline-error">{t('settings.backups.failed')}</p> : null}
      {view && view.files.length > 0 ? (
        <RestoreBackup files={view.files} available={view.restore_available} />
      ) : folder ? (
        <p className="muted">{t('settings.backups.none')}</p>
      ) : null}
      {view && view.secrets_not_carried.length > 0 ? (
        <p className="muted" data-testid="backup-secrets">
          {t('settings.backups.notCarried', {
            names: view.secrets_not_carried
              .map((n: NotCarriedSecret) =>
                n.startsWith('mcp_server:')
                  ? t('settings.secretNames.mcp_server', { name: n.slice('mcp_server:'.length) })
                  : t(`settings.secretNames.${n}`),
              )
              .join(', '),
          })}
        </p>
      ) : null}
    </Card>
  );
}

function MeshCard({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const token = useStore((s) => s.meshToken);
  const rotate = useStore((s) => s.rotateMeshToken);
  const forget = useStore((s) => s.forgetMeshToken);
  const secret = secretOf(settings, 'mesh_token');
  useEffect(() => forget, [forget]);
  return (
    <Card title={t('settings.mesh.title')} className="span-6" testId="settings-mesh">
      <p>
        {t('settings.mesh.token')}: {secret.set ? t('settings.set') : t('settings.notSet')}
      </p>
      {secret.fixed ? (
        <p className="field-hint">{t('settings.fixed')}</p>
      ) : (
        <button type="button" className="btn" onClick={() => void rotate()}>
          {t('settings.mesh.rotate')}
        </button>
      )}
      {token ? (
        <div className="shown-once" role="status">
          <p>{t('settings.mesh.shownOnce')}</p>
          <code data-testid="mesh-token">{token}</code>
          <button type="button" className="btn btn-small" onClick={forget}>
            {t('settings.mesh.hide')}
          </button>
        </div>
      ) : null}
      {secret.applies === 'next_start' ? <p className="muted">{t('settings.nextStart')}</p> : null}
    </Card>
  );
}

export function SettingsScreen() {
  const { t } = useTranslation();
  const settings = useStore((s) => s.settings);
  const allowed = useStore((s) => s.settingsAllowed);
  const load = useStore((s) => s.loadSettings);
  const setStep = useStore((s) => s.setSetupStep);
  const dismiss = useStore((s) => s.dismissSetup);
  useEffect(() => {
    void load();
  }, [load]);
  if (allowed === false) return <p data-testid="settings-not-allowed">{t('settings.notAllowed')}</p>;
  const reopenSetup = async () => {
    await setStep('household', 'open');
    dismiss(false);
  };
  return (
    <div className="grid-12" data-testid="screen-settings">
      <ResourceView resource={settings} onRetry={() => void load()}>
        {(s) => (
          <>
            <div className="span-12 row">
              <button type="button" className="btn" onClick={() => void reopenSetup()}>
                {t('homeSetup.continue')}
              </button>
            </div>
            <HouseholdCard settings={s} />
            <AssistantCard settings={s} />
            <HueConnect settings={s} />
            <HomeAssistantConnect settings={s} />
            <UnifiConnect settings={s} />
            <ProxmoxConnect settings={s} />
            <NtfyConnect settings={s} />
            <McpServersCard />
            <QuietHoursCard settings={s} />
            <NetworkCard settings={s} />
            <BackupsCard settings={s} />
            <FoldersCard settings={s} />
            <HomeListsCard settings={s} />
            <VoiceSetupCard />
            <MeshCard settings={s} />
          </>
        )}
      </ResourceView>
    </div>
  );
}
