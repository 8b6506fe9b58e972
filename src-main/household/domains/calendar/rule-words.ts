// The words a confirmation and a reply use for a series' rule, German and English. They
// read a rule the calendar has already checked, so they need none of its refusals.
import type { EventRecord } from '../../store';
import { parseRule } from '../../recurrence';

const WEEKDAYS_DE = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];
const WEEKDAY_NAMES_DE = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];
const MONTHS_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

function ordinalDe(n: number): string {
  return n === -1 ? 'letzten' : n > 0 ? `${n}.` : `${-n}.-letzten`;
}

/** "jeden zweiten Dienstag"-style words for a confirmation: "alle 2 Wochen dienstags". */
export function describeRule(e: Pick<EventRecord, 'rrule'>, _tz: string): string {
  if (!e.rrule) return '';
  const r = parseRule(e.rrule);
  const every = (one: string, many: string) => (r.interval === 1 ? one : `alle ${r.interval} ${many}`);
  const days = r.byDay.filter((d) => d.n === 0).map((d) => d.weekday);
  const nth = r.byDay.filter((d) => d.n !== 0);
  let text: string;
  switch (r.freq) {
    case 'DAILY':
      text = every('täglich', 'Tage');
      break;
    case 'WEEKLY':
      text =
        days.length === 5 && [0, 1, 2, 3, 4].every((d) => days.includes(d)) && r.interval === 1
          ? 'werktags'
          : `${every('wöchentlich', 'Wochen')}${days.length ? ` ${days.map((d) => WEEKDAYS_DE[d]).join(', ')}` : ''}`;
      break;
    case 'MONTHLY':
      text = every('monatlich', 'Monate');
      if (r.byMonthDay.length) text += ` am ${r.byMonthDay.map((d) => (d === -1 ? 'letzten Tag' : `${d}.`)).join(', ')}`;
      if (nth.length) text += ` am ${nth.map((d) => `${ordinalDe(d.n)} ${WEEKDAY_NAMES_DE[d.weekday]}`).join(', ')}`;
      break;
    case 'YEARLY':
      text = every('jährlich', 'Jahre');
      if (r.byMonth.length) text += ` im ${r.byMonth.map((m) => MONTHS_DE[m - 1]).join(', ')}`;
      break;
  }
  if (r.count !== null) text += `, ${r.count}-mal`;
  else if (r.until) text += ' bis zum Enddatum';
  return text;
}

const WEEKDAYS_EN = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function ordinalEn(n: number): string {
  if (n === -1) return 'last';
  const k = Math.abs(n);
  const suffix = k % 10 === 1 && k !== 11 ? 'st' : k % 10 === 2 && k !== 12 ? 'nd' : k % 10 === 3 && k !== 13 ? 'rd' : 'th';
  return n > 0 ? `${k}${suffix}` : `${k}${suffix} to last`;
}

/** The same words in English: "every 2 weeks on Tuesday". */
export function describeRuleEn(rrule: string): string {
  const r = parseRule(rrule);
  const every = (one: string, many: string) => (r.interval === 1 ? one : `every ${r.interval} ${many}`);
  const days = r.byDay.filter((d) => d.n === 0).map((d) => d.weekday);
  const nth = r.byDay.filter((d) => d.n !== 0);
  let text: string;
  switch (r.freq) {
    case 'DAILY':
      text = every('daily', 'days');
      break;
    case 'WEEKLY':
      text =
        days.length === 5 && [0, 1, 2, 3, 4].every((d) => days.includes(d)) && r.interval === 1
          ? 'on weekdays'
          : `${every('weekly', 'weeks')}${days.length ? ` on ${days.map((d) => WEEKDAYS_EN[d]).join(', ')}` : ''}`;
      break;
    case 'MONTHLY':
      text = every('monthly', 'months');
      if (r.byMonthDay.length) text += ` on the ${r.byMonthDay.map((d) => (d === -1 ? 'last day' : ordinalEn(d))).join(', ')}`;
      if (nth.length) text += ` on the ${nth.map((d) => `${ordinalEn(d.n)} ${WEEKDAYS_EN[d.weekday]}`).join(', ')}`;
      break;
    case 'YEARLY':
      text = every('yearly', 'years');
      if (r.byMonth.length) text += ` in ${r.byMonth.map((m) => MONTHS_EN[m - 1]).join(', ')}`;
      break;
  }
  if (r.count !== null) text += `, ${r.count} times`;
  else if (r.until) text += ' until the end date';
  return text;
}
