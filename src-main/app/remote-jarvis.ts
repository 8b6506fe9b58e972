import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { dirname } from 'node:path';
import type { HealthResponse, PairedDevice, PairingCheckResponse, ServerEvent } from '../../src-shared';
import { EventStreamParser } from './event-stream';
import { caFingerprint, isTrustedServerCertificate, parseCa, remoteOrigin, RemoteSetupError, sameFingerprint } from './remote-trust';

// The desktop app's connection to a JARVIS on the home server. It trusts the server's CA
// once (pinned), pairs like a phone (the device credential is kept in the app's settings
// folder, readable by the user only), and follows the server's event stream for the tray
// and the notifications. Nothing here logs the credential or a pairing code.

/** The cookie the LAN listener knows a paired device by. */
export const DEVICE_COOKIE = 'jarvis_device';
const REQUEST_TIMEOUT_MS = 15_000;
const MAX_BODY = 1 << 20;
/** Reconnecting waits this long at first, doubling up to the maximum. */
const BACKOFF_MS = { first: 1_000, max: 60_000 } as const;

export type RemoteState =
  /** No CA pinned yet: probe and trust first. */
  | 'not-trusted'
  /** Trusted, but no device credential (never paired, or revoked on the server). */
  | 'not-paired'
  | 'connecting'
  | 'connected'
  /** The server cannot be reached right now; trying again. */
  | 'not-connected'
  /** The server shows a certificate the pinned CA did not sign: refused, not retried. */
  | 'certificate-changed';

export interface RemoteStatus {
  readonly state: RemoteState;
  readonly detail?: string;
}

/** What the app keeps in remote-jarvis.json (mode 0600). */
interface SavedRemote {
  readonly origin: string;
  readonly caPem: string;
  readonly credential?: string;
}

/** The CA a server offers, for the person to compare before trusting it. */
export interface ServerCa {
  readonly origin: string;
  readonly caPem: string;
  readonly fingerprint: string;
}

export interface RemoteJarvisOptions {
  /** The home server's LAN address (JARVIS_REMOTE_URL). */
  readonly url: string;
  /** Where the pin and the credential are kept (the app's settings folder). */
  readonly stateFile: string;
  readonly log?: (line: string) => void;
  readonly onStatus?: (status: RemoteStatus) => void;
  readonly backoffMs?: { readonly first: number; readonly max: number };
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly text: string;
}

const CERT_ERRORS = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export class RemoteRequestError extends Error {
  constructor(
    readonly state: 'not-paired' | 'not-connected' | 'certificate-changed',
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'RemoteRequestError';
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function certificateChanged(): RemoteRequestError {
  return new RemoteRequestError(
    'certificate-changed',
    'The home server shows a certificate the trusted JARVIS CA did not sign. If JARVIS on the server was set up anew, disconnect and connect again; otherwise something else answers at that address.',
  );
}

/** The error a refused request carries: `{error:{code,message}}`, or the status. */
function refusal(answer: Answer): { code: string; message: string } {
  try {
    const body = JSON.parse(answer.text) as { error?: { code?: string; message?: string } };
    if (body.error?.code && body.error.message) return { code: body.error.code, message: body.error.message };
  } catch {
    // Not JSON: the status says enough.
  }
  return { code: `HTTP_${answer.status}`, message: `The home server answered ${answer.status}.` };
}

/** Downloads the CA a server offers and checks it signed the certificate of that very connection. */
export async function probeServerCa(url: string): Promise<ServerCa> {
  const origin = remoteOrigin(url);
  const target = new URL('/pair/ca.crt', origin);
  const { pem, leaf } = await new Promise<{ pem: string; leaf: Buffer | undefined }>((resolve, reject) => {
    // Trust on first use: nothing is trusted yet, so this one download cannot be verified
    // against a CA. What it brings is checked below and then shown to the person to compare.
    const req = httpsRequest(target, { method: 'GET', rejectUnauthorized: false, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const leafCert = (res.socket as TLSSocket).getPeerCertificate?.()?.raw;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
        if (text.length > MAX_BODY) req.destroy(new Error('The home server sent too much.'));
      });
      res.on('end', () => {
        if (res.statusCode !== 200)
          reject(new RemoteRequestError('not-connected', `The home server answered ${res.statusCode} for its certificate.`));
        else resolve({ pem: text, leaf: leafCert });
      });
    });
    req.on('timeout', () => req.destroy(new Error('The home server did not answer in time.')));
    req.on('error', (err) => reject(new RemoteRequestError('not-connected', `The home server cannot be reached: ${describe(err)}`)));
    req.end();
  });
  parseCa(pem);
  if (!leaf || !isTrustedServerCertificate(leaf, target.hostname, pem)) {
    throw new RemoteSetupError('CA_MISMATCH', "The certificate the home server offers did not sign the server's own certificate.");
  }
  return { origin, caPem: pem, fingerprint: caFingerprint(pem) };
}

