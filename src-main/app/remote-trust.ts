import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';

// Trusting a JARVIS on the home server: its LAN listener uses JARVIS's own CA. The desktop
// app downloads that CA once, the person compares its fingerprint with the one the server
// shows (trust on first use), and from then on that CA is the only one accepted for that
// origin. Plain functions, so the Electron certificate check and the Node requests decide
// the same way.

export class RemoteSetupError extends Error {
  constructor(
    readonly code: 'INVALID_REMOTE_URL' | 'NOT_A_CA' | 'CA_MISMATCH',
    message: string,
  ) {
    super(message);
    this.name = 'RemoteSetupError';
  }
}

/** The origin of a home-server JARVIS's LAN address; only https (the LAN listener speaks nothing else). */
export function remoteOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new RemoteSetupError('INVALID_REMOTE_URL', 'The home server address is not a URL (e.g. https://192.168.1.20:8443).');
  }
  if (parsed.protocol !== 'https:') {
    throw new RemoteSetupError('INVALID_REMOTE_URL', "The home server address must start with https:// (JARVIS's LAN address).");
  }
  if (parsed.username || parsed.password) throw new RemoteSetupError('INVALID_REMOTE_URL', 'The home server address carries no user name.');
  return parsed.origin;
}

/** SHA-256 of the certificate, as browsers and the server show it (AB:CD:…). */
export function caFingerprint(pem: string): string {
  return new X509Certificate(pem).fingerprint256;
}

/** The PEM, if it is a CA certificate; refuses anything else. */
export function parseCa(pem: string): X509Certificate {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    throw new RemoteSetupError('NOT_A_CA', 'The home server did not send a certificate.');
  }
  if (!cert.ca) throw new RemoteSetupError('NOT_A_CA', 'The certificate the home server sent is not a certificate authority.');
  return cert;
}

/** Whether two fingerprints are the same, however they are written (case, colons, spaces). */
export function sameFingerprint(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[^0-9a-f]/gi, '').toLowerCase();
  return norm(a).length === 64 && norm(a) === norm(b);
}

/**
 * Whether a server certificate (PEM or DER) is good for `hostname` under the pinned CA:
 * signed by it, issued by it, valid now, and naming that host or address.
 */
export function isTrustedServerCertificate(cert: string | Buffer, hostname: string, caPem: string, now: Date = new Date()): boolean {
  try {
    const leaf = new X509Certificate(cert);
    const ca = new X509Certificate(caPem);
    if (!leaf.checkIssued(ca) || !leaf.verify(ca.publicKey)) return false;
    if (now < new Date(leaf.validFrom) || now > new Date(leaf.validTo)) return false;
    const host = hostname.replace(/^\[|\]$/g, '');
    return (isIP(host) ? leaf.checkIP(host) : leaf.checkHost(host)) !== undefined;
  } catch {
    return false;
  }
}

/** What Electron's certificate check answers for a request: 0 accept, -2 refuse, -3 Chromium's own check. */
export function certificateVerdict(
  request: { hostname: string; certificatePem: string },
  pinned: { origin: string; caPem: string } | undefined,
  now: Date = new Date(),
): 0 | -2 | -3 {
  if (!pinned) return -3;
  const host = new URL(pinned.origin).hostname.replace(/^\[|\]$/g, '');
  if (request.hostname.replace(/^\[|\]$/g, '') !== host) return -3;
  return isTrustedServerCertificate(request.certificatePem, host, pinned.caPem, now) ? 0 : -2;
}
