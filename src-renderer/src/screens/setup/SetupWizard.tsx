import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { MEMBER_COLORS, SETUP_STEPS, type SettingsResponse, type SetupStep } from '../../../../src-shared';
import { request } from '../../api';
import { Field } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { messageOf } from '../../store/resource';
import type { Language } from '../../store/ui-slice';

// The first start: a parent finishes it alone, on the home computer or a phone-sized
// browser. Every step can be skipped; the Settings screen holds the same values later.

const PLACEHOLDER_NAMES = new Set(['Elternteil', 'Parent']);

function settingValue(s: SettingsResponse, name: string): { value: string; fixed: boolean } {
  const v = s.settings.find((x) => x.name === name);
  return { value: v?.value ?? '', fixed: v?.fixed ?? false };
}

function detectedZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'Europe/Berlin';
  }
}

function zones(): readonly string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

interface StepProps {
  readonly settings: SettingsResponse;
  /** Saves what the step holds; resolves to an error text, or undefined when it may go on. */
  readonly onDone: (save: () => Promise<string | undefined>) => void;
  readonly busy: boolean;
  readonly error?: string | undefined;
}

function HouseholdStep({ settings, onDone, busy, error }: StepProps) {
  const { t } = useTranslation();
  const language = useStore((s) => s.language);
  const setLanguage = useStore((s) => s.setLanguage);
  const update = useStore((s) => s.updateSettings);
  const tz = settingValue(settings, 'timezone');
  const detected = useMemo(detectedZone, []);
  const [name, setName] = useState(settingValue(settings, 'household_name').value);
  const [zone, setZone] = useState(tz.fixed ? tz.value : detected);
  const all = useMemo(zones, []);
  const listId = useId();
  const lang = settingValue(settings, 'language');
  const choose = (l: Language) => setLanguage(l);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onDone(async () => {
      const refusal = await update({
        household_name: name.trim() || null,
        ...(lang.fixed ? {} : { language }),
        ...(tz.fixed ? {} : { timezone: zone.trim() }),
      });
      return refusal ? (refusal.path === '/timezone' ? t('settings.invalid') : refusal.message) : undefined;
    });
  };
  return (
    <form onSubmit={submit} id="setup-form">
      <h2>{t('setup.household.title')}</h2>
      <Field label={t('setup.household.name')}>
        <input
          value={name}
          maxLength={80}
          placeholder={t('setup.household.namePlaceholder')}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
      </Field>
      <div className="field">
        <span>{t('settings.household.language')}</span>
        <div className="mode-toggle" role="group" aria-label={t('settings.household.language')}>
          {(['de', 'en'] as const).map((l) => (
            <button key={l} type="button" lang={l} aria-pressed={language === l} disabled={lang.fixed} onClick={() => choose(l)}>
              {t(`shell.languages.${l}`)}
            </button>
          ))}
        </div>
        {lang.fixed ? <span className="field-hint">{t('settings.fixed')}</span> : null}
      </div>
      <Field
        label={t('settings.household.timezone')}
        hint={tz.fixed ? t('settings.fixed') : t('setup.household.detected', { zone: detected })}
        error={error}
      >
        <input value={zone} list={listId} disabled={tz.fixed || busy} onChange={(e) => setZone(e.target.value)} />
      </Field>
      <datalist id={listId}>
        {all.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </form>
  );
}

interface Person {
  name: string;
  color: string;
  /** A child needs a parent's approval for anything disruptive in the home. */
  role: 'adult' | 'child';
}

