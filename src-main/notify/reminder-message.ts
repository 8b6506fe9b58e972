import type { PushMessage, Reminder } from '../../src-shared';
import type { NtfyMessage } from './ntfy-channel';

const TEXT = {
  de: { title: 'Erinnerung', done: 'Erledigt', short: 'In 10 Min.', long: 'In 1 Std.', at: (time: string) => `um ${time}` },
  en: { title: 'Reminder', done: 'Done', short: 'In 10 min', long: 'In 1 hr', at: (time: string) => `at ${time}` },
} as const;

export type NotifyLanguage = keyof typeof TEXT;

/** "15:00" from the reminder's RFC 3339 time, which already carries the household's offset. */
function wallTime(at: string): string {
  return /T(\d{2}:\d{2})/.exec(at)?.[1] ?? '';
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The app path that shows the reminder. */
export function reminderPath(reminder: Pick<Reminder, 'id'>): string {
  return `/?reminder=${encodeURIComponent(reminder.id)}`;
}

/** What a device shows for a due reminder; kept small (push services take about 4 KB). */
export function pushMessageFor(reminder: Reminder, language: NotifyLanguage): PushMessage {
  const t = TEXT[language];
  const text = clip(reminder.text, 240);
  return {
    kind: 'reminder',
    title: t.title,
    body: `${text} (${t.at(wallTime(reminder.at))})`,
    url: reminderPath(reminder),
    reminder: { id: reminder.id, text, at: reminder.at },
    actions: { done: t.done, snooze_short: t.short, snooze_long: t.long },
  };
}

export function ntfyMessageFor(reminder: Reminder, language: NotifyLanguage, appUrl: string | undefined): NtfyMessage {
  const push = pushMessageFor(reminder, language);
  return {
    title: push.title,
    body: push.body,
    priority: 4,
    tags: ['alarm_clock'],
    ...(appUrl ? { click: new URL(push.url, appUrl).toString() } : {}),
  };
}
