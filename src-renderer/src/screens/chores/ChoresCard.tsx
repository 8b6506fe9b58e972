// The chore chart on the Tasks screen: one chart per person with today's and this week's
// chores, a tick for each, the week's stars and rewards. Adults also set chores up, take a
// tick back and turn stars into a reward; children only tick (the server refuses the rest).
import { useState, type FormEvent } from 'react';
import type { ChoreChart, ChoreChartItem, ChoreChartMember, ChoreFrequency, Member } from '../../../../src-shared';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { MemberBadge } from '../../members/Assignee';
import { useIsAdult } from '../../members/viewer-role';
import { useStore } from '../../store';
import { createChore, deleteChore, rewardChores, tickChore, untickChore } from '../../store/chore-actions';
import './chores.css';

function ChoreRow({ item, member, members, adult }: { item: ChoreChartItem; member: Member; members: readonly Member[]; adult: boolean }) {
  const { t } = useTranslation();
  const done = item.tick_id !== null;
  const next = item.next_member_id ? members.find((m) => m.id === item.next_member_id) : undefined;
  return (
    <li className={`chore ${done ? 'is-done' : ''}`} data-testid="chore-item" data-chore={item.chore_id}>
      <input
        type="checkbox"
        checked={done}
        disabled={done}
        aria-label={t('chores.tick', { title: item.title })}
        onChange={() => void tickChore(useStore, item.chore_id, member.id)}
      />
      <span className="chore-title">{item.title}</span>
      <span className="chore-stars" aria-label={t('chores.stars')}>
        {t('chores.star', { count: item.stars })}
      </span>
      {item.rotate && next && next.id !== member.id ? <span className="muted small">{t('chores.next', { name: next.name })}</span> : null}
      {done && adult ? (
        <button
          type="button"
          className="btn btn-small"
          aria-label={t('chores.undo', { title: item.title })}
          onClick={() => void untickChore(useStore, item.tick_id!)}
        >
          {t('chores.undoShort')}
        </button>
      ) : null}
    </li>
  );
}

function RewardForm({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [stars, setStars] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(stars);
    if (!title.trim() || !Number.isInteger(n) || n < 1) return;
    if (await rewardChores(useStore, { member: member.id, title: title.trim(), stars: n })) {
      setTitle('');
      setStars('');
    }
  };
  return (
    <form
      className="inline-form chore-reward-form"
      onSubmit={(e) => void submit(e)}
      aria-label={t('chores.rewardFor', { name: member.name })}
    >
      <Field label={t('chores.reward')}>
        <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label={t('chores.rewardStars')} size="narrow">
        <input type="number" min={1} max={1000} value={stars} onChange={(e) => setStars(e.target.value)} />
      </Field>
      <button type="submit" className="btn btn-small btn-primary">
        {t('chores.redeem')}
      </button>
    </form>
  );
}

function MemberChart({ chart, members, adult }: { chart: ChoreChartMember; members: readonly Member[]; adult: boolean }) {
  const { t } = useTranslation();
  const member = members.find((m) => m.id === chart.member_id);
  if (!member) return null;
  const list = (items: readonly ChoreChartItem[]) =>
    items.length ? (
      <ul className="chore-list">
        {items.map((item) => (
          <ChoreRow key={item.chore_id} item={item} member={member} members={members} adult={adult} />
        ))}
      </ul>
    ) : (
      <p className="muted small">{t('chores.nothing')}</p>
    );
  return (
    <section
      className="chore-chart"
      data-testid="chore-chart"
      data-member={member.id}
      aria-label={t('chores.chart', { name: member.name })}
    >
      <header className="chore-chart-head">
        <MemberBadge member={member} />
        <h3>{member.name}</h3>
        <span className="chore-total" data-testid="chore-stars">
          {t('chores.starsWeek', { count: chart.stars_week })}
          {chart.stars_spent > 0 ? ` · ${t('chores.starsLeft', { count: chart.stars_left })}` : ''}
        </span>
      </header>
      <h4>{t('chores.today')}</h4>
      {list(chart.today)}
      <h4>{t('chores.week')}</h4>
      {list(chart.week)}
      {chart.rewards.length ? (
        <ul className="chore-rewards" data-testid="chore-rewards">
          {chart.rewards.map((r) => (
            <li key={r.id}>{t('chores.rewarded', { title: r.title, count: r.stars })}</li>
          ))}
        </ul>
      ) : null}
      {adult && chart.stars_left > 0 ? <RewardForm member={member} /> : null}
    </section>
  );
}

