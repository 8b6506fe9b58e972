import { useState, type FormEvent } from 'react';
import {
  MEMBER_LANGUAGES,
  MEMBER_ROLES,
  type Member,
  type MemberLanguage,
  type MemberRole,
  type MemberUpdateRequest,
} from '../../../src-shared';
import { request } from '../api';
import { Card } from '../components/Card';
import { Dialog } from '../components/Dialog';
import { Field } from '../components/Field';
import { useTranslation } from '../i18n';
import { MemberBadge } from '../members/Assignee';
import { useStore } from '../store';
import { messageOf } from '../store/resource';
import { useHousehold } from './household';
import { TrashButton } from '../components/TrashButton';

/** Runs a members write, then shows the household as the master has it; a refusal is said at the card. */
async function write(action: () => Promise<unknown>, onError: (message: string) => void): Promise<boolean> {
  try {
    await action();
    // A removal also makes the member's items everyone's: those parts come with its state.changed.
    await useStore.getState().loadHomeParts(['members', 'chores']);
    return true;
  } catch (e) {
    onError(messageOf(e));
    return false;
  }
}

function RoleChoice({ value, onChange, disabled }: { value: MemberRole; onChange: (role: MemberRole) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Field label={t('members.role')}>
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as MemberRole)}>
        {MEMBER_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`members.roles.${r}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

function MemberRow({ member, lastAdmin, onError }: { member: Member; lastAdmin: boolean; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const hh = useHousehold();
  const [name, setName] = useState(member.name);
  const [confirming, setConfirming] = useState(false);
  const update = (body: MemberUpdateRequest) =>
    write(() => request('PATCH /api/members/{id}', { params: { id: member.id }, body }), onError);
  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() && name.trim() !== member.name) void update({ name: name.trim() });
  };
  const state = hh?.state;
  const assigned = state
    ? [...state.tasks, ...state.events, ...state.reminders, ...state.kanban].filter((x) => x.assignee === member.id).length
    : 0;
  const remove = async () => {
    const ok = await write(
      () => request('DELETE /api/members/{id}', { params: { id: member.id }, query: { assigned: 'unassign' } }),
      onError,
    );
    if (ok) {
      setConfirming(false);
      useStore.getState().notify('info', t('members.removed', { name: member.name }));
    }
  };
  return (
    <li className="member-row" data-testid={`member-${member.id}`}>
      <MemberBadge member={member} />
      <form className="inline-form" onSubmit={rename}>
        <Field label={t('members.name')}>
          <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} onBlur={rename} />
        </Field>
      </form>
      <Field label={t('members.color')}>
        <input type="color" value={member.color} onChange={(e) => void update({ color: e.target.value })} />
      </Field>
      <Field label={t('members.language')}>
        <select value={member.language} onChange={(e) => void update({ language: e.target.value as MemberLanguage })}>
          {MEMBER_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`members.languages.${l}`)}
            </option>
          ))}
        </select>
      </Field>
      {member.is_desktop ? (
        <span className="chip">{t('members.thisComputer')}</span>
      ) : (
        <>
          <RoleChoice value={member.role} disabled={lastAdmin} onChange={(role) => void update({ role })} />
          {lastAdmin ? <span className="muted small">{t('members.lastAdmin')}</span> : null}
          <TrashButton label={`${t('members.remove')}: ${member.name}`} onClick={() => setConfirming(true)} />
        </>
      )}
      {confirming ? (
        <Dialog
          title={t('members.removeTitle', { name: member.name })}
          onClose={() => setConfirming(false)}
          variant="alert"
          testId="confirm-remove-member"
        >
          <p>
            {assigned > 0
              ? t('members.removeAssigned', { name: member.name, count: String(assigned) })
              : t('members.removeBody', { name: member.name })}
          </p>
          <div className="form-actions">
            <button type="button" className="btn btn-danger" data-autofocus onClick={() => void remove()}>
              {t('members.removeConfirm')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </li>
  );
}

/** The household's members: add, rename, colour, language, role (an admin never demotes the last admin), remove (with a question first). */
export function MembersCard() {
  const { t } = useTranslation();
  const hh = useHousehold();
  const [name, setName] = useState('');
  const [role, setRole] = useState<MemberRole>('adult');
  const [error, setError] = useState<string | undefined>();
  const members = hh?.state.members ?? [];
  const admins = members.filter((m) => m.role === 'admin').length;
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('forms.errors.blank'));
    if (await write(() => request('POST /api/members', { body: { name: name.trim(), role } }), setError)) {
      setName('');
      setRole('adult');
      setError(undefined);
    }
  };
  return (
    <Card title={t('members.title')} className="span-12" testId="card-members">
      <p className="muted small">{t('members.intro')}</p>
      <ul className="member-list">
        {members.map((m) => (
          <MemberRow key={`${m.id}-${m.name}`} member={m} lastAdmin={m.role === 'admin' && admins <= 1} onError={setError} />
        ))}
      </ul>
      <form className="inline-form" onSubmit={(e) => void add(e)} noValidate data-testid="member-create-form">
        <Field label={t('members.newName')} error={error}>
          <input
            value={name}
            maxLength={40}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <RoleChoice value={role} onChange={setRole} />
        <button type="submit" className="btn btn-primary btn-small">
          {t('members.add')}
        </button>
      </form>
    </Card>
  );
}
