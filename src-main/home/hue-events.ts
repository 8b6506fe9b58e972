import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { HomeDeviceChange } from '../../src-shared';
import { connectPinned, PinError } from '../../skills/home/_lib/pinned-https.mjs';
import { ReconnectingFollower, type ReconnectOptions } from './reconnecting-follower';

// The Hue bridge's event stream (CLIP API v2, GET /eventstream/clip/v2, server-sent events):
// each `data:` line holds a JSON array of events {type: "update"|"add"|"delete", data:
// [resource fragments]}. A long-lived follower turns updates into small changes the
// Zuhause screen patches in, so a switch pressed on the wall shows at once.

/** One changed resource from the bridge's event stream: only the fields that changed. */
export interface HueLiveChange {
  readonly id: string;
  readonly type: 'light' | 'grouped_light' | 'scene';
  readonly on?: boolean;
  readonly brightness?: number;
  readonly mirek?: number;
  readonly xy?: { readonly x: number; readonly y: number };
  readonly active?: string;
}

/**
 * The bridge's changes as the shared light changes the screen patches in. A room's
 * grouped_light is a light resource of its own (its id names it); a scene has no device
 * view, so a scene that changed asks the screen to read the overview again (`reread`).
 */
export function lightChangesOf(changes: readonly HueLiveChange[]): { changes: HomeDeviceChange<'light'>[]; reread: boolean } {
  const out: HomeDeviceChange<'light'>[] = [];
  for (const c of changes) {
    if (c.type === 'scene') continue;
    const fields = { ...(c.on !== undefined ? { on: c.on } : {}), ...(c.brightness !== undefined ? { brightness: c.brightness } : {}) };
    if (Object.keys(fields).length > 0) out.push({ kind: 'light', id: c.id, fields });
  }
  return { changes: out, reread: changes.some((c) => c.type === 'scene') };
}

/** The changes in one SSE `data:` payload (unknown resources and malformed parts are skipped). */
export function changesFromEventData(text: string): HueLiveChange[] {
  let events: unknown;
  try {
    events = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(events)) return [];
  const out: HueLiveChange[] = [];
  for (const event of events as { type?: unknown; data?: unknown }[]) {
    if (event?.type !== 'update' || !Array.isArray(event.data)) continue;
    for (const r of event.data as Record<string, any>[]) {
      if (typeof r?.id !== 'string' || (r.type !== 'light' && r.type !== 'grouped_light' && r.type !== 'scene')) continue;
      const change: { -readonly [K in keyof HueLiveChange]: HueLiveChange[K] } = { id: r.id, type: r.type };
      if (typeof r.on?.on === 'boolean') change.on = r.on.on;
      if (typeof r.dimming?.brightness === 'number') change.brightness = Math.round(r.dimming.brightness);
      if (typeof r.color_temperature?.mirek === 'number') change.mirek = r.color_temperature.mirek;
      if (typeof r.color?.xy?.x === 'number' && typeof r.color?.xy?.y === 'number') change.xy = { x: r.color.xy.x, y: r.color.xy.y };
      if (typeof r.status?.active === 'string') change.active = r.status.active;
      if (Object.keys(change).length > 2) out.push(change);
    }
  }
  return out;
}

/** Splits a byte stream into SSE events and hands each event's joined `data:` lines on. */
export function sseDataReader(onData: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    // An endless line is not an event stream: keep memory bounded.
    if (buffer.length > 1_000_000) buffer = '';
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'));
        data = [];
      } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
  };
}

export interface HueFollowerOptions extends ReconnectOptions {
  readonly url: string;
  readonly key: string;
  readonly fingerprint?: string;
  readonly onChanges: (changes: HueLiveChange[]) => void;
}

/** Follows the bridge's event stream for as long as it runs; reconnects after every drop. */
export class HueEventFollower extends ReconnectingFollower {
  private response?: IncomingMessage;
  private request?: http.ClientRequest;

  constructor(private readonly options: HueFollowerOptions) {
    super(options);
  }

  protected async connect(): Promise<void> {
    if (this.stopped) return;
    const url = new URL('/eventstream/clip/v2', this.options.url);
    const headers = { 'hue-application-key': this.options.key, accept: 'text/event-stream' };
    try {
      let req: http.ClientRequest;
      if (url.protocol === 'https:') {
        if (!this.options.fingerprint)
          throw new PinError('CERT_NOT_PINNED', 'HUE_CERT_FINGERPRINT is empty; pair with `jarvis home hue pair`.');
        const socket = await connectPinned(url, this.options.fingerprint, this.requestTimeoutMs);
        if (this.stopped) {
          socket.destroy();
          return;
        }
        req = https.request(url, { headers, createConnection: () => socket });
      } else req = http.request(url, { headers });
      this.request = req;
      // Until the bridge answers; from then on the idle watchdog judges the stream.
      req.setTimeout(this.requestTimeoutMs, () =>
        req.destroy(new Error(`the bridge did not answer within ${Math.round(this.requestTimeoutMs / 1000)} s`)),
      );
      req.on('response', (res) => {
        req.setTimeout(0);
        this.response = res;
        if (res.statusCode !== 200) {
          res.resume();
          this.dropped(
            res.statusCode === 401 || res.statusCode === 403 ? 'the bridge refused the application key' : `HTTP ${res.statusCode}`,
          );
          return;
        }
        this.connected();
        res.setEncoding('utf8');
        const read = sseDataReader((data) => {
          const changes = changesFromEventData(data);
          if (changes.length > 0) this.options.onChanges(changes);
        });
        res.on('data', (chunk: string) => {
          // Comments and keep-alives count as signs of life as much as events.
          this.heard();
          read(chunk);
        });
        res.on('end', () => this.dropped('the bridge closed the event stream'));
        res.on('error', () => this.dropped('the event stream broke off'));
      });
      req.on('error', (err) => this.dropped(err.message));
      req.end();
    } catch (err) {
      this.dropped(err instanceof Error ? err.message : String(err), err instanceof PinError && err.code === 'CERT_FINGERPRINT_CHANGED');
    }
  }

  protected release(): void {
    this.request?.destroy();
    this.response?.destroy();
    this.request = undefined;
    this.response = undefined;
  }
}
