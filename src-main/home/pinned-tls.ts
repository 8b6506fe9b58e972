import { connect, type TLSSocket } from 'node:tls';

// The master's side of talking to a home device with a self-signed certificate (the Hue
// bridge's event stream, pairing): the TLS session is opened, the certificate's SHA-256
// compared with the pinned one, and only then is a byte of the request sent. The skills do
// the same in skills/home/_lib/pinned-https.mjs.

export class PinnedTlsError extends Error {
  constructor(
    readonly code: 'CERT_NOT_PINNED' | 'CERT_FINGERPRINT_CHANGED' | 'BAD_FINGERPRINT' | 'TIMEOUT',
    message: string,
  ) {
    super(message);
    this.name = 'PinnedTlsError';
  }
}

/** "AB:cd:…" or "abcd…" -> 64 lower-case hex digits, or undefined when it is not a SHA-256 fingerprint. */
export function normalizeFingerprint(text: string | undefined): string | undefined {
  if (typeof text !== 'string') return undefined;
  const hex = text.replace(/[:\s]/g, '').toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? hex : undefined;
}

/** "abcd…" -> "AB:CD:…", the form a person compares with what the bridge's app shows. */
export function displayFingerprint(hex: string): string {
  return (hex.toUpperCase().match(/.{2}/g) ?? []).join(':');
}

function tlsOptions(url: URL) {
  const isIp = /^[\d.]+$/.test(url.hostname) || url.hostname.includes(':');
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || 443),
    rejectUnauthorized: false,
    ...(isIp ? {} : { servername: url.hostname }),
  };
}

/** What certificate the device presents now (trust on first use: shown to the household, then pinned). */
export function presentedFingerprint(url: URL, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(tlsOptions(url), () => {
      const fp = normalizeFingerprint(socket.getPeerCertificate().fingerprint256);
      socket.destroy();
      if (fp) resolve(fp);
      else reject(new Error(`${url.host} presented no certificate`));
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new PinnedTlsError('TIMEOUT', `${url.host} did not answer within ${timeoutMs} ms.`)));
    socket.once('error', reject);
  });
}

/** A TLS socket to the device, handed out only when it presents the pinned certificate. */
export function connectPinned(url: URL, fingerprint: string, timeoutMs: number): Promise<TLSSocket> {
  const pin = normalizeFingerprint(fingerprint);
  if (!pin)
    return Promise.reject(new PinnedTlsError('BAD_FINGERPRINT', 'The certificate fingerprint must be 64 hex digits (colons allowed).'));
  return new Promise((resolve, reject) => {
    const socket = connect(tlsOptions(url), () => {
      const seen = normalizeFingerprint(socket.getPeerCertificate().fingerprint256);
      socket.setTimeout(0);
      if (seen !== pin) {
        socket.destroy();
        reject(
          new PinnedTlsError(
            'CERT_FINGERPRINT_CHANGED',
            `The certificate of ${url.host} is not the pinned one (pinned ${pin}, presented ${seen ?? 'none'}). Nothing was sent.`,
          ),
        );
        return;
      }
      resolve(socket);
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new PinnedTlsError('TIMEOUT', `${url.host} did not answer within ${timeoutMs} ms.`)));
    socket.once('error', reject);
  });
}