function NewChoreForm({ members }: { members: readonly Member[] }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [who, setWho] = useState<string[]>([]);
  const [rotate, setRotate] = useState(true);
  const [every, setEvery] = useState<ChoreFrequency>('weekly');
  const [stars, setStars] = useState('1');
  const [error, setError] = useState<string | undefined>();
  const [titleError, setTitleError] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    if (!who.length) return setError(t('chores.pickMember'));
    setError(undefined);
    setTitleError(undefined);
    const ok = await createChore(
      useStore,
      {
        title: title.trim(),
        members: who,
        rotate: rotate && who.length > 1,
        every,
        stars: Math.max(0, Math.min(100, Number(stars) || 0)),
      },
      ({ field, message }) => (field === 'members' ? setError(message) : setTitleError(message)),
    );
    if (ok) {
      setTitle('');
      setWho([]);
    }
  };
  const toggle = (id: string) => setWho((v) => (v.includes(id) ? v.filter((x) => x !== id) : [...v, id]));
  return (
    <form className="form-grid chore-form" onSubmit={(e) => void submit(e)} noValidate data-testid="chore-create-form">
      <Field label={t('chores.newChore')} size="grow" error={titleError}>
        <input
          value={title}
          maxLength={200}
          onChange={(e) => {
            setTitle(e.target.value);
            setTitleError(undefined);
          }}
        />
      </Field>
      <fieldset className="field span-all assignees-picker">
        <legend>{t('chores.who')}</legend>
        <div className="assignees-choices">
          {members.map((m) => (
            <label key={m.id} className="assignee-choice">
              <input type="checkbox" checked={who.includes(m.id)} onChange={() => toggle(m.id)} />
              {m.name}
            </label>
          ))}
        </div>
        {error ? (
          <span className="field-error" role="alert">
            {error}
          </span>
        ) : null}
      </fieldset>
      <label className="assignee-choice">
        <input type="checkbox" checked={rotate} onChange={(e) => setRotate(e.target.checked)} />
        {t('chores.rotate')}
      </label>
      <Field label={t('chores.every')} size="narrow">
        <select value={every} onChange={(e) => setEvery(e.target.value as ChoreFrequency)}>
          <option value="daily">{t('chores.daily')}</option>
          <option value="weekly">{t('chores.weekly')}</option>
        </select>
      </Field>
      <Field label={t('chores.stars')} size="narrow">
        <input type="number" min={0} max={100} value={stars} onChange={(e) => setStars(e.target.value)} />
      </Field>
      <button type="submit" className="btn btn-small btn-primary">
        {t('chores.add')}
      </button>
    </form>
  );
}

function ChoreSetup({ chart, members }: { chart: ChoreChart; members: readonly Member[] }) {
  const { t } = useTranslation();
  const name = (id: string) => members.find((m) => m.id === id)?.name ?? '';
  return (
    <ul className="chore-setup">
      {chart.chores.map((c) => (
        <li key={c.id}>
          <span>
            {c.title} · {c.members.map(name).join(', ')} · {c.rotate && c.members.length > 1 ? `${t('chores.rotating')}, ` : ''}
            {t(`chores.${c.every}`)}
          </span>
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('chores.remove', { title: c.title })}
            onClick={() => void deleteChore(useStore, c.id)}
          >
            {t('chores.removeShort')}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ChoresCard() {
  const { t } = useTranslation();
  const chart = useStore((s) => s.home.data?.chores);
  const members = useStore((s) => s.home.data?.members) ?? [];
  const adult = useIsAdult();
  if (!chart) return null;
  return (
    <Card title={t('chores.title')} className="span-12 chores-card" testId="card-chores">
      {chart.members.length ? (
        <div className="chore-charts">
          {chart.members.map((m) => (
            <MemberChart key={m.member_id} chart={m} members={members} adult={adult} />
          ))}
        </div>
      ) : (
        <p className="muted">{t('chores.empty')}</p>
      )}
      {adult ? (
        <>
          <ChoreSetup chart={chart} members={members} />
          <NewChoreForm members={members} />
        </>
      ) : null}
    </Card>
  );
}
