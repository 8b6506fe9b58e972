// What a family reads must not name ids, settings, tool names, rules or program errors. The
// server falls back to a plain sentence for a tool failure that does; the renderer does the
// same for an error it shows. One list, so both sides refuse the same texts.
const TECHNICAL = [
  /\b[a-z]+_[a-z0-9]{8,}\b/, // an id such as evt_njcw98fwbsoch5vl
  /\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/, // a setting or an error code
  /\b(calendar|tasks|reminders|groceries|recipes|mealplan|kanban|chores|rag|system|skill|skills|memory)_[a-z_]+\b/, // a tool
  /FREQ=|RRULE|BYDAY=/,
  /\bat \w+ \(|Cannot read properties|undefined|\bnull\b/,
];

/** Whether a text is fit for the family's screens as it is. */
export function isFamilyText(text: string): boolean {
  return !TECHNICAL.some((re) => re.test(text));
}