export class RemoteJarvis {
  readonly origin: string;
  private saved: SavedRemote | undefined;
  private current: RemoteStatus;
  private following: { stop(): void } | undefined;

  constructor(private readonly options: RemoteJarvisOptions) {
    this.origin = remoteOrigin(options.url);
    this.saved = this.load();
    this.current = { state: this.saved ? (this.saved.credential ? 'not-connected' : 'not-paired') : 'not-trusted' };
  }

  get status(): RemoteStatus {
    return this.current;
  }

  /** The pinned CA (PEM), once trusted. */
  get caPem(): string | undefined {
    return this.saved?.caPem;
  }

  /** The device credential, for the app's browser session (never logged). */
  get credential(): string | undefined {
    return this.saved?.credential;
  }

  /** Pins the CA the person compared: `confirmedFingerprint` is what they saw on the server. */
  trust(ca: ServerCa, confirmedFingerprint: string): void {
    if (ca.origin !== this.origin) throw new RemoteSetupError('CA_MISMATCH', 'That certificate belongs to another address.');
    if (!sameFingerprint(caFingerprint(ca.caPem), confirmedFingerprint)) {
      throw new RemoteSetupError('CA_MISMATCH', 'The fingerprints differ: this is not the certificate the home server shows.');
    }
    this.save({ origin: this.origin, caPem: ca.caPem });
    this.log(`remote: trusting the home server's CA ${ca.fingerprint} for ${this.origin}`);
    this.setStatus({ state: 'not-paired' });
  }

  /** Checks a pairing code; answers whom this computer may act for. */
  async checkCode(code: string): Promise<PairingCheckResponse> {
    const answer = await this.call('POST', '/api/pairing/check', { code: code.trim() }, false);
    if (answer.status !== 200) throw this.refused(answer);
    return JSON.parse(answer.text) as PairingCheckResponse;
  }

  /** Pairs this computer with the code read off the server, for one member; keeps the credential. */
  async pair(code: string, member: string, deviceName: string): Promise<PairedDevice> {
    const answer = await this.call('POST', '/api/pairing/confirm', { code: code.trim(), member, device_name: deviceName }, false);
    if (answer.status !== 201) throw this.refused(answer);
    const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
    const credential = cookies
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
      ?.slice(DEVICE_COOKIE.length + 1);
    if (!credential) throw new RemoteRequestError('not-connected', 'The home server paired the device but sent no credential.');
    this.adoptCredential(credential);
    const { device } = JSON.parse(answer.text) as { device: PairedDevice };
    this.log(`remote: paired as ${device.id} (${device.name}) with ${this.origin}`);
    return device;
  }

  /** Keeps a credential the app's window got by pairing on the server's pairing page. */
  adoptCredential(credential: string): void {
    if (!this.saved) throw new RemoteSetupError('CA_MISMATCH', 'Trust the home server before pairing with it.');
    if (!/^[A-Za-z0-9_-]{43}$/.test(credential)) throw new RemoteRequestError('not-paired', 'That is not a device credential.');
    this.save({ ...this.saved, credential });
    this.setStatus({ state: 'connecting' });
  }

  /** The server's health, as this paired device sees it. */
  async health(): Promise<HealthResponse> {
    const answer = await this.call('GET', '/api/health');
    if (answer.status !== 200) throw this.refused(answer);
    return JSON.parse(answer.text) as HealthResponse;
  }

