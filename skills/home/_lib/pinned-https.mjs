// HTTPS for home devices with self-signed certificates (Hue bridges, Proxmox, UniFi
// consoles). Trust comes from one of two places, never from turning checks off:
//  - a pinned SHA-256 fingerprint of the device's certificate: the TLS session is opened
//    first, the peer certificate compared, and only then is a byte of the request sent;
//  - a CA file: ordinary chain and host name verification against that CA.
// A plain http:// URL is used as is (stand-ins in tests, devices behind a proxy).
//
// This is the one place a pin is checked, for the skill processes and the master alike. It
// lives in the pack's _lib because a skill process sees only its folder and this _lib (in
// the sandbox and on a runtime worker); the master imports this file directly, and the layer
// rule `main-reaches-skills-only-for-pinning` keeps it the only file of skills/ it reads.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { tunnel, proxyOf } from './egress.mjs';

/** "AB:cd:..." or "abcd..." -> "abcd..." (64 hex digits), or undefined when it is not one. */
export function normalizeFingerprint(text) {
  if (typeof text !== 'string') return undefined;
  const hex = text.replace(/[:\s]/g, '').toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? hex : undefined;
}

/** "abcd..." -> "AB:CD:...", the form a person compares with what the device's own app shows. */
export function displayFingerprint(hex) {
  return (hex.toUpperCase().match(/.{2}/g) ?? []).join(':');
}

export class PinError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'PinError';
    this.code = code;
  }
}

/** Where a TLS session to `url` goes: the host without IPv6 brackets, and SNI only for names. */
export function tlsTarget(url) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isIp = /^[\d.]+$/.test(host) || host.includes(':');
  return { host, port: Number(url.port || 443), ...(isIp ? {} : { servername: host }) };
}

function timeoutError(url, timeoutMs) {
  return new PinError('TIMEOUT', `${url.host} did not answer within ${timeoutMs} ms.`);
}

async function connectTls(url, { fingerprint, caFile, timeoutMs, proxy }) {
  const target = tlsTarget(url);
  // In the sandbox the device is reached through the egress proxy's tunnel; TLS and the pin are end to end.
  const raw = proxy ? await tunnel(proxy, target.host, target.port, timeoutMs) : undefined;
  return new Promise((resolve, reject) => {
    const options = { ...(raw ? { socket: raw } : {}), ...target };
    if (caFile) Object.assign(options, { ca: fs.readFileSync(caFile), rejectUnauthorized: true });
    // With a pin the chain is not what is trusted (the device signed its own certificate):
    // the pin is. The comparison below runs before the socket is handed to anyone.
    else Object.assign(options, { rejectUnauthorized: false });
    const socket = tls.connect(options, () => {
      // A long-lived stream (the Hue event stream) must not inherit the connect timeout.
      socket.setTimeout(0);
      if (!caFile) {
        const seen = normalizeFingerprint(socket.getPeerCertificate().fingerprint256);
        if (fingerprint === undefined) {
          socket.destroy();
          reject(new PinError('CERT_NOT_PINNED', `No certificate fingerprint is set for ${url.host}; it presents ${seen}.`));
          return;
        }
        if (seen !== fingerprint) {
          socket.destroy();
          reject(
            new PinError(
              'CERT_FINGERPRINT_CHANGED',
              `The certificate of ${url.host} is not the pinned one (pinned ${fingerprint}, presented ${seen ?? 'none'}). Nothing was sent.`,
            ),
          );
          return;
        }
      }
      resolve(socket);
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(timeoutError(url, timeoutMs)));
    socket.once('error', reject);
  });
}

/**
 * A TLS socket to the device, handed out only when it presents the pinned certificate. The
 * master uses it directly (Hue event stream, Home Assistant's WebSocket); `proxy` is for the sandbox.
 */
export function connectPinned(url, fingerprint, timeoutMs, { proxy } = {}) {
  const pin = normalizeFingerprint(fingerprint);
  if (!pin) return Promise.reject(new PinError('BAD_FINGERPRINT', 'The certificate fingerprint must be 64 hex digits (colons allowed).'));
  return connectTls(typeof url === 'string' ? new URL(url) : url, { fingerprint: pin, timeoutMs, proxy });
}

/** The SHA-256 fingerprint a TLS server presents (trust on first use: shown to the household, then pinned). */
export function probeFingerprint(urlOrText, { timeoutMs = 5000 } = {}) {
  const url = typeof urlOrText === 'string' ? new URL(urlOrText) : urlOrText;
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ ...tlsTarget(url), rejectUnauthorized: false }, () => {
      const fp = normalizeFingerprint(socket.getPeerCertificate().fingerprint256);
      socket.destroy();
      if (fp) resolve(fp);
      else reject(new PinError('NO_CERTIFICATE', `${url.host} presented no certificate.`));
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(timeoutError(url, timeoutMs)));
    socket.once('error', reject);
  });
}

/**
 * One request. Resolves {status, headers, body (string), raw (Buffer)}; rejects with a PinError
 * (CERT_NOT_PINNED, CERT_FINGERPRINT_CHANGED, TIMEOUT) or the socket error (ECONNREFUSED...).
 */
export async function pinnedRequest(urlText, { method = 'GET', headers = {}, body, fingerprint, caFile, timeoutMs = 8000 } = {}) {
  const url = new URL(urlText);
  const pin = fingerprint === undefined || fingerprint === '' ? undefined : normalizeFingerprint(fingerprint);
  if (fingerprint && pin === undefined) throw new PinError('BAD_FINGERPRINT', 'The certificate fingerprint must be 64 hex digits (colons allowed).');
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const allHeaders = { ...headers };
  if (payload !== undefined) {
    allHeaders['content-length'] = Buffer.byteLength(payload);
    if (!Object.keys(allHeaders).some((h) => h.toLowerCase() === 'content-type')) allHeaders['content-type'] = 'application/json';
  }
  const base = { method, headers: allHeaders, path: `${url.pathname}${url.search}`, host: url.hostname, port: url.port };
  let request;
  if (url.protocol === 'http:') {
    const proxy = proxyOf();
    const raw = proxy ? await tunnel(proxy, url.hostname.replace(/^\[|\]$/g, ''), Number(url.port || 80), timeoutMs) : undefined;
    request = (cb) => http.request(raw ? { ...base, createConnection: () => raw } : base, cb);
  }
  else if (url.protocol === 'https:') {
    const socket = await connectTls(url, { fingerprint: pin, caFile, timeoutMs, proxy: proxyOf() });
    request = (cb) => https.request({ ...base, createConnection: () => socket }, cb);
  } else throw new PinError('BAD_URL', `Only http and https URLs are supported, got ${url.protocol}`);
  return new Promise((resolve, reject) => {
    const req = request((res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        // `raw` for binary answers (camera snapshots); `body` for everything that is text.
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
      });
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(timeoutError(url, timeoutMs)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