function PeopleStep({ onDone, error }: StepProps) {
  const { t } = useTranslation();
  const language = useStore((s) => s.language);
  const members = useStore((s) => s.home.data?.members ?? []);
  const me = members.find((m) => m.is_desktop);
  const [myName, setMyName] = useState(me && !PLACEHOLDER_NAMES.has(me.name) ? me.name : '');
  const [myColor, setMyColor] = useState<string>(me?.color ?? MEMBER_COLORS[0]);
  const [others, setOthers] = useState<Person[]>([]);
  const existing = members.filter((m) => !m.is_desktop);
  const add = () =>
    setOthers((o) => [...o, { name: '', color: MEMBER_COLORS[(o.length + existing.length + 1) % MEMBER_COLORS.length]!, role: 'adult' }]);
  const change = (i: number, p: Partial<Person>) => setOthers((o) => o.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onDone(async () => {
      try {
        // The people speak the language the setup was done in: their paired phones start in it.
        if (me && (myName.trim() !== me.name || myColor !== me.color || me.language !== language))
          await request('PATCH /api/members/{id}', {
            params: { id: me.id },
            body: { ...(myName.trim() ? { name: myName.trim() } : {}), color: myColor, language },
          });
        for (const p of others.filter((x) => x.name.trim()))
          await request('POST /api/members', { body: { name: p.name.trim(), color: p.color, role: p.role, language } });
        await useStore.getState().loadHome();
        return undefined;
      } catch (err) {
        await useStore.getState().loadHome();
        return messageOf(err);
      }
    });
  };
  return (
    <form onSubmit={submit} id="setup-form">
      <h2>{t('setup.people.title')}</h2>
      <div className="setup-person">
        <Field label={t('setup.people.you')} size="grow" hint={t('setup.people.youHint')} error={error}>
          <input value={myName} maxLength={40} onChange={(e) => setMyName(e.target.value)} autoFocus />
        </Field>
        <ColourChoice value={myColor} onChange={setMyColor} label={t('setup.people.colour')} />
      </div>
      {existing.length > 0 ? <p className="muted">{t('setup.people.added', { names: existing.map((m) => m.name).join(', ') })}</p> : null}
      {others.length > 0 ? <h3>{t('setup.people.others')}</h3> : null}
      {others.map((p, i) => (
        <div className="setup-person" key={i}>
          <Field label={t('setup.people.name')} size="grow">
            <input value={p.name} maxLength={40} onChange={(e) => change(i, { name: e.target.value })} autoFocus />
          </Field>
          <Field label={t('setup.people.kind')}>
            <select value={p.role} onChange={(e) => change(i, { role: e.target.value as Person['role'] })}>
              <option value="adult">{t('setup.people.adult')}</option>
              <option value="child">{t('setup.people.child')}</option>
            </select>
          </Field>
          <ColourChoice value={p.color} onChange={(color) => change(i, { color })} label={t('setup.people.colour')} />
        </div>
      ))}
      {others.some((p) => p.role === 'child') ? <p className="muted small">{t('setup.people.childHint')}</p> : null}
      <button type="button" className="btn" onClick={add}>
        {t('setup.people.add')}
      </button>
    </form>
  );
}

function ColourChoice({ value, onChange, label }: { value: string; onChange: (c: string) => void; label: string }) {
  return (
    <div className="field colour-choice">
      <span>{label}</span>
      <div role="radiogroup" aria-label={label} className="colour-swatches">
        {MEMBER_COLORS.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={value === c}
            aria-label={c}
            className="swatch"
            style={{ background: c }}
            onClick={() => onChange(c)}
          />
        ))}
      </div>
    </div>
  );
}

