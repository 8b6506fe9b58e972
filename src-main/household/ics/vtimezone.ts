// A VTIMEZONE for an IANA zone, built from the offsets the runtime knows: RFC 5545 wants
// one for every TZID a file uses, and a series only repeats at the right wall time in other
// programs when its zone comes along. The zone's current rule (this year's switches) is
// written as a yearly rule from 1970, which is what Thunderbird and Google write too.
import { dayNumber } from '../recurrence/rule';
import { civilOf, weekdayOfDay } from '../recurrence/expand';
import { offsetMinutesAt } from '../time';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

function offsetText(min: number): string {
  const abs = Math.abs(min);
  return `${min < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

interface Switch {
  readonly atMs: number;
  readonly from: number;
  readonly to: number;
}

/** The instants in `year` where the zone's offset changes (to the quarter hour). */
function switchesIn(zone: string, year: number): Switch[] {
  const out: Switch[] = [];
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  for (let day = start; day < end; day += DAY) {
    const from = offsetMinutesAt(day, zone);
    if (offsetMinutesAt(day + DAY, zone) === from) continue;
    for (let t = day; t < day + DAY; t += HOUR / 4) {
      const to = offsetMinutesAt(t, zone);
      if (to !== offsetMinutesAt(t - HOUR / 4, zone)) {
        out.push({ atMs: t, from: offsetMinutesAt(t - HOUR / 4, zone), to });
        break;
      }
    }
  }
  return out;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The lines of a VTIMEZONE for `zone` (CRLF-joined by the caller), as of `year`. */
export function vtimezoneLines(zone: string, year: number): string[] {
  const switches = switchesIn(zone, year);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  if (switches.length !== 2) {
    const offset = offsetText(offsetMinutesAt(Date.UTC(year, 0, 1), zone));
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD');
  } else {
    for (const s of switches) {
      // The wall time the switch happens at, on the clock before it.
      const wall = new Date(s.atMs + s.from * 60_000);
      const month = wall.getUTCMonth() + 1;
      const dom = wall.getUTCDate();
      const dim = new Date(Date.UTC(wall.getUTCFullYear(), month, 0)).getUTCDate();
      const weekday = CODES[weekdayOfDay(dayNumber(wall.getUTCFullYear(), month, dom))]!;
      const nth = dom + 7 > dim ? -1 : Math.ceil(dom / 7);
      // The same weekday of the same month in 1970, where the rule begins.
      let first = dayNumber(1970, month, 1);
      if (nth > 0) {
        while (CODES[weekdayOfDay(first)] !== weekday) first++;
        first += 7 * (nth - 1);
      } else {
        first = dayNumber(1970, month + 1, 1) - 1;
        while (CODES[weekdayOfDay(first)] !== weekday) first--;
      }
      const c = civilOf(first);
      lines.push(
        s.to > s.from ? 'BEGIN:DAYLIGHT' : 'BEGIN:STANDARD',
        `DTSTART:1970${pad(c.month)}${pad(c.day)}T${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}00`,
        `TZOFFSETFROM:${offsetText(s.from)}`,
        `TZOFFSETTO:${offsetText(s.to)}`,
        `RRULE:FREQ=YEARLY;BYMONTH=${month};BYDAY=${nth}${weekday}`,
        s.to > s.from ? 'END:DAYLIGHT' : 'END:STANDARD',
      );
    }
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
