import type { Reminder, SymbolicTime } from '../../src-shared';
import { dayPhrase, isoDate } from './day-words';
import type { Matcher } from './intent-contract';
import { failureSentence, type Lang } from './replies';
import { clockOf, findDay } from './time-phrases';

// "Erinnere mich morgen um 8 an den Müll." / "Remind me tomorrow at 8 to take out the trash."
// -> reminders_create. Day and time may stand before or after what to remember. "mich" is
// the asking member's reminder, "uns" everyone's, "Paul" Paul's (when Paul is a member).

const REMIND: readonly [RegExp, Lang][] = [
  [/^(?:erinnere|erinner)\s+(?<who>\p{L}[\p{L}-]*)\s+(?<rest>.+)$/iu, 'de'],
  [/^remind\s+(?<who>\p{L}[\p{L}-]*)\s+(?<rest>.+)$/iu, 'en'],
];

/** The reminder's assignee argument for the word after "erinnere": undefined when it names nobody. */
function assigneeWord(who: string, members: readonly string[] | undefined): string | undefined {
  const lower = who.toLowerCase();
  if (lower === 'mich' || lower === 'me') return 'me';
  if (lower === 'uns' || lower === 'us') return 'everyone';
  return members?.find((name) => name.toLowerCase() === lower);
}

// Inside a reminder, "um 8" is a time of day even without "Uhr" (it is 08:00, not 20:00).
const TIME = /(?:^|\s)(?:um|at|gegen)\s+(?<h>\d{1,2})(?:[:.](?<min>\d{2}))?\s*(?<ampm>a\.?m\.?|p\.?m\.?)?(?:\s*uhr)?(?=\s|$)/iu;

function findClock(text: string): { value: string; rest: string } | undefined {
  const m = TIME.exec(text);
  if (!m?.groups) return undefined;
  const value = clockOf(m.groups);
  if (value === undefined) return undefined;
  const rest = `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
  return { value, rest };
}

// What to remember: "an den Müll", "daran, den Müll rauszubringen", "to take out the trash", "about the dentist".
const WHAT: Record<Lang, RegExp> = {
  de: /^(?:an|daran,?(?:\s+dass)?)\s+(?:den|die|das|dem|der)?\s*(?<text>.+)$/iu,
  en: /^(?:to|about|of)\s+(?<text>.+)$/iu,
};

export const remindersAdd: Matcher = (text, ctx) => {
  for (const [re, lang] of REMIND) {
    const groups = re.exec(text)?.groups;
    const rest = groups?.rest;
    if (!rest) continue;
    const assignee = assigneeWord(groups.who!, ctx.members);
    if (assignee === undefined) return undefined;
    const day = findDay(rest, ctx.today);
    const clock = findClock(day ? day.rest : rest);
    if (!day && !clock) return undefined;
    const what = WHAT[lang].exec((clock ? clock.rest : day!.rest).trim())?.groups?.text?.trim();
    // Words left over around the day or time ("morgen früh") mean the sentence was not understood.
    if (!what || what.length > 200 || /\b(?:um|at|uhr)\s*\d/iu.test(what)) return undefined;
    const reminderText = what.charAt(0).toUpperCase() + what.slice(1);
    const base: SymbolicTime = day?.value ?? { kind: 'relative', offset_days: 0 };
    const when: SymbolicTime = clock ? { ...base, time: clock.value } : base;
    const args = { text: reminderText, when, assignee };
    const forWhom = assignee === 'me' || assignee === 'everyone' ? '' : lang === 'en' ? ` for ${assignee}` : ` für ${assignee}`;
    const today = isoDate(ctx.today);
    return {
      name: 'reminders.add',
      lang,
      async run(call) {
        const result = await call('reminders_create', args);
        if (!result.success) return { reply: failureSentence('reminders_create', result, lang) };
        const r = result.data as Reminder;
        const on = dayPhrase(r.at.slice(0, 10), today, lang);
        const at = r.at.slice(11, 16);
        return {
          reply:
            lang === 'en'
              ? `Reminder saved${forWhom}: ${on} at ${at} – ${r.text}.`
              : `Erinnerung gespeichert${forWhom}: ${on} um ${at} Uhr – ${r.text}.`,
        };
      },
    };
  }
  return undefined;
};
