import type { ServerEvent } from '../../src-shared';
import type { Language } from './tray-menu';

// Which master events become native notifications, and what they say. The master
// publishes on its EventBus; main subscribes in-process (no HTTP round trip).
// Events used: `reminder.due` {the reminder}, `rag.progress`
// {id, status, progress, name?, error?}, and the mesh's `mesh.changed`
// {worker_id, change} where change 'expired' means the worker's lease ran out (a worker
// that deregisters itself or is replaced on purpose is not news).

export interface NotificationModel {
  readonly title: string;
  readonly body: string;
  /** Stable key: the same thing is never announced twice. */
  readonly key: string;
  readonly urgency: 'normal' | 'critical';
}

const TEXT = {
  de: {
    reminder: 'Erinnerung',
    docReady: 'Dokument bereit',
    docReadyBody: (name: string) => `${name} ist durchsuchbar.`,
    docFailed: 'Dokument fehlgeschlagen',
    docFailedBody: (name: string, error: string) => `${name} konnte nicht verarbeitet werden${error ? `: ${error}` : '.'}`,
    document: 'Ein Dokument',
    workerLost: 'Worker getrennt',
    workerLostBody: (name: string) => `${name} antwortet nicht mehr; seine Skills sind abgemeldet.`,
    worker: 'Ein Worker',
  },
  en: {
    reminder: 'Reminder',
    docReady: 'Document ready',
    docReadyBody: (name: string) => `${name} can now be searched.`,
    docFailed: 'Document failed',
    docFailedBody: (name: string, error: string) => `${name} could not be processed${error ? `: ${error}` : '.'}`,
    document: 'A document',
    workerLost: 'Worker lost',
    workerLostBody: (name: string) => `${name} stopped answering; its skills were removed.`,
    worker: 'A worker',
  },
} as const;

function record(data: unknown): Record<string, unknown> {
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

function text(data: Record<string, unknown>, ...names: string[]): string {
  for (const name of names) {
    const value = data[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/**
 * `desktopMember`: the member the desktop acts for. A reminder that belongs to another
 * member reaches that member's own devices, not this desktop.
 */
export function notificationForEvent(event: ServerEvent, language: Language, desktopMember?: string): NotificationModel | undefined {
  const t = TEXT[language];
  const data = record(event.data);
  const id = text(data, 'id', 'worker_id') || String(data.id ?? '');
  switch (event.type) {
    case 'reminder.due': {
      const reminder = record(data.reminder ?? data);
      const assignee = text(reminder, 'assignee');
      if (assignee && desktopMember && assignee !== desktopMember) return undefined;
      const body = text(reminder, 'title', 'text', 'message', 'name');
      if (!body) return undefined;
      const due = text(reminder, 'due_at', 'due', 'at');
      return { title: t.reminder, body: clip(body, 240), key: `reminder:${text(reminder, 'id') || body}:${due}`, urgency: 'critical' };
    }
    case 'rag.progress': {
      const status = text(data, 'status');
      const name = clip(text(data, 'name', 'document') || t.document, 80);
      if (status === 'ready') return { title: t.docReady, body: t.docReadyBody(name), key: `rag:${id}:ready`, urgency: 'normal' };
      if (status === 'failed')
        return {
          title: t.docFailed,
          body: clip(t.docFailedBody(name, text(data, 'error')), 240),
          key: `rag:${id}:failed`,
          urgency: 'normal',
        };
      return undefined;
    }
    case 'mesh.changed': {
      if (text(data, 'change') !== 'expired') return undefined;
      const name = clip(text(data, 'name', 'worker_id') || t.worker, 80);
      return { title: t.workerLost, body: t.workerLostBody(name), key: `worker:${id}:${event.at}`, urgency: 'normal' };
    }
    default:
      return undefined;
  }
}

/** The push-to-talk answer as a notification: the reply, with what was heard as title. */
export function answerNotification(transcript: string, reply: string, language: Language): NotificationModel {
  const heard = transcript.trim() ? `„${clip(transcript.trim(), 60)}“` : 'JARVIS';
  const fallback = language === 'de' ? '(keine Antwort)' : '(no answer)';
  return { title: heard, body: clip(reply.trim() || fallback, 240), key: `answer:${transcript}:${reply}`, urgency: 'normal' };
}

/** Remembers what was announced so a repeated event (progress, re-sent reminder) stays quiet. */
export class NotificationDeduper {
  private readonly seen: string[] = [];

  constructor(private readonly capacity = 500) {}

  isNew(key: string): boolean {
    if (this.seen.includes(key)) return false;
    this.seen.push(key);
    if (this.seen.length > this.capacity) this.seen.shift();
    return true;
  }
}
