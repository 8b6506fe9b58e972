import { useEffect, useState } from 'react';
import { RISK_CLASSES, RISK_DECISIONS, type RiskDecision, type RiskPolicy, type RiskPolicyResponse } from '../../../src-shared';
import { request } from '../api';
import { Card } from '../components/Card';
import { useTranslation } from '../i18n';
import { toolLabel } from '../i18n/tool-label';

/** Wissen & System is where tool ids may show: an action without a household word keeps its id. */
function actionName(tool: string, other: string): string {
  const label = toolLabel(tool);
  return label === other ? tool : label;
}
import { TrashButton } from '../components/TrashButton';

/**
 * The household's risk policy: what each risk class may do without asking, and per-action
 * exceptions. Saved at once; the master applies it to the next tool call.
 */
export function RiskPolicyCard() {
  const { t } = useTranslation();
  const [state, setState] = useState<RiskPolicyResponse | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [tool, setTool] = useState('');
  const [decision, setDecision] = useState<RiskDecision>('ask');

  useEffect(() => {
    request('GET /api/policy/risk').then(setState, (err: Error) => setError(err.message));
  }, []);

  const save = async (policy: RiskPolicy) => {
    try {
      setState(await request('PUT /api/policy/risk', { body: policy }));
      setError(undefined);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const policy = state?.policy;
  const select = (label: string, value: RiskDecision, onChange: (d: RiskDecision) => void) => (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as RiskDecision)}>
      {RISK_DECISIONS.map((d) => (
        <option key={d} value={d}>
          {t(`risk.decision.${d}`)}
        </option>
      ))}
    </select>
  );

  return (
    <Card title={t('risk.title')} className="span-6" testId="card-risk-policy">
      {error ? <p className="inline-error">{error}</p> : null}
      {!policy ? (
        <p className="muted">{t('risk.loading')}</p>
      ) : (
        <>
          <p className="muted small">{t('risk.hint')}</p>
          <ul className="item-list">
            {RISK_CLASSES.map((c) => (
              <li key={c}>
                <span className="item-main">
                  <span>{t(`risk.class.${c}`)}</span>
                  <span className="muted small">{t(`risk.classHint.${c}`)}</span>
                </span>
                {select(t(`risk.class.${c}`), policy.classes[c], (d) => void save({ ...policy, classes: { ...policy.classes, [c]: d } }))}
              </li>
            ))}
          </ul>
          <h3>{t('risk.overrides')}</h3>
          <ul className="item-list" data-testid="risk-overrides">
            {Object.entries(policy.overrides).map(([name, d]) => (
              <li key={name}>
                <span className="item-main" title={name}>
                  {actionName(name, t('tools.other'))}
                </span>
                {select(
                  actionName(name, t('tools.other')),
                  d,
                  (next) => void save({ ...policy, overrides: { ...policy.overrides, [name]: next } }),
                )}
                <TrashButton
                  label={`${t('common.delete')}: ${actionName(name, t('tools.other'))}`}
                  onClick={() => {
                    const { [name]: _removed, ...rest } = policy.overrides;
                    void save({ ...policy, overrides: rest });
                  }}
                />
              </li>
            ))}
          </ul>
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (!tool) return;
              void save({ ...policy, overrides: { ...policy.overrides, [tool]: decision } });
              setTool('');
            }}
          >
            <select aria-label={t('risk.action')} value={tool} onChange={(e) => setTool(e.target.value)}>
              <option value="">{t('risk.pickAction')}</option>
              {state.tools.map((x) => (
                <option key={x.name} value={x.name}>
                  {actionName(x.name, t('tools.other'))} ({t(`risk.class.${x.risk}`)})
                </option>
              ))}
            </select>
            {select(t('risk.overrideDecision'), decision, setDecision)}
            <button type="submit" className="btn btn-small">
              {t('risk.addOverride')}
            </button>
          </form>
        </>
      )}
    </Card>
  );
}
