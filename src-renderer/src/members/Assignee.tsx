// The household's people on the everyday screens: a coloured letter beside an item, the
// "Für wen" picker of a form and the "Meine / Alle / <Person>" filter of a list.
import type { CSSProperties } from 'react';
import type { Member } from '../../../src-shared';
import { useTranslation } from '../i18n';
import { useHousehold } from '../screens/household';
import { assigneesOf, textOn, type AssigneeChoice } from './assignee-filter';

export function MemberBadge({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <span
      className="member-badge"
      style={{ backgroundColor: member.color, color: textOn(member.color) }}
      title={t('members.forMember', { name: member.name })}
      aria-label={t('members.forMember', { name: member.name })}
      data-testid="member-badge"
    >
      {member.initial}
    </span>
  );
}

/** The badge of an item's assignee; nothing for an item that is everyone's. */
export function AssigneeBadge({ assignee }: { assignee: string | null }) {
  const hh = useHousehold();
  const member = assignee ? hh?.state.members.find((m) => m.id === assignee) : undefined;
  return member ? <MemberBadge member={member} /> : null;
}

/** The colour of an item's assignee, for the calendar; undefined for everyone's. */
export function useAssigneeColor(assignee: string | null): string | undefined {
  const hh = useHousehold();
  return assignee ? hh?.state.members.find((m) => m.id === assignee)?.color : undefined;
}

/** The colours of everyone an event is for, in its order; empty for everyone's. */
export function useAssigneeColors(item: { readonly assignee: string | null; readonly assignees?: readonly string[] }): string[] {
  const members = useHousehold()?.state.members;
  return assigneesOf(item)
    .map((id) => members?.find((m) => m.id === id)?.color)
    .filter((c): c is string => c !== undefined);
}

/** One badge per person an event is for; nothing for everyone's. */
export function AssigneeBadges({ item }: { item: { readonly assignee: string | null; readonly assignees?: readonly string[] } }) {
  const members = useHousehold()?.state.members;
  return (
    <>
      {assigneesOf(item).map((id) => {
        const member = members?.find((m) => m.id === id);
        return member ? <MemberBadge key={id} member={member} /> : null;
      })}
    </>
  );
}

/** Who has which colour in the calendar: shown once there are two people. */
export function MemberLegend() {
  const { t } = useTranslation();
  const members = useHousehold()?.state.members ?? [];
  if (members.length < 2) return null;
  return (
    <ul className="member-legend" aria-label={t('members.legend')} data-testid="member-legend">
      {members.map((m) => (
        <li key={m.id}>
          <span className="member-swatch" style={{ backgroundColor: m.color }} aria-hidden="true" />
          {m.name}
        </li>
      ))}
    </ul>
  );
}

/** A select of the members; '' is everyone's. */
export function AssigneePicker({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (assignee: string) => void;
  /** An aria-label when the picker stands without a Field around it. */
  label?: string;
}) {
  const { t } = useTranslation();
  const members = useHousehold()?.state.members ?? [];
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} data-testid="assignee-picker">
      <option value="">{t('members.everyone')}</option>
      {members.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </select>
  );
}

/** Meine / Alle / each other person, as a segmented control. */
export function AssigneeFilter({ value, onChange }: { value: AssigneeChoice; onChange: (choice: AssigneeChoice) => void }) {
  const { t } = useTranslation();
  const hh = useHousehold();
  const others = (hh?.state.members ?? []).filter((m) => m.id !== hh?.state.viewer_member);
  const choices: { key: AssigneeChoice; label: string }[] = [
    { key: 'mine', label: t('members.mine') },
    { key: 'everyone', label: t('members.everyone') },
    ...others.map((m) => ({ key: m.id, label: m.name })),
  ];
  return (
    <div className="segmented assignee-filter" role="group" aria-label={t('members.filter')} data-testid="assignee-filter">
      {choices.map((c) => (
        <button key={c.key} type="button" aria-pressed={value === c.key} onClick={() => onChange(c.key)}>
          {c.label}
        </button>
      ))}
    </div>
  );
}

/**
 * Who an event is for: one toggle per member, several at once (the parents' evening for both
 * parents); none pressed is everyone's.
 */
export function AssigneesPicker({ value, onChange }: { value: readonly string[]; onChange: (assignees: string[]) => void }) {
  const { t } = useTranslation();
  const members = useHousehold()?.state.members ?? [];
  const toggle = (id: string) =>
    onChange(value.includes(id) ? value.filter((x) => x !== id) : members.map((m) => m.id).filter((m) => m === id || value.includes(m)));
  return (
    <fieldset className="field span-all assignees-picker" data-testid="assignees-picker">
      <legend>{t('members.assignee')}</legend>
      <div className="assignees-choices">
        {members.map((m) => (
          <label key={m.id} className="assignee-choice" style={{ '--member': m.color } as CSSProperties}>
            <input type="checkbox" checked={value.includes(m.id)} onChange={() => toggle(m.id)} />
            <span className="member-swatch" aria-hidden="true" />
            {m.name}
          </label>
        ))}
        <span className="muted small">{value.length ? null : t('members.everyoneHint')}</span>
      </div>
    </fieldset>
  );
}
