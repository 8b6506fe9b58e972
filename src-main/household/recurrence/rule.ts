// RFC 5545 recurrence rules as the household keeps them: parsed, checked with a message a
// family can read, and written back in one canonical order. Only the parts a household
// calendar needs are accepted; anything else is refused by name rather than ignored.

export const RULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof RULE_FREQUENCIES)[number];

/** Monday = 0 … Sunday = 6, the order of RFC 5545's default week start. */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

export interface ByDay {
  readonly weekday: number;
  /** 0 = every such weekday; 1 = the first, -1 = the last in the month (or year). */
  readonly n: number;
}

/** UNTIL as written: a date (inclusive), a UTC instant, or a floating wall time of the series' zone. */
export interface Until {
  /** Days since 1970-01-01 of the calendar date. */
  readonly day: number;
  /** Seconds after midnight; null for a DATE. */
  readonly second: number | null;
  readonly utc: boolean;
  readonly text: string;
}

export interface Rule {
  readonly freq: Frequency;
  readonly interval: number;
  readonly byDay: readonly ByDay[];
  readonly byMonthDay: readonly number[];
  readonly byMonth: readonly number[];
  readonly bySetPos: readonly number[];
  readonly count: number | null;
  readonly until: Until | null;
  readonly wkst: number;
}

export const RULE_LIMITS = { interval: 999, count: 5_000 } as const;

const ALLOWED_PARTS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'COUNT', 'UNTIL', 'WKST']);
const PART_WORDS: Readonly<Record<string, string>> = {
  BYHOUR: 'Stunden (BYHOUR)',
  BYMINUTE: 'Minuten (BYMINUTE)',
  BYSECOND: 'Sekunden (BYSECOND)',
  BYWEEKNO: 'Kalenderwochen (BYWEEKNO)',
  BYYEARDAY: 'Tage des Jahres (BYYEARDAY)',
};

export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}

function integerList(part: string, value: string, min: number, max: number, allowNegative: boolean): number[] {
  const out: number[] = [];
  for (const raw of value.split(',')) {
    if (!/^[+-]?\d{1,3}$/.test(raw)) throw new RuleError(`${part}=${value} ist keine Liste von Zahlen.`);
    const n = Number(raw);
    const abs = Math.abs(n);
    if (abs < min || abs > max || (n < 0 && !allowNegative))
      throw new RuleError(`${part}=${raw} liegt außerhalb von ${allowNegative ? `±${min}…${max}` : `${min}…${max}`}.`);
    out.push(n);
  }
  return [...new Set(out)];
}

function parseUntil(value: string): Until {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value);
  if (!m) throw new RuleError(`UNTIL=${value} ist kein Datum (JJJJMMTT oder JJJJMMTTThhmmssZ).`);
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) throw new RuleError(`UNTIL=${value} ist kein gültiges Datum.`);
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59))
    throw new RuleError(`UNTIL=${value} ist keine gültige Uhrzeit.`);
  return {
    day: dayNumber(year, month, date),
    second: m[4] === undefined ? null : Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6]),
    utc: m[7] === 'Z',
    text: value,
  };
}

/**
 * Parses an RRULE value ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", with or without "RRULE:").
 * Throws RuleError with a German sentence naming the part that is wrong.
 */
