import {
  callService,
  createConnection,
  createLongLivedTokenAuth,
  ERR_INVALID_AUTH,
  getServices,
  getStates,
  type Connection,
  type HassEntity,
  type HassEvent,
  type HassServices,
} from 'home-assistant-js-websocket';
import type { HomeAssistantConnection } from '../../src-shared';
import { wsSocketFactory, type SocketFailure } from './ws-socket';

// The one connection to a household's Home Assistant: signs in with the long-lived token,
// keeps a copy of the registries and every entity's state, and follows state_changed
// events. A lost connection is re-established by the library (it retries with a growing
// pause and re-subscribes); on every "ready" the copy is fetched anew, because events
// missed while away are gone. A first connection that fails is retried here with backoff.

export interface HaArea {
  readonly area_id: string;
  readonly name: string;
  readonly aliases?: readonly string[];
}

export interface HaDevice {
  readonly id: string;
  readonly area_id?: string | null;
  readonly name?: string | null;
  readonly name_by_user?: string | null;
}

export interface HaEntityEntry {
  readonly entity_id: string;
  readonly area_id?: string | null;
  readonly device_id?: string | null;
  readonly name?: string | null;
  readonly original_name?: string | null;
  readonly aliases?: readonly string[];
  readonly disabled_by?: string | null;
  readonly hidden_by?: string | null;
}

/** Everything JARVIS knows about the home, as of `synced_at`. */
export interface HaSnapshot {
  readonly areas: readonly HaArea[];
  readonly devices: readonly HaDevice[];
  readonly entries: readonly HaEntityEntry[];
  readonly states: ReadonlyMap<string, HassEntity>;
  readonly services: HassServices;
  readonly synced_at?: string;
}

/** What Home Assistant answered when it refused a command ({code, message}). */
export class HomeAssistantRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HomeAssistantRefusal';
  }
}

export interface LinkOptions {
  readonly url: string;
  readonly token: string;
  readonly now: () => Date;
  /** Pause before the first retry of a failed first connection; doubles up to `maxRetryMs`. */
  readonly firstRetryMs?: number;
  readonly maxRetryMs?: number;
  readonly connectTimeoutMs?: number;
  readonly commandTimeoutMs?: number;
  /** Called after anything the UI shows changed (a state, the connection, a resync). */
  readonly onChange: () => void;
  readonly onProblem: (message: string) => void;
}

const REGISTRY_EVENTS = ['area_registry_updated', 'device_registry_updated', 'entity_registry_updated'] as const;
/** Registry edits come in bursts (a device with ten entities): one resync after the burst. */
const REGISTRY_SETTLE_MS = 500;

const EMPTY: HaSnapshot = { areas: [], devices: [], entries: [], states: new Map(), services: {} };

export class HomeAssistantLink {
  private connection: Connection | undefined;
  private state: HomeAssistantConnection = 'connecting';
  private snapshot: HaSnapshot = EMPTY;
  private states = new Map<string, HassEntity>();
  private retryTimer: NodeJS.Timeout | undefined;
  private registryTimer: NodeJS.Timeout | undefined;
  private retryMs: number;
  private stopped = false;
  private readonly failure: SocketFailure = {};
  /** Bumped on each resync so a slow, older fetch never overwrites a newer one. */
  private syncRound = 0;

  constructor(private readonly options: LinkOptions) {
    this.retryMs = options.firstRetryMs ?? 1000;
  }

  get connectionState(): HomeAssistantConnection {
    return this.state;
  }

  /** Why it is not connected, without the token. */
  get problem(): string | undefined {
    return this.state === 'connected' ? undefined : this.failure.reason;
  }