function AssistantStep({ settings, onDone, error }: StepProps) {
  const { t } = useTranslation();
  const models = useStore((s) => s.models);
  const loadModels = useStore((s) => s.loadModels);
  const update = useStore((s) => s.updateSettings);
  const model = settingValue(settings, 'model');
  const [chosen, setChosen] = useState(model.value || 'auto');
  useEffect(() => {
    void loadModels();
  }, [loadModels]);
  const found = models.data?.reachable ? models.data.models : [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onDone(async () => {
      if (model.fixed || found.length === 0) return undefined;
      const refusal = await update({ model: chosen === 'auto' ? null : chosen });
      return refusal?.message;
    });
  };
  return (
    <form onSubmit={submit} id="setup-form">
      <h2>{t('setup.assistant.title')}</h2>
      {models.status === 'loading' || models.status === 'idle' ? <p className="muted">{t('common.loading')}</p> : null}
      {found.length > 0 ? (
        <fieldset className="setup-models" disabled={model.fixed}>
          <legend>{t('setup.assistant.found')}</legend>
          {['auto', ...found].map((m) => (
            <label key={m} className="radio-row">
              <input type="radio" name="model" value={m} checked={chosen === m} onChange={() => setChosen(m)} />
              {m === 'auto' ? t('settings.assistant.auto') : m}
            </label>
          ))}
          {model.fixed ? <p className="field-hint">{t('settings.fixed')}</p> : null}
        </fieldset>
      ) : models.status === 'ready' || models.status === 'error' ? (
        <p data-testid="setup-no-model">{t('setup.assistant.none')}</p>
      ) : null}
      <p className="muted">{t('setup.assistant.withoutModel')}</p>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function NextStep({ onDone }: StepProps) {
  const { t } = useTranslation();
  const setScreen = useStore((s) => s.setScreen);
  const go = (screen: 'system' | 'settings') => {
    onDone(async () => undefined);
    setScreen(screen);
  };
  return (
    <form
      id="setup-form"
      onSubmit={(e) => {
        e.preventDefault();
        onDone(async () => undefined);
      }}
    >
      <h2>{t('setup.next.title')}</h2>
      <p>{t('setup.next.intro')}</p>
      <ul className="setup-next">
        <li>
          <button type="button" className="btn" onClick={() => go('system')}>
            {t('setup.next.phone')}
          </button>
        </li>
        <li>
          <button type="button" className="btn" onClick={() => go('settings')}>
            {t('setup.next.lights')}
          </button>
        </li>
        <li>
          <button type="button" className="btn" onClick={() => go('settings')}>
            {t('setup.next.homeassistant')}
          </button>
        </li>
        <li>
          <button type="button" className="btn" onClick={() => go('settings')}>
            {t('setup.next.backup')}
          </button>
        </li>
      </ul>
    </form>
  );
}

const STEP_VIEWS: Record<SetupStep, (p: StepProps) => React.JSX.Element> = {
  household: HouseholdStep,
  people: PeopleStep,
  assistant: AssistantStep,
  next: NextStep,
};

export function SetupWizard() {
  const { t } = useTranslation();
  const settings = useStore((s) => s.settings.data);
  const setStep = useStore((s) => s.setSetupStep);
  const dismiss = useStore((s) => s.dismissSetup);
  const titleId = useId();
  const firstOpen = settings ? SETUP_STEPS.findIndex((s) => settings.setup.steps[s] === 'open') : 0;
  const [index, setIndex] = useState(Math.max(0, firstOpen));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!settings) return null;
  const step = SETUP_STEPS[index]!;
  const View = STEP_VIEWS[step];
  const advance = async (state: 'done' | 'skipped') => {
    await setStep(step, state);
    setError(undefined);
    if (index < SETUP_STEPS.length - 1) setIndex(index + 1);
  };
  const onDone = (save: () => Promise<string | undefined>) => {
    setBusy(true);
    void save()
      .then(async (problem) => {
        if (problem) setError(problem);
        else await advance('done');
      })
      .finally(() => setBusy(false));
  };
  const last = index === SETUP_STEPS.length - 1;
  return (
    <div className="setup-overlay">
      <section
        className="setup-dialog card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="setup-wizard"
        data-step={step}
      >
        <header className="setup-head">
          <h1 id={titleId}>{t('setup.title')}</h1>
          <p className="muted">{t('setup.step', { n: index + 1, total: SETUP_STEPS.length })}</p>
          {index === 0 ? <p>{t('setup.intro')}</p> : null}
        </header>
        <div className="setup-body" key={step}>
          <View settings={settings} onDone={onDone} busy={busy} error={error} />
        </div>
        <footer className="setup-actions">
          {index > 0 ? (
            <button type="button" className="btn btn-ghost" onClick={() => (setError(undefined), setIndex(index - 1))}>
              {t('setup.back')}
            </button>
          ) : (
            <button type="button" className="btn btn-ghost" onClick={() => dismiss(true)}>
              {t('setup.later')}
            </button>
          )}
          <span className="spacer" />
          <button type="button" className="btn" disabled={busy} onClick={() => void advance('skipped')}>
            {t('setup.skip')}
          </button>
          <button type="submit" form="setup-form" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {last ? t('setup.finish') : t('setup.forward')}
          </button>
        </footer>
      </section>
    </div>
  );
}