export function parseRule(text: string): Rule {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body) throw new RuleError('Die Wiederholungsregel ist leer.');
  const parts = new Map<string, string>();
  for (const piece of body.split(';')) {
    if (!piece) continue;
    const eq = piece.indexOf('=');
    const name = (eq < 0 ? piece : piece.slice(0, eq)).trim().toUpperCase();
    const value =
      eq < 0
        ? ''
        : piece
            .slice(eq + 1)
            .trim()
            .toUpperCase();
    if (!ALLOWED_PARTS.has(name)) {
      throw new RuleError(
        `Die Wiederholungsregel enthält ${PART_WORDS[name] ?? `„${name.slice(0, 20)}“`}; unterstützt sind Häufigkeit, Intervall, Wochentage, Monatstage, Monate, Position, Anzahl und Enddatum.`,
      );
    }
    if (parts.has(name)) throw new RuleError(`${name} steht zweimal in der Wiederholungsregel.`);
    if (!value) throw new RuleError(`${name} hat keinen Wert.`);
    parts.set(name, value);
  }
  const freqText = parts.get('FREQ');
  if (!freqText) throw new RuleError('Die Wiederholungsregel nennt keine Häufigkeit (FREQ), z. B. FREQ=WEEKLY.');
  if (['SECONDLY', 'MINUTELY', 'HOURLY'].includes(freqText))
    throw new RuleError('Termine, die sich öfter als täglich wiederholen, unterstützt der Kalender nicht.');
  if (!(RULE_FREQUENCIES as readonly string[]).includes(freqText))
    throw new RuleError(`FREQ=${freqText.slice(0, 20)} ist keine Häufigkeit (DAILY, WEEKLY, MONTHLY oder YEARLY).`);
  const freq = freqText as Frequency;

  const interval = parts.has('INTERVAL') ? integerList('INTERVAL', parts.get('INTERVAL')!, 1, RULE_LIMITS.interval, false) : [1];
  if (interval.length !== 1) throw new RuleError('INTERVAL ist genau eine Zahl.');

  const byDay: ByDay[] = [];
  if (parts.has('BYDAY')) {
    for (const raw of parts.get('BYDAY')!.split(',')) {
      const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(raw);
      if (!m)
        throw new RuleError(`BYDAY=${raw.slice(0, 20)} ist kein Wochentag (MO, TU, WE, TH, FR, SA, SU, mit Zahl z. B. 1MO oder -1FR).`);
      const n = m[1] === undefined ? 0 : Number(m[1]);
      if (n !== 0) {
        if (freq !== 'MONTHLY' && freq !== 'YEARLY')
          throw new RuleError(`BYDAY=${raw} (mit Zahl) gibt es nur bei monatlichen oder jährlichen Regeln.`);
        const max = freq === 'MONTHLY' || parts.has('BYMONTH') ? 5 : 53;
        if (Math.abs(n) > max) throw new RuleError(`BYDAY=${raw}: einen ${Math.abs(n)}. Wochentag gibt es nicht.`);
      }
      byDay.push({ weekday: WEEKDAY_CODES.indexOf(m[2] as (typeof WEEKDAY_CODES)[number]), n });
    }
  }
  const byMonthDay = parts.has('BYMONTHDAY') ? integerList('BYMONTHDAY', parts.get('BYMONTHDAY')!, 1, 31, true) : [];
  if (byMonthDay.length > 0 && freq === 'WEEKLY') throw new RuleError('BYMONTHDAY passt nicht zu einer wöchentlichen Regel.');
  const byMonth = parts.has('BYMONTH') ? integerList('BYMONTH', parts.get('BYMONTH')!, 1, 12, false) : [];
  const bySetPos = parts.has('BYSETPOS') ? integerList('BYSETPOS', parts.get('BYSETPOS')!, 1, 366, true) : [];
  if (bySetPos.length > 0 && byDay.length + byMonthDay.length + byMonth.length === 0)
    throw new RuleError('BYSETPOS braucht BYDAY, BYMONTHDAY oder BYMONTH.');

  if (parts.has('COUNT') && parts.has('UNTIL')) throw new RuleError('COUNT und UNTIL schließen sich aus; bitte nur eines angeben.');
  const count = parts.has('COUNT') ? integerList('COUNT', parts.get('COUNT')!, 1, RULE_LIMITS.count, false)[0]! : null;
  if (parts.has('COUNT') && !/^\d+$/.test(parts.get('COUNT')!)) throw new RuleError('COUNT ist genau eine Zahl.');
  const until = parts.has('UNTIL') ? parseUntil(parts.get('UNTIL')!) : null;
  const wkstText = parts.get('WKST');
  const wkst = wkstText === undefined ? 0 : WEEKDAY_CODES.indexOf(wkstText as (typeof WEEKDAY_CODES)[number]);
  if (wkst < 0) throw new RuleError(`WKST=${wkstText!.slice(0, 20)} ist kein Wochentag.`);

  return { freq, interval: interval[0]!, byDay, byMonthDay, byMonth, bySetPos, count, until, wkst };
}

/** The rule in one canonical order ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"); equal rules give equal text. */
export function formatRule(rule: Rule): string {
  const out = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) out.push(`INTERVAL=${rule.interval}`);
  if (rule.count !== null) out.push(`COUNT=${rule.count}`);
  if (rule.until) out.push(`UNTIL=${rule.until.text}`);
  if (rule.byMonth.length) out.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.byMonthDay.length) out.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byDay.length) out.push(`BYDAY=${rule.byDay.map((d) => `${d.n === 0 ? '' : d.n}${WEEKDAY_CODES[d.weekday]}`).join(',')}`);
  if (rule.bySetPos.length) out.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.wkst !== 0) out.push(`WKST=${WEEKDAY_CODES[rule.wkst]}`);
  return out.join(';');
}
