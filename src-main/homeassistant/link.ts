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
  /** `config` or `diagnostic`: not a device the household means by a room or "all lights". */
  readonly entity_category?: string | null;
}

/** A call Home Assistant did not confirm in time: checked against the states when the link is back. */
export interface UnconfirmedCall {
  readonly service: string;
  readonly entity_ids: readonly string[];
  /** Each entity's state when the call was sent. */
  readonly before: Readonly<Record<string, string | undefined>>;
}

/** What became of an unconfirmed call, told to the household once the link is back. */
export interface CallOutcome {
  readonly call: UnconfirmedCall;
  /** Each entity's state now; a changed one means Home Assistant did run the call. */
  readonly after: Readonly<Record<string, string | undefined>>;
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
  /** HOMEASSISTANT_CERT_FINGERPRINT: pins a self-signed certificate on https. */
  readonly fingerprint?: string;
  /** A ping this often; a pong missing after `pongTimeoutMs` marks the link down and reconnects. */
  readonly heartbeatMs?: number;
  readonly pongTimeoutMs?: number;
  /** Told what became of calls that timed out, once the link is back and the states are read. */
  readonly onOutcome?: (outcome: CallOutcome) => void;
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
  private heartbeat: NodeJS.Timeout | undefined;
  /** Why JARVIS dropped the socket itself (heartbeat, unconfirmed call), until the next good sync. */
  private droppedFor: string | undefined;
  private readonly unconfirmed: UnconfirmedCall[] = [];
  /** ISO time of the last sign of life from Home Assistant: a sync, a state change, a pong. */
  private heardAt: string | undefined;

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

  /** When Home Assistant was last heard from (undefined before the first sync). */
  get lastHeard(): string | undefined {
    return this.heardAt;
  }

  private heard(): void {
    this.heardAt = this.options.now().toISOString();
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
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.connection?.close();
    this.connection = undefined;
  }

  /** Runs one service on the given entities; a refusal by Home Assistant becomes a HomeAssistantRefusal. */
  async callService(domain: string, service: string, entityIds: readonly string[], data: Record<string, unknown>): Promise<void> {
    const conn = this.connection;
    if (!conn || this.state !== 'connected') throw new HomeAssistantRefusal('not_connected', this.notConnectedSentence());
    const before = Object.fromEntries(entityIds.map((id) => [id, this.states.get(id)?.state]));
    try {
      await this.bounded(callService(conn, domain, service, data, { entity_id: [...entityIds] }));
    } catch (err) {
      const refusal = refusalOf(err);
      // No answer is not a refusal: Home Assistant may still run it. Checked when the link is back.
      if (refusal.code === 'timeout' || refusal.code === 'connection_lost') {
        this.unconfirmed.push({ service: `${domain}.${service}`, entity_ids: [...entityIds], before });
        if (this.unconfirmed.length > 50) this.unconfirmed.shift();
        // The connection that swallowed the call is not trusted any more.
        this.linkDown('Home Assistant did not confirm a call in time; reconnecting');
      }
      throw refusal;
    }
  }

