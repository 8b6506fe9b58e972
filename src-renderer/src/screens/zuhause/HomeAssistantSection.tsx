import { RISK_CLASSES, isRiskClass, type HomeAssistantEntityView, type HomeAssistantView } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { exists, useTranslation } from '../../i18n';
import { useIsAdmin } from '../../members/viewer-role';
import { useStore } from '../../store';
import { NoLiveSince } from './NoLiveSince';
import { NotSetUp } from './NotSetUp';

/**
 * The household's Home Assistant on the Zuhause screen: its rooms with their devices, each
 * with its state and one-tap actions. Live: the master pushes `homeassistant.changed`.
 */
export function HomeAssistantSection() {
  const { t } = useTranslation();
  const resource = useStore((s) => s.homeAssistant);
  return (
    <Card title={t('homeAssistant.title')} className="span-12" testId="card-homeassistant">
      <ResourceView resource={resource} onRetry={() => void useStore.getState().loadHomeAssistant()}>
        {(view) => <HomeAssistantBody view={view} />}
      </ResourceView>
    </Card>
  );
}

const SETUP_STEPS = ['profile', 'token', 'enter', 'save'] as const;

function HomeAssistantBody({ view }: { view: HomeAssistantView }) {
  const { t } = useTranslation();
  if (view.connection === 'not_configured' || view.connection === 'auth_failed') {
    const problem = view.connection === 'auth_failed' ? t('homeAssistant.connection.auth_failed') : undefined;
    return (
      <NotSetUp
        steps={SETUP_STEPS.map((s) => t(`homeAssistant.steps.${s}`))}
        testId="homeassistant-not-set-up"
        {...(problem ? { problem } : {})}
      />
    );
  }
  const notice =
    view.connection === 'connected' ? undefined : (
      <p className="muted" role="status">
        {t(`homeAssistant.connection.${view.connection}`)}
      </p>
    );
  const empty = view.areas.length === 0 && view.unassigned.length === 0;
  return (
    <>
      {notice}
      <NoLiveSince live={view.connection === 'connected'} since={view.last_live_update} testId="homeassistant-no-live-since" />
      {empty && view.connection === 'connected' ? <p className="muted">{t('homeAssistant.empty')}</p> : null}
      <div className="ha-areas">
        {view.areas.map((area) => (
          <section key={area.area_id} className="ha-area" aria-label={area.name}>
            <h3 className="sub">{area.name}</h3>
            <EntityList entities={area.entities} />
          </section>
        ))}
        {view.unassigned.length > 0 ? (
          <section className="ha-area" aria-label={t('homeAssistant.unassigned')}>
            <h3 className="sub">{t('homeAssistant.unassigned')}</h3>
            <EntityList entities={view.unassigned} />
          </section>
        ) : null}
      </div>
    </>
  );
}

function EntityList({ entities }: { entities: readonly HomeAssistantEntityView[] }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeAssistantBusy);
  const run = useStore((s) => s.runHomeAssistantAction);
  const admin = useIsAdmin();
  return (
    <ul className="ha-entities">
      {entities.map((e) => (
        <li key={e.entity_id} className="row ha-entity">
          <span className="ha-name">{e.name}</span>
          <span className={`chip ${e.state === 'on' || e.state === 'open' || e.state === 'playing' ? 'chip-accent' : ''}`}>
            {stateText(e, t)}
          </span>
          {e.actions.map((a) => (
            <button
              key={a.service}
              type="button"
              className="btn btn-small"
              disabled={busy.includes(e.entity_id) || e.state === 'unavailable' || e.blocked === true}
              title={e.blocked ? t('homeAssistant.blocked') : undefined}
              aria-label={t('homeAssistant.actionLabel', { name: e.name, action: t(`homeAssistant.action.${a.label}`) })}
              onClick={() => void run(e, a.service)}
            >
              {t(`homeAssistant.action.${a.label}`)}
            </button>
          ))}
          {e.blocked ? <span className="muted small">{t('homeAssistant.blocked')}</span> : null}
          {admin && e.risk ? <EntityRiskSelect entity={e} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** An admin raises or lowers how much switching this one device can disturb; "Standard" keeps its default. */
function EntityRiskSelect({ entity }: { entity: HomeAssistantEntityView }) {
  const { t } = useTranslation();
  const setRisk = useStore((s) => s.setHomeAssistantEntityRisk);
  const current = entity.risk_set_by_household ? entity.risk : '';
  return (
    <select
      className="select-small"
      value={current}
      aria-label={t('homeAssistant.riskLabel', { name: entity.name })}
      title={t('homeAssistant.riskHint')}
      onChange={(ev) => void setRisk(entity.entity_id, isRiskClass(ev.target.value) ? ev.target.value : null)}
    >
      <option value="">{t('homeAssistant.riskDefault', { risk: t(`risk.class.${entity.risk_default ?? entity.risk}`) })}</option>
      {RISK_CLASSES.map((r) => (
        <option key={r} value={r}>
          {t(`risk.class.${r}`)}
        </option>
      ))}
    </select>
  );
}

/** Home Assistant's state words in the household's language; numbers keep their unit. */
function stateText(e: HomeAssistantEntityView, t: (key: string) => string): string {
  const key = `homeAssistant.state.${e.state}`;
  if (/^[a-z_]+$/.test(e.state) && exists(key)) return t(key);
  return e.unit ? `${e.state} ${e.unit}` : e.state;
}