  /**
   * Follows the server's live events until stopped: each event to `onEvent`, the
   * connection state to the status listener; reconnects with a growing pause. A revoked
   * device ("not paired") and a changed certificate end it.
   */
  follow(onEvent: (event: ServerEvent) => void): { stop(): void } {
    this.following?.stop();
    const backoff = this.options.backoffMs ?? BACKOFF_MS;
    let stopped = false;
    let wait = backoff.first;
    let timer: NodeJS.Timeout | undefined;
    let req: ReturnType<typeof httpsRequest> | undefined;

    const retry = (detail: string) => {
      if (stopped) return;
      this.setStatus({ state: 'not-connected', detail });
      timer = setTimeout(connect, wait);
      wait = Math.min(wait * 2, backoff.max);
    };
    const end = (err: RemoteRequestError) => {
      this.setStatus({ state: err.state, detail: err.message });
      stopped = true;
    };

    const connect = () => {
      if (stopped) return;
      // Nothing to follow before the server is trusted; the state says so already.
      if (!this.saved) {
        stopped = true;
        return;
      }
      let options: RequestOptions;
      try {
        options = this.requestOptions('GET', { accept: 'text/event-stream' });
      } catch (err) {
        end(err as RemoteRequestError);
        return;
      }
      this.setStatus({ state: 'connecting' });
      // A dropped connection can report both its close and an error: it is retried once.
      let over = false;
      const finish = (then: () => void) => {
        if (over) return;
        over = true;
        then();
      };
      req = httpsRequest(new URL('/api/events', this.origin), options, (res) => {
        if (res.statusCode !== 200) {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text = (text + c).slice(0, MAX_BODY)));
          res.on('end', () => {
            const err = this.refused({ status: res.statusCode ?? 0, headers: res.headers, text });
            finish(() => (err.state === 'not-paired' ? end(err) : retry(err.message)));
          });
          return;
        }
        wait = backoff.first;
        this.setStatus({ state: 'connected' });
        const parser = new EventStreamParser((type, data) => {
          try {
            const event = JSON.parse(data) as ServerEvent;
            if (event && typeof event.type === 'string') onEvent({ ...event, type });
          } catch {
            this.log(`remote: an event of type ${type} was not JSON; skipped`);
          }
        });
        res.setEncoding('utf8');
        res.on('data', (c: string) => parser.push(c));
        res.on('close', () => finish(() => retry('The connection to the home server ended.')));
      });
      req.on('error', (err) => {
        const mapped = this.mapError(err);
        finish(() => (mapped.state === 'certificate-changed' ? end(mapped) : retry(mapped.message)));
      });
      req.end();
    };

    connect();
    const handle = {
      stop: () => {
        stopped = true;
        clearTimeout(timer);
        req?.destroy();
        if (this.following === handle) this.following = undefined;
      },
    };
    this.following = handle;
    return handle;
  }

  /** Forgets the pin and the credential (disconnect). The server keeps the device until revoked there. */
  forget(): void {
    this.following?.stop();
    rmSync(this.options.stateFile, { force: true });
    this.saved = undefined;
    this.setStatus({ state: 'not-trusted' });
  }

  private refused(answer: Answer): RemoteRequestError {
    const { code, message } = refusal(answer);
    if (answer.status === 401 && code === 'DEVICE_NOT_PAIRED') {
      // Revoked (or never paired): the credential is worth nothing any more.
      if (this.saved?.credential) this.save({ origin: this.saved.origin, caPem: this.saved.caPem });
      const err = new RemoteRequestError('not-paired', 'This computer is not paired with the home server (any more). Pair it again.', code);
      this.setStatus({ state: err.state, detail: err.message });
      return err;
    }
    return new RemoteRequestError('not-connected', message, code);
  }

  private mapError(err: unknown): RemoteRequestError {
    if (err instanceof RemoteRequestError) return err;
    const code = (err as { code?: string }).code;
    if (code && CERT_ERRORS.has(code)) return certificateChanged();
    return new RemoteRequestError('not-connected', `The home server cannot be reached: ${describe(err)}`, code);
  }

  private requestOptions(method: string, headers: Record<string, string>, needsCredential = true): RequestOptions {
    if (!this.saved) throw new RemoteRequestError('not-connected', 'Trust the home server first.');
    if (needsCredential && !this.saved.credential)
      throw new RemoteRequestError('not-paired', 'This computer is not paired with the home server.');
    return {
      method,
      // The pinned CA is the only one: no public CA vouches for a LAN address.
      ca: this.saved.caPem,
      timeout: REQUEST_TIMEOUT_MS,
      headers: {
        ...headers,
        ...(needsCredential ? { cookie: `${DEVICE_COOKIE}=${this.saved.credential}` } : {}),
      },
    };
  }

  private call(method: string, path: string, json?: unknown, needsCredential = true): Promise<Answer> {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const options = this.requestOptions(
      method,
      { ...(body ? { 'content-type': 'application/json', origin: this.origin } : {}), accept: 'application/json' },
      needsCredential,
    );
    return new Promise<Answer>((resolve, reject) => {
      const req = httpsRequest(new URL(path, this.origin), options, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
          if (text.length > MAX_BODY) req.destroy(new Error('The home server sent too much.'));
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on('timeout', () => req.destroy(new Error('The home server did not answer in time.')));
      req.on('error', (err) => {
        const mapped = this.mapError(err);
        if (mapped.state !== 'not-connected') this.setStatus({ state: mapped.state, detail: mapped.message });
        reject(mapped);
      });
      req.end(body);
    });
  }

  private setStatus(status: RemoteStatus): void {
    if (status.state === this.current.state && status.detail === this.current.detail) return;
    this.current = status;
    this.log(`remote: ${status.state}${status.detail ? ` (${status.detail})` : ''}`);
    this.options.onStatus?.(status);
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private load(): SavedRemote | undefined {
    if (!existsSync(this.options.stateFile)) return undefined;
    try {
      const data = JSON.parse(readFileSync(this.options.stateFile, 'utf8')) as Partial<SavedRemote>;
      // A pin for another address does not count for this one.
      if (data.origin !== this.origin || typeof data.caPem !== 'string') return undefined;
      parseCa(data.caPem);
      return {
        origin: data.origin,
        caPem: data.caPem,
        ...(typeof data.credential === 'string' ? { credential: data.credential } : {}),
      };
    } catch {
      this.log('remote: the saved home-server connection could not be read; trust and pair again');
      return undefined;
    }
  }

  private save(next: SavedRemote): void {
    const file = this.options.stateFile;
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
    this.saved = next;
  }
}