  /**
   * The heartbeat: a ping every heartbeatMs while connected; a pong that does not come within
   * pongTimeoutMs means a frozen Home Assistant or a dead path, so the link is marked down
   * and the socket closed, and the library reconnects with its growing pauses.
   */
  private startHeartbeat(conn: Connection): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    const every = this.options.heartbeatMs ?? 30_000;
    const wait = this.options.pongTimeoutMs ?? 10_000;
    let inFlight = false;
    this.heartbeat = setInterval(() => {
      if (inFlight || this.stopped || this.connection !== conn || this.state !== 'connected') return;
      inFlight = true;
      let timer: NodeJS.Timeout | undefined;
      const missed = new Promise<'missed'>((resolve) => (timer = setTimeout(() => resolve('missed'), wait)));
      void Promise.race([conn.ping().then(() => 'pong' as const), missed])
        .catch(() => 'missed' as const)
        .then((answer) => {
          clearTimeout(timer);
          inFlight = false;
          if (answer === 'pong' && this.connection === conn) this.heard();
          if (answer === 'missed' && this.connection === conn && !this.stopped)
            this.linkDown(`Home Assistant did not answer the heartbeat within ${Math.round(wait / 1000)} s; reconnecting`);
        });
    }, every);
    this.heartbeat.unref();
  }

  /** Marks the link down and drops the socket; the library's reconnect (with back-off) brings a new "ready". */
  private linkDown(reason: string): void {
    this.droppedFor = reason;
    this.failure.reason = reason;
    this.setState('reconnecting');
    const socket = this.connection?.socket as unknown as { terminate?: () => void; close: () => void } | undefined;
    try {
      if (socket?.terminate) socket.terminate();
      else socket?.close();
    } catch {
      // Already closed.
    }
  }

  /** After a resync: what the states say about each call that went unconfirmed. */
  private settleUnconfirmed(): void {
    for (const call of this.unconfirmed.splice(0)) {
      const after = Object.fromEntries(call.entity_ids.map((id) => [id, this.states.get(id)?.state]));
      this.options.onOutcome?.({ call, after });
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
          {
            connectTimeoutMs: this.options.connectTimeoutMs ?? 10_000,
            maxPayloadBytes: 64 * 1024 * 1024,
            ...(this.options.fingerprint ? { fingerprint: this.options.fingerprint } : {}),
          },
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
      // A socket JARVIS dropped itself keeps the reason it was dropped for.
      this.failure.reason = this.droppedFor ?? 'the connection to Home Assistant was lost; reconnecting';
      this.setState('reconnecting');
    });
    conn.addEventListener('ready', () => void this.resync(conn));
    this.startHeartbeat(conn);
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
      const listed = Array.isArray(entries) ? entries : [];
      const withAliases = await this.withAliases(conn, listed);
      if (round !== this.syncRound || this.stopped) return;
      this.states = new Map(states.map((s) => [s.entity_id, s]));
      this.snapshot = {
        areas: Array.isArray(areas) ? areas : [],
        devices: Array.isArray(devices) ? devices : [],
        entries: withAliases,
        states: this.states,
        services: services ?? {},
        synced_at: this.options.now().toISOString(),
      };
      this.heard();
      this.failure.reason = undefined;
      this.droppedFor = undefined;
      this.setState('connected', true);
      this.settleUnconfirmed();
    } catch (err) {
      if (round !== this.syncRound || this.stopped) return;
      this.options.onProblem(`reading Home Assistant failed: ${refusalOf(err).message}`);
      // A socket that signs in but answers nothing (a frozen Home Assistant) would stay open
      // and the copy stale: dropped, so the library's reconnect brings a new "ready".
      if (this.connection === conn) this.linkDown('Home Assistant did not answer while JARVIS read its state; reconnecting');
    }
  }

  /**
   * `config/entity_registry/list` gives each entry in short form, without its aliases; the
   * long form (`config/entity_registry/get_entries`) carries them. A Home Assistant without
   * that command keeps the short entries.
   */
  private async withAliases(conn: Connection, entries: HaEntityEntry[]): Promise<HaEntityEntry[]> {
    const ids = entries
      .filter((e) => !e.disabled_by)
      .map((e) => e.entity_id)
      .slice(0, 5000);
    if (ids.length === 0) return entries;
    let long: Record<string, { aliases?: unknown } | null>;
    try {
      long = await this.bounded(
        conn.sendMessagePromise<Record<string, { aliases?: unknown } | null>>({
          type: 'config/entity_registry/get_entries',
          entity_ids: ids,
        }),
      );
    } catch {
      return entries;
    }
    if (!long || typeof long !== 'object') return entries;
    return entries.map((e) => {
      const aliases = Object.hasOwn(long, e.entity_id) ? long[e.entity_id]?.aliases : undefined;
      const names = Array.isArray(aliases) ? aliases.filter((a): a is string => typeof a === 'string' && a.length <= 100).slice(0, 20) : [];
      return names.length > 0 ? { ...e, aliases: names } : e;
    });
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
    this.heard();
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
