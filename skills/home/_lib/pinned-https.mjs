// HTTPS for home devices with self-signed certificates (Hue bridges, Proxmox, UniFi
// consoles). Trust comes from one of two places, never from turning checks off:
//  - a pinned SHA-256 fingerprint of the device's certificate: the TLS session is opened
//    first, the peer certificate compared, and only then is a byte of the request sent;
//  - a CA file: ordinary chain and host name verification against that CA.
// A plain http:// URL is used as is (stand-ins in tests, devices behind a proxy).
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';

/** "AB:cd:..." or "abcd..." -> "abcd..." (64 hex digits), or undefined when it is not one. */
export function normalizeFingerprint(text) {
  if (typeof text !== 'string') return undefined;
  const hex = text.replace(/[:\s]/g, '').toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? hex : undefined;
}

export class PinError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function connectTls(url, { fingerprint, caFile, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const port = Number(url.port || 443);
    const options = { host: url.hostname, port, servername: url.hostname === '' || /^[\d.:]+$/.test(url.hostname) ? undefined : url.hostname };
    if (caFile) Object.assign(options, { ca: fs.readFileSync(caFile), rejectUnauthorized: true });
    // With a pin the chain is not what is trusted (the device signed its own certificate):
    // the pin is. The comparison below runs before the socket is handed to HTTP.
    else Object.assign(options, { rejectUnauthorized: false });
    const socket = tls.connect(options, () => {
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
              `The certificate of ${url.host} is not the pinned one (pinned ${fingerprint}, presented ${seen}). Nothing was sent.`,
            ),
          );
          return;
        }
      }
      resolve(socket);
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new PinError('TIMEOUT', `${url.host} did not answer within ${timeoutMs} ms.`)));
    socket.once('error', reject);
  });
}

/** The SHA-256 fingerprint a TLS server presents (trust on first use: shown to the household, then pinned). */
export function probeFingerprint(urlText, { timeoutMs = 5000 } = {}) {
  const url = new URL(urlText);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: url.hostname, port: Number(url.port || 443), rejectUnauthorized: false }, () => {
      const fp = normalizeFingerprint(socket.getPeerCertificate().fingerprint256);
      socket.destroy();
      resolve(fp);
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new PinError('TIMEOUT', `${url.host} did not answer within ${timeoutMs} ms.`)));
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
  if (url.protocol === 'http:') request = (cb) => http.request(base, cb);
  else if (url.protocol === 'https:') {
    const socket = await connectTls(url, { fingerprint: pin, caFile, timeoutMs });
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
    req.setTimeout(timeoutMs, () => req.destroy(new PinError('TIMEOUT', `${url.host} did not answer within ${timeoutMs} ms.`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
