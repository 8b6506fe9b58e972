import http from 'node:http';
import https from 'node:https';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import type { CertificateResponse, ConnectionResult, ProxmoxConnectResult, UnifiConnectResult } from '../../src-shared';
import { connectPinned, normalizeFingerprint, PinError, tlsTarget } from '../../skills/home/_lib/pinned-https.mjs';
import { httpAddress, problemOfNetworkError } from './connections';

// "Test connection" for the home servers with an https API and often a self-signed
// certificate (a UniFi console, Proxmox VE): the certificate step shows what the server
// presents, the pin is checked before a byte of the request (and so the key) is sent.

const TIMEOUT_MS = 8000;
const MAX_BODY = 256 * 1024;

interface Answer {
  readonly status: number;
  readonly body: string;
}

class Problem extends Error {
  constructor(readonly result: ConnectionResult) {
    super(result.problem);
  }
}

/** The certificate an address presents now, and whether this computer already trusts it. */
export function presentedCertificate(urlText: string, timeoutMs = TIMEOUT_MS): Promise<CertificateResponse> {
  const url = httpAddress(urlText);
  if (!url) return Promise.resolve({ problem: 'bad_address' });
  if (url.protocol === 'http:') return Promise.resolve({ fingerprint: '' });
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: CertificateResponse) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    const socket: TLSSocket = tlsConnect({ ...tlsTarget(url), rejectUnauthorized: false }, () => {
      const fingerprint = normalizeFingerprint(socket.getPeerCertificate().fingerprint256);
      done(fingerprint ? { fingerprint, trusted: socket.authorized } : { problem: 'not_the_service' });
    });
    socket.setTimeout(timeoutMs, () => done({ problem: 'timeout' }));
    socket.once('error', (err) => done({ problem: problemOfNetworkError(err).problem ?? 'unreachable' }));
  });
}

/** One GET, over the pinned certificate when a fingerprint is given (else the system's trust). */
async function pinnedGet(url: URL, headers: Record<string, string>, fingerprint: string | undefined, timeoutMs: number): Promise<Answer> {
  let socket: TLSSocket | undefined;
  if (url.protocol === 'https:' && fingerprint) {
    if (!normalizeFingerprint(fingerprint)) throw new Problem({ ok: false, problem: 'bad_fingerprint' });
    try {
      socket = await connectPinned(url, fingerprint, timeoutMs);
    } catch (err) {
      if (err instanceof PinError) {
        if (err.code === 'CERT_FINGERPRINT_CHANGED') throw new Problem({ ok: false, problem: 'certificate_changed' });
        if (err.code === 'TIMEOUT') throw new Problem({ ok: false, problem: 'timeout' });
      }
      throw new Problem(problemOfNetworkError(err));
    }
  }
  return new Promise<Answer>((resolve, reject) => {
    const options = { method: 'GET', headers, timeout: timeoutMs, ...(socket ? { createConnection: () => socket } : {}) };
    const req = (url.protocol === 'https:' ? https : http).request(url, options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_BODY) chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => reject(new Problem(problemOfNetworkError(err))));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (err) => {
      const code = (err as NodeJS.ErrnoException).code;
      if (code && /SELF_SIGNED|UNABLE_TO_VERIFY|CERT_|ERR_TLS/.test(code))
        reject(new Problem({ ok: false, problem: 'certificate_untrusted' }));
      else reject(new Problem(problemOfNetworkError(err)));
    });
    req.end();
  });
}

function json(body: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(body);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function problemOf(err: unknown): ConnectionResult {
  return err instanceof Problem ? err.result : problemOfNetworkError(err);
}

/**
 * A UniFi OS console: the Network application's GET /proxy/network/integration/v1/info and
 * the Protect application's GET /proxy/protect/integration/v1/meta/info, each with the
 * X-API-KEY header. Connected when at least one of them accepts the key.
 */
export async function testUnifi(
  urlText: string,
  apiKey: string,
  fingerprint: string | undefined,
  timeoutMs = TIMEOUT_MS,
): Promise<UnifiConnectResult> {
  const base = httpAddress(urlText);
  if (!base) return { ok: false, problem: 'bad_address' };
  const root = base.pathname.replace(/\/$/, '');
  const headers = { 'x-api-key': apiKey, accept: 'application/json' };
  let network: Answer;
  let protect: Answer;
  try {
    network = await pinnedGet(new URL(`${root}/proxy/network/integration/v1/info`, base), headers, fingerprint, timeoutMs);
    protect = await pinnedGet(new URL(`${root}/proxy/protect/integration/v1/meta/info`, base), headers, fingerprint, timeoutMs);
  } catch (err) {
    return problemOf(err);
  }
  const answered = (a: Answer) => a.status === 200 && json(a.body) !== undefined;
  const result = { network: answered(network), protect: answered(protect) };
  if (result.network || result.protect) return { ok: true, ...result };
  if ([network.status, protect.status].some((s) => s === 401 || s === 403)) return { ok: false, problem: 'token_refused' };
  return { ok: false, problem: 'not_the_service', detail: `HTTP ${network.status}` };
}

/** "USER@REALM!TOKENID": the form Proxmox VE shows when a token is made. */
const TOKEN_ID = /^[^\s@!=]+@[^\s@!=]+![A-Za-z][-\w.]*$/;

/**
 * Proxmox VE: GET /api2/json/version with `Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`,
 * answered {data: {version, release, repoid}}; 401 for a token it does not know.
 */
export async function testProxmox(
  urlText: string,
  tokenId: string,
  secret: string,
  fingerprint: string | undefined,
  timeoutMs = TIMEOUT_MS,
): Promise<ProxmoxConnectResult> {
  const base = httpAddress(urlText);
  if (!base) return { ok: false, problem: 'bad_address' };
  if (!TOKEN_ID.test(tokenId)) return { ok: false, problem: 'token_id_invalid' };
  const root = base.pathname.replace(/\/$/, '');
  let answer: Answer;
  try {
    answer = await pinnedGet(
      new URL(`${root}/api2/json/version`, base),
      { authorization: `PVEAPIToken=${tokenId}=${secret}`, accept: 'application/json' },
      fingerprint,
      timeoutMs,
    );
  } catch (err) {
    return problemOf(err);
  }
  if (answer.status === 401 || answer.status === 403) return { ok: false, problem: 'token_refused' };
  const data = json(answer.body)?.data as { version?: unknown } | undefined;
  if (answer.status !== 200 || typeof data?.version !== 'string')
    return { ok: false, problem: 'not_the_service', detail: `HTTP ${answer.status}` };
  return { ok: true, version: data.version.slice(0, 40) };
}
