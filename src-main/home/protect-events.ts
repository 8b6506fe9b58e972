import WebSocket from 'ws';
import type { ProtectDetectionEvent } from '../../src-shared';
import { connectPinned } from '../../skills/home/_lib/pinned-https.mjs';
import { ReconnectingFollower, type ReconnectOptions } from './reconnecting-follower';

// UniFi Protect's integration API delivers events only live, over a WebSocket
// (GET /proxy/protect/integration/v1/subscribe/events, header X-API-KEY): each message is
// {type: "add"|"update", item: {id, modelKey: "event", type, start, end?, device,
// smartDetectTypes?}}. A skill runs per call and cannot hold that, so the master follows it
// and keeps the detections of the last hours in memory for the `home_camera_events` tool.

const KEEP_MS = 24 * 3600_000;
const MAX_EVENTS = 1000;
const DETECTIONS = new Set(['motion', 'smartDetectZone', 'smartDetectLine', 'smartAudioDetect', 'ring']);

/** One WebSocket message -> the event it adds or updates, or undefined when it is something else. */
export function detectionOf(text: string): ProtectDetectionEvent | undefined {
  let message: { type?: unknown; item?: Record<string, unknown> };
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  const item = message?.item;
  if ((message.type !== 'add' && message.type !== 'update') || !item || typeof item.id !== 'string' || typeof item.type !== 'string')
    return undefined;
  if (!DETECTIONS.has(item.type) || typeof item.start !== 'number' || typeof item.device !== 'string') return undefined;
  const smart = Array.isArray(item.smartDetectTypes)
    ? item.smartDetectTypes.filter((t): t is string => typeof t === 'string').slice(0, 10)
    : [];
  return {
    id: item.id.slice(0, 64),
    kind: item.type,
    camera_id: item.device.slice(0, 64),
    start: new Date(item.start).toISOString(),
    ...(typeof item.end === 'number' ? { end: new Date(item.end).toISOString() } : {}),
    smart_types: smart,
  };
}

export interface ProtectFollowerOptions extends ReconnectOptions {
  readonly url: string;
  readonly key: string;
  readonly fingerprint?: string;
  readonly now: () => Date;
  /** A motion, smart detection or ring the master had not seen before. */
  readonly onDetection?: (event: ProtectDetectionEvent) => void;
}

/** The newest motion and ring of one camera, as ISO times. */
export interface CameraLatest {
  readonly motion?: string;
  readonly ring?: string;
}

const later = (a: string | undefined, b: string) => (a && a > b ? a : b);

/** Follows the console's event subscription while the master runs; reconnects after drops. */
export class ProtectEventFollower extends ReconnectingFollower {
  private readonly events = new Map<string, ProtectDetectionEvent>();
  // Kept apart from the 24-hour window: one entry per camera, so a quiet camera still says when it last saw something.
  private readonly latest = new Map<string, CameraLatest>();
  private socket?: WebSocket;
  private pinged = false;

  constructor(private readonly options: ProtectFollowerOptions) {
    super(options);
  }

  /** Detections that started within the last `hours`, newest first. */
  recent(hours: number): ProtectDetectionEvent[] {
    const since = this.options.now().getTime() - hours * 3600_000;
    return [...this.events.values()].filter((e) => Date.parse(e.start) >= since).sort((a, b) => b.start.localeCompare(a.start));
  }

  /** The newest motion and ring of a camera since the master started; undefined when none came. */
  latestOf(cameraId: string): CameraLatest | undefined {
    return this.latest.get(cameraId);
  }

  private remember(event: ProtectDetectionEvent): void {
    const previous = this.events.get(event.id);
    this.events.set(event.id, previous ? { ...previous, ...event } : event);
    const seen = this.latest.get(event.camera_id) ?? {};
    this.latest.set(
      event.camera_id,
      event.kind === 'ring' ? { ...seen, ring: later(seen.ring, event.start) } : { ...seen, motion: later(seen.motion, event.start) },
    );
    if (!previous) this.options.onDetection?.(event);
    const oldest = this.options.now().getTime() - KEEP_MS;
    for (const [id, e] of this.events) if (Date.parse(e.start) < oldest || this.events.size > MAX_EVENTS) this.events.delete(id);
  }

  protected async connect(): Promise<void> {
    if (this.stopped) return;
    const url = new URL('/proxy/protect/integration/v1/subscribe/events', this.options.url);
    const wsUrl = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}${url.pathname}`;
    try {
      let socketOption = {};
      if (url.protocol === 'https:') {
        if (!this.options.fingerprint) throw new Error('UNIFI_CERT_FINGERPRINT is empty');
        const tls = await connectPinned(url, this.options.fingerprint, this.requestTimeoutMs);
        if (this.stopped) {
          tls.destroy();
          return;
        }
        socketOption = { createConnection: () => tls };
      }
      const ws = new WebSocket(wsUrl, {
        headers: { 'x-api-key': this.options.key },
        maxPayload: 1_000_000,
        handshakeTimeout: this.requestTimeoutMs,
        ...socketOption,
      });
      this.socket = ws;
      this.pinged = false;
      ws.on('open', () => this.connected());
      ws.on('pong', () => this.heard());
      ws.on('ping', () => this.heard());
      ws.on('message', (data) => {
        this.heard();
        const event = detectionOf(String(data));
        if (event) this.remember(event);
      });
      ws.on('unexpected-response', (_req, res) => {
        this.dropped(res.statusCode === 401 || res.statusCode === 403 ? 'the console refused the API key' : `HTTP ${res.statusCode}`);
        ws.terminate();
      });
      ws.on('close', () => this.dropped('the console closed the event subscription'));
      ws.on('error', (err) => this.dropped(err.message));
    } catch (err) {
      this.dropped(err instanceof Error ? err.message : String(err));
    }
  }

  /** Silent for idleMs: a ping first; a console that does not answer it within idleMs is dropped. */
  protected override quiet(): void {
    if (this.pinged || this.socket?.readyState !== WebSocket.OPEN) return super.quiet();
    this.pinged = true;
    this.socket.ping();
    this.arm();
  }

  protected override heard(): void {
    this.pinged = false;
    super.heard();
  }

  protected release(): void {
    this.socket?.removeAllListeners();
    this.socket?.on('error', () => undefined);
    this.socket?.terminate();
    this.socket = undefined;
  }
}
