import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AssigneesPicker } from '../../members/Assignee';
import type { CalendarEvent, RecurrenceScope } from '../../../../src-shared';
import { ApiError } from '../../api';
import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n';
import { weekdayName } from '../../format/household-time';
import { messageOf } from '../../store/resource';
import { useStore } from '../../store';
import { ScopeDialog } from './ChoiceDialog';
import { isOccurrence } from './calendar-days';
import {
  checkDraft,
  createArgs,
  draftOf,
  fieldOfPath,
  LIMITS,
  moveStart,
  newDraft,
  ruleOf,
  updateArgs,
  type DraftErrors,
  type DraftField,
  type EventDraft,
} from './event-draft';
import { defaultChoice, describeRrule, REPEAT_KINDS, RULE_DAYS, type RepeatChoice, type RepeatKind } from './repeat-rule';

export type EditorTarget = { readonly event: CalendarEvent } | { readonly date: string; readonly time: string };

/** The time beside a start or end date: shown as "Uhrzeit", named for which one it is. */
function TimeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span>{t('common.time')}</span>
      <input type="time" aria-label={label} value={value} required onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

function FieldBox({
  label,
  error,
  errorId,
  className,
  children,
}: {
  label: string;
  error: string | undefined;
  errorId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`field ${className ?? ''} ${error ? 'has-error' : ''}`}>
      <span>{label}</span>
      {children}
      {error ? (
        <small className="field-error" id={errorId}>
          {error}
        </small>
      ) : null}
    </label>
  );
}

