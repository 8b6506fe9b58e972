// The editor's repeat choice and the RFC 5545 RRULE value it stands for, both ways, and a
// rule in words for the household ("Alle 2 Wochen am Dienstag").
import { formatDate, weekdayName, weekdayOf } from '../../format/household-time';
import type { t as translate } from '../../i18n';

export const REPEAT_KINDS = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatKind = (typeof REPEAT_KINDS)[number];

/** RRULE weekday codes, Monday first as a household's week starts. */
export const RULE_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type RuleDay = (typeof RULE_DAYS)[number];

export interface RepeatChoice {
  readonly kind: RepeatKind;
  /** Every N days / weeks / months / years. */
  readonly interval: number;
  /** For weekly: the chosen days. */
  readonly weekdays: readonly RuleDay[];
  /** For monthly: the day of the month. */
  readonly monthDay: number;
}

/** The RRULE code of a local date's weekday. */
export function ruleDayOf(date: string): RuleDay {
  return RULE_DAYS[(weekdayOf(date) + 6) % 7]!;
}

/** What the editor offers for a new event starting on `date`: no repeat, and sensible days if one is picked. */
export function defaultChoice(date: string): RepeatChoice {
  return { kind: 'none', interval: 1, weekdays: [ruleDayOf(date)], monthDay: Number(date.slice(8, 10)) };
}

/** The RRULE value of a choice; null for no repeat. */
export function buildRrule(choice: RepeatChoice): string | null {
  if (choice.kind === 'none') return null;
  const parts = [`FREQ=${choice.kind.toUpperCase()}`];
  if (choice.interval > 1) parts.push(`INTERVAL=${choice.interval}`);
  if (choice.kind === 'weekly' && choice.weekdays.length)
    parts.push(`BYDAY=${RULE_DAYS.filter((d) => choice.weekdays.includes(d)).join(',')}`);
  if (choice.kind === 'monthly') parts.push(`BYMONTHDAY=${choice.monthDay}`);
  return parts.join(';');
}

/** "FREQ=WEEKLY;BYDAY=MO,WE" -> {FREQ: "WEEKLY", BYDAY: "MO,WE"}; an optional "RRULE:" prefix is dropped. */
export function ruleParts(rule: string): Readonly<Record<string, string>> {
  const parts: Record<string, string> = {};
  for (const part of rule.replace(/^RRULE:/i, '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) parts[part.slice(0, eq).toUpperCase()] = part.slice(eq + 1).toUpperCase();
  }
  return parts;
}

const EDITABLE = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'WKST']);

/**
 * The editor's choice for an existing rule, or undefined when the rule says more than the
 * editor can show (COUNT, UNTIL, "first Monday"…): then it is kept as it is unless the
 * household picks another repeat.
 */
export function choiceOf(rule: string | null | undefined, startDate: string): RepeatChoice | undefined {
  const base = defaultChoice(startDate);
  if (!rule) return base;
  const p = ruleParts(rule);
  if (Object.keys(p).some((k) => !EDITABLE.has(k))) return undefined;
  const kind = (p.FREQ ?? '').toLowerCase() as RepeatKind;
  if (!REPEAT_KINDS.includes(kind) || kind === 'none') return undefined;
  const interval = p.INTERVAL ? Number(p.INTERVAL) : 1;
  if (!Number.isInteger(interval) || interval < 1) return undefined;
  const days = p.BYDAY ? p.BYDAY.split(',') : [];
  if (days.some((d) => !(RULE_DAYS as readonly string[]).includes(d))) return undefined;
  if (days.length && kind !== 'weekly') return undefined;
  const monthDay = p.BYMONTHDAY ? Number(p.BYMONTHDAY) : undefined;
  if (monthDay !== undefined && (kind !== 'monthly' || !Number.isInteger(monthDay) || monthDay < 1 || monthDay > 31)) return undefined;
  return {
    kind,
    interval,
    weekdays: days.length ? (days as RuleDay[]) : base.weekdays,
    monthDay: monthDay ?? base.monthDay,
  };
}

type T = typeof translate;

function joinWords(words: readonly string[], t: T): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${t('calendar.rule.and')} ${words[words.length - 1]!}`;
}

function dayName(code: string, language: string): string {
  return weekdayName((RULE_DAYS.indexOf(code as RuleDay) + 1) % 7, language);
}

/** "20261231T225959Z" or "20261231" -> "2026-12-31". */
function untilDate(value: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/** A rule in words in the UI language: "Jeden Montag", "Every 2 weeks on Tuesday", "Am 1. jedes Monats". */
export function describeRrule(rule: string, t: T, language: string): string {
  const p = ruleParts(rule);
  const count = p.INTERVAL ? Number(p.INTERVAL) || 1 : 1;
  const byDay = p.BYDAY ? p.BYDAY.split(',') : [];
  const plainDays = byDay.filter((d) => /^[A-Z]{2}$/.test(d));
  let text: string;
  switch (p.FREQ) {
    case 'DAILY':
      text = t('calendar.rule.daily', { count });
      break;
    case 'WEEKLY':
      text = plainDays.length
        ? t('calendar.rule.weekly', {
            count,
            days: joinWords(
              plainDays.map((d) => dayName(d, language)),
              t,
            ),
          })
        : t('calendar.rule.weeklyPlain', { count });
      break;
    case 'MONTHLY': {
      const nth = byDay.length === 1 ? /^([+-]?\d)([A-Z]{2})$/.exec(byDay[0]!) : null;
      const setPos = p.BYSETPOS && plainDays.length === 1 ? /^([+-]?\d)$/.exec(p.BYSETPOS) : null;
      const ordinal = nth?.[1] ?? setPos?.[1];
      const weekday = nth?.[2] ?? (setPos ? plainDays[0] : undefined);
      if (p.BYMONTHDAY && /^\d+$/.test(p.BYMONTHDAY)) text = t('calendar.rule.monthlyDay', { count, day: p.BYMONTHDAY });
      else if (ordinal && weekday && ['1', '2', '3', '4', '5', '-1'].includes(ordinal.replace('+', '')))
        text = t('calendar.rule.monthlyNth', {
          count,
          nth: t(`calendar.rule.nth.${ordinal.replace('+', '')}`),
          weekday: dayName(weekday, language),
        });
      else text = t('calendar.rule.monthlyPlain', { count });
      break;
    }
    case 'YEARLY':
      text = t('calendar.rule.yearly', { count });
      break;
    default:
      return t('calendar.rule.custom');
  }
  const until = p.UNTIL ? untilDate(p.UNTIL) : undefined;
  if (until) text += t('calendar.rule.until', { date: formatDate(until, language) });
  else if (p.COUNT && /^\d+$/.test(p.COUNT)) text += t('calendar.rule.times', { count: Number(p.COUNT) });
  return text;
}
