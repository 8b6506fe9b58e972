// Where each property of each VEVENT stands in the file, so a refusal can name the line.
// ical.js keeps no line numbers; this reads the unfolded content lines (RFC 5545 3.1) once.

export interface PropertyLine {
  /** Upper case, without parameters: `DTSTART`. */
  readonly name: string;
  /** 1-based line of the file where the property starts. */
  readonly line: number;
  /** The text after the first unquoted colon. */
  readonly value: string;
  /** The parameters as written: `;TZID=Europe/Berlin`. */
  readonly params: string;
}

/** The n-th VEVENT directly inside a VCALENDAR: its own properties and its BEGIN and END lines (1-based). */
export interface VeventBlock {
  readonly lines: PropertyLine[];
  readonly begin: number;
  end: number;
}

/** For the n-th VEVENT directly inside a VCALENDAR (document order), its own properties. */
export function veventLines(text: string): PropertyLine[][] {
  return veventBlocks(text).map((b) => b.lines);
}

/** The VEVENTs of the file with where each begins and ends. */
export function veventBlocks(text: string): VeventBlock[] {
  const physical = text.split(/\r\n|\n|\r/);
  const blocks: VeventBlock[] = [];
  const events: PropertyLine[][] = [];
  const stack: string[] = [];
  let current: PropertyLine[] | undefined;
  let logical = '';
  let startLine = 0;

  const take = () => {
    if (!logical) return;
    const colon = valueStart(logical);
    const head = colon < 0 ? logical : logical.slice(0, colon);
    const value = colon < 0 ? '' : logical.slice(colon + 1);
    const semi = head.indexOf(';');
    const name = (semi < 0 ? head : head.slice(0, semi)).trim().toUpperCase();
    const params = semi < 0 ? '' : head.slice(semi);
    if (name === 'BEGIN') {
      const component = value.trim().toUpperCase();
      if (component === 'VEVENT' && stack.at(-1) === 'VCALENDAR') {
        current = [];
        events.push(current);
        blocks.push({ lines: current, begin: startLine, end: startLine });
      }
      stack.push(component);
    } else if (name === 'END') {
      if (stack.at(-1) === 'VEVENT' && stack.at(-2) === 'VCALENDAR' && blocks.length > 0) blocks[blocks.length - 1]!.end = startLine;
      stack.pop();
      if (stack.at(-1) !== 'VEVENT') current = undefined;
    } else if (current && stack.at(-1) === 'VEVENT') {
      current.push({ name, line: startLine, value, params });
    }
  };

  physical.forEach((raw, i) => {
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && logical) {
      logical += raw.slice(1);
      return;
    }
    take();
    logical = raw;
    startLine = i + 1;
  });
  take();
  return blocks;
}

/** The colon that ends the name and parameters; colons inside quoted parameter values do not count. */
function valueStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return i;
  }
  return -1;
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z?$/;

/**
 * Whether a DATE or DATE-TIME value names a real calendar moment. ical.js reads
 * `20251399T996000Z` as a date in 2026 without complaint; a household calendar should not.
 */
export function isRealDateOrDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value) ?? DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  if (m[4] === undefined) return true;
  return Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6]) <= 60;
}
