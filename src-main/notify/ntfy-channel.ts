// ntfy (https://docs.ntfy.sh/publish/): a message is published with a POST of its text to
// <server>/<topic>; the title, priority, tags, the link opened on a tap and the action
// buttons travel as headers, an access token as `Authorization: Bearer`.

export interface NtfyTarget {
  readonly url: string;
  readonly topic: string;
  readonly token?: string;
}

export interface NtfyMessage {
  readonly title: string;
  readonly body: string;
  /** ntfy's 1 (min) to 5 (max); reminders are 4 (high). */
  readonly priority: 1 | 2 | 3 | 4 | 5;
  readonly tags: readonly string[];
  /** Opened when the notification is tapped. */
  readonly click?: string;
}

const NTFY_TIMEOUT_MS = 10_000;

/** Header values are Latin-1 on the wire; ntfy reads RFC 2047 encoded words for the rest. */
export function headerText(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(flat) ? flat : `=?UTF-8?B?${Buffer.from(flat, 'utf8').toString('base64')}?=`;
}

export async function publishToNtfy(target: NtfyTarget, message: NtfyMessage): Promise<boolean> {
  const headers: Record<string, string> = {
    'content-type': 'text/plain; charset=utf-8',
    Title: headerText(message.title),
    Priority: String(message.priority),
    Tags: message.tags.join(','),
  };
  if (message.click) headers.Click = message.click;
  if (target.token) headers.Authorization = `Bearer ${target.token}`;
  try {
    const res = await fetch(`${target.url.replace(/\/+$/, '')}/${encodeURIComponent(target.topic)}`, {
      method: 'POST',
      headers,
      body: message.body,
      redirect: 'error',
      signal: AbortSignal.timeout(NTFY_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