  current(): HaSnapshot {
    return { ...this.snapshot, states: this.states };
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.registryTimer) clearTimeout(this.registryTimer);
    this.retryTimer = undefined;
    this.registryTimer = undefined;
    this.connection?.close();
    this.connection = undefined;
  }

  /** Runs one service on the given entities; a refusal by Home Assistant becomes a HomeAssistantRefusal. */
  async callService(domain: string, service: string, entityIds: readonly string[], data: Record<string, unknown>): Promise<void> {
    const conn = this.connection;
    if (!conn || this.state !== 'connected') throw new HomeAssistantRefusal('not_connected', this.notConnectedSentence());
    try {
      await this.bounded(callService(conn, domain, service, data, { entity_id: [...entityIds] }));
    } catch (err) {
      throw refusalOf(err);
    }
  }

  private notConnectedSentence(): string {
    if (this.state === 'auth_failed') return 'Home Assistant hat den Zugangsschlüssel abgelehnt.';
    return 'Home Assistant ist gerade nicht verbunden.';
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.setState(this.connection ? 'reconnecting' : 'connecting');
    const { url, token } = this.options;
    let conn: Connection;
    try {
      conn = await createConnection({
        auth: createLongLivedTokenAuth(url.replace(/\/+$/, ''), token),
        createSocket: wsSocketFactory(
          { connectTimeoutMs: this.options.connectTimeoutMs ?? 10_000, maxPayloadBytes: 64 * 1024 * 1024 },
          this.failure,
        ),
      });
    } catch (err) {
      if (this.stopped) return;
      if (err === ERR_INVALID_AUTH) {
        this.setState('auth_failed');
        this.options.onProblem(this.failure.reason ?? 'Home Assistant refused the access token');
        return;
      }
      this.setState('unreachable');
      this.scheduleRetry();
      return;
    }
    if (this.stopped) {
      conn.close();
      return;
    }
    this.connection = conn;
    this.retryMs = this.options.firstRetryMs ?? 1000;
    conn.addEventListener('disconnected', () => {
      this.failure.reason = 'the connection to Home Assistant was lost; reconnecting';
      this.setState('reconnecting');
    });
    conn.addEventListener('ready', () => void this.resync(conn));
    conn.addEventListener('reconnect-error', () => {
      this.setState('auth_failed');
      this.options.onProblem(this.failure.reason ?? 'Home Assistant refused the access token');
    });
    try {
      // Subscribed once: the library subscribes again by itself after a reconnect.
      await conn.subscribeEvents<HassEvent>((event) => this.onStateChanged(event), 'state_changed');
      // A room renamed or a device moved in Home Assistant: fetch the registries again.
      for (const type of REGISTRY_EVENTS) await conn.subscribeEvents(() => this.registryChanged(conn), type);
    } catch (err) {
      this.options.onProblem(`subscribing to changes failed: ${refusalOf(err).message}`);
    }
    await this.resync(conn);
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const pause = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 60_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, pause);
    this.retryTimer.unref();
  }

  /** Fetches registries, services and every state; replaces the copy only if no newer round started. */
  private async resync(conn: Connection): Promise<void> {
    const round = ++this.syncRound;
    try {
      const [areas, devices, entries, states, services] = await this.bounded(
        Promise.all([
          conn.sendMessagePromise<HaArea[]>({ type: 'config/area_registry/list' }),
          conn.sendMessagePromise<HaDevice[]>({ type: 'config/device_registry/list' }),
          conn.sendMessagePromise<HaEntityEntry[]>({ type: 'config/entity_registry/list' }),
          getStates(conn),
          getServices(conn),
        ]),
      );
      if (round !== this.syncRound || this.stopped) return;
      this.states = new Map(states.map((s) => [s.entity_id, s]));
      this.snapshot = {
        areas: Array.isArray(areas) ? areas : [],
        devices: Array.isArray(devices) ? devices : [],
        entries: Array.isArray(entries) ? entries : [],
        states: this.states,
        services: services ?? {},
        synced_at: this.options.now().toISOString(),
      };
      this.failure.reason = undefined;
      this.setState('connected', true);
    } catch (err) {
      if (round !== this.syncRound || this.stopped) return;
      // The socket is probably gone; the library's reconnect brings a new "ready".
      this.options.onProblem(`reading Home Assistant failed: ${refusalOf(err).message}`);
    }
  }

  private registryChanged(conn: Connection): void {
    if (this.registryTimer) return;
    this.registryTimer = setTimeout(() => {
      this.registryTimer = undefined;
      if (!this.stopped) void this.resync(conn);
    }, REGISTRY_SETTLE_MS);
    this.registryTimer.unref();
  }

  private onStateChanged(event: HassEvent): void {
    const data = event.data as { entity_id?: unknown; new_state?: HassEntity | null } | undefined;
    if (!data || typeof data.entity_id !== 'string') return;
    if (data.new_state) this.states.set(data.entity_id, data.new_state);
    else this.states.delete(data.entity_id);
    this.options.onChange();
  }

  private setState(next: HomeAssistantConnection, force = false): void {
    if (this.state === next && !force) return;
    this.state = next;
    this.options.onChange();
  }

  private bounded<T>(work: Promise<T>): Promise<T> {
    const ms = this.options.commandTimeoutMs ?? 15_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HomeAssistantRefusal('timeout', `Home Assistant did not answer within ${ms} ms`)), ms);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }
}

/** The library rejects with HA's `{code, message}`, its own numeric codes, or an Error. */
export function refusalOf(err: unknown): HomeAssistantRefusal {
  if (err instanceof HomeAssistantRefusal) return err;
  if (err && typeof err === 'object' && 'message' in err && typeof (err as { message: unknown }).message === 'string') {
    const code = (err as { code?: unknown }).code;
    return new HomeAssistantRefusal(typeof code === 'string' ? code : 'error', String((err as { message: string }).message).slice(0, 500));
  }
  if (typeof err === 'number') return new HomeAssistantRefusal('connection_lost', 'Die Verbindung zu Home Assistant ist abgerissen.');
  return new HomeAssistantRefusal('error', String(err).slice(0, 500));
}