/** The event editor as a dialog (a bottom sheet on phones): new events and edits of one-offs and series alike. */
export function EventEditor({
  target,
  timeZone,
  onClose,
  onDelete,
}: {
  target: EditorTarget;
  timeZone: string;
  onClose(): void;
  onDelete(event: CalendarEvent): void;
}) {
  const { t, i18n } = useTranslation();
  const writeCalendar = useStore((s) => s.writeCalendar);
  const event = 'event' in target ? target.event : undefined;
  const [initial] = useState<EventDraft>(() => ('event' in target ? draftOf(target.event, timeZone) : newDraft(target.date, target.time)));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors & { form?: string }>({});
  const [saving, setSaving] = useState(false);
  const [askScope, setAskScope] = useState(false);
  const ids = useId();
  const errorId = (f: DraftField | 'form') => `${ids}-${f}-error`;
  const invalid = (f: DraftField) => (errors[f] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(f) } : {});

  const change = (next: Partial<EventDraft>, fields: readonly DraftField[]) => {
    setDraft((d) => ({ ...d, ...next }));
    if (fields.some((f) => errors[f]))
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k as DraftField))));
  };
  const changeRepeat = (next: Partial<RepeatChoice>) =>
    change({ repeat: { ...(draft.repeat ?? defaultChoice(draft.startDate)), ...next } }, ['repeat']);

  const send = async (scope?: RecurrenceScope) => {
    setSaving(true);
    try {
      if (event) {
        const occurrence =
          isOccurrence(event) && event.occurrence_start ? { occurrence_start: event.occurrence_start, scope: scope ?? 'all' } : {};
        await writeCalendar('calendar_update', { id: event.id, ...updateArgs(event, draft, initial, timeZone), ...occurrence });
      } else {
        await writeCalendar('calendar_create', createArgs(draft, timeZone));
      }
      onClose();
    } catch (e) {
      // The form stays as typed; the field the server named shows its message.
      const field = e instanceof ApiError ? fieldOfPath(e.path) : undefined;
      setErrors(field ? { [field]: e instanceof ApiError ? e.message : messageOf(e) } : { form: messageOf(e) });
      setSaving(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = { ...checkDraft(draft, timeZone) };
    if (Object.keys(found).length) {
      setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
      return;
    }
    if (event && isOccurrence(event)) setAskScope(true);
    else void send();
  };

  const repeat = draft.repeat;
  const rule = ruleOf(draft, event);
  const ruleChanged = rule !== (event?.rrule ?? null);
  const kind: RepeatKind | 'custom' = repeat ? repeat.kind : 'custom';

  return (
    <Dialog title={event ? t('calendar.editEvent') : t('calendar.newEvent')} onClose={onClose} testId="event-editor">
      <form className="editor" onSubmit={submit} noValidate aria-busy={saving}>
        <FieldBox label={t('common.title')} error={errors.title} errorId={errorId('title')} className="span-all">
          <input
            value={draft.title}
            maxLength={LIMITS.title}
            required
            data-autofocus
            onChange={(e) => change({ title: e.target.value }, ['title'])}
            {...invalid('title')}
          />
        </FieldBox>
        <label className="check span-all">
          <input type="checkbox" checked={draft.allDay} onChange={(e) => change({ allDay: e.target.checked }, ['start', 'end'])} />
          <span>{t('calendar.allDay')}</span>
        </label>
        <div className="editor-when">
          <FieldBox label={t('calendar.start')} error={errors.start} errorId={errorId('start')}>
            <input
              type="date"
              value={draft.startDate}
              required
              onChange={(e) => {
                const moved = moveStart(draft, e.target.value, draft.startTime);
                // Until a repeat is picked, its defaults (weekday, day of month) follow the start.
                change(draft.repeat?.kind === 'none' && e.target.value ? { ...moved, repeat: defaultChoice(e.target.value) } : moved, [
                  'start',
                  'end',
                ]);
              }}
              {...invalid('start')}
            />
          </FieldBox>
          {draft.allDay ? null : (
            <TimeField
              label={t('calendar.startTime')}
              value={draft.startTime}
              onChange={(value) => change(moveStart(draft, draft.startDate, value), ['start', 'end'])}
            />
          )}
          <FieldBox label={draft.allDay ? t('calendar.lastDay') : t('calendar.end')} error={errors.end} errorId={errorId('end')}>
            <input
              type="date"
              value={draft.endDate}
              min={draft.startDate}
              required
              onChange={(e) => change({ endDate: e.target.value }, ['end'])}
              {...invalid('end')}
            />
          </FieldBox>
          {draft.allDay ? null : (
            <TimeField label={t('calendar.endTime')} value={draft.endTime} onChange={(value) => change({ endTime: value }, ['end'])} />
          )}
        </div>
        <FieldBox label={t('calendar.location')} error={errors.location} errorId={errorId('location')} className="span-all">
          <input
            value={draft.location}
            maxLength={LIMITS.location}
            onChange={(e) => change({ location: e.target.value }, ['location'])}
            {...invalid('location')}
          />
        </FieldBox>
        <FieldBox label={t('calendar.notes')} error={errors.notes} errorId={errorId('notes')} className="span-all">
          <textarea
            rows={3}
            value={draft.notes}
            maxLength={LIMITS.notes}
            onChange={(e) => change({ notes: e.target.value }, ['notes'])}
            {...invalid('notes')}
          />
        </FieldBox>
        <AssigneesPicker value={draft.assignees} onChange={(assignees) => change({ assignees }, [])} />
        <fieldset className="editor-repeat span-all">
          <legend className="sr-only">{t('calendar.repeat')}</legend>
          <FieldBox label={t('calendar.repeat')} error={errors.repeat} errorId={errorId('repeat')}>
            <select
              value={kind}
              onChange={(e) =>
                e.target.value === 'custom'
                  ? change({ repeat: undefined }, ['repeat'])
                  : changeRepeat({ kind: e.target.value as RepeatKind })
              }
              {...invalid('repeat')}
            >
              {REPEAT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`calendar.repeatKinds.${k}`)}
                </option>
              ))}
              {event?.rrule && !draftOf(event, timeZone).repeat ? <option value="custom">{t('calendar.repeatKinds.custom')}</option> : null}
            </select>
          </FieldBox>
          {repeat && repeat.kind !== 'none' ? (
            <label className="field narrow">
              <span>{t(`calendar.interval.${repeat.kind}`)}</span>
              <input
                type="number"
                min={1}
                max={99}
                value={repeat.interval}
                onChange={(e) => changeRepeat({ interval: Math.max(1, Math.min(99, Math.round(Number(e.target.value)) || 1)) })}
              />
            </label>
          ) : null}
          {repeat?.kind === 'weekly' ? (
            <div className="weekday-picks" role="group" aria-label={t('calendar.onWeekdays')}>
              {RULE_DAYS.map((d, i) => {
                const on = repeat.weekdays.includes(d);
                return (
                  <button
                    key={d}
                    type="button"
                    className="weekday-pick"
                    aria-pressed={on}
                    aria-label={weekdayName((i + 1) % 7, i18n.language)}
                    onClick={() => changeRepeat({ weekdays: on ? repeat.weekdays.filter((x) => x !== d) : [...repeat.weekdays, d] })}
                  >
                    {weekdayName((i + 1) % 7, i18n.language, 'short').replace('.', '')}
                  </button>
                );
              })}
            </div>
          ) : null}
          {repeat?.kind === 'monthly' ? (
            <label className="field narrow">
              <span>{t('calendar.monthDay')}</span>
              <input
                type="number"
                min={1}
                max={31}
                value={repeat.monthDay}
                onChange={(e) => changeRepeat({ monthDay: Math.max(1, Math.min(31, Math.round(Number(e.target.value)) || 1)) })}
              />
            </label>
          ) : null}
          {rule ? (
            <p className="rule-words" data-testid="rule-words">
              {t('calendar.ruleNow', { rule: describeRrule(rule, t, i18n.language) })}
            </p>
          ) : null}
        </fieldset>
        {errors.form ? (
          <p className="inline-error span-all" role="alert" id={errorId('form')}>
            {errors.form}
          </p>
        ) : null}
        <div className="editor-actions span-all">
          {event ? (
            <button type="button" className="btn btn-danger-ghost" onClick={() => onDelete(event)} disabled={saving}>
              {t('common.delete')}
            </button>
          ) : null}
          <span className="spacer" />
          <button type="button" className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t('calendar.saving') : event ? t('common.save') : t('common.add')}
          </button>
        </div>
      </form>
      {askScope && event ? (
        <ScopeDialog
          action="edit"
          title={event.title}
          allowThis={!ruleChanged}
          onCancel={() => setAskScope(false)}
          onChoose={(scope) => {
            setAskScope(false);
            void send(scope);
          }}
        />
      ) : null}
    </Dialog>
  );
}
