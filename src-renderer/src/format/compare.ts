// Sort comparators for the master's identifiers and timestamps. String#localeCompare is
// not used for them: its first call in a page builds an ICU collator (15–35 ms in a fresh
// Chromium renderer, measured on Home's first paint), and machine strings need no language rules.

/** Code-point order: for ids and calendar dates (`YYYY-MM-DD`). */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Time order of RFC 3339 timestamps. Their text order breaks where offsets differ: on the
 * autumn switch night `02:30+02:00` comes an hour before `02:30+01:00`.
 */
export function byInstant(a: string, b: string): number {
  return Date.parse(a) - Date.parse(b) || byCodePoint(a, b);
}
