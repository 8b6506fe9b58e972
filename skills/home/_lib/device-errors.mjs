// Transport failures of a home device in words a household can act on. Messages name the
// device and the host, never a header, a token or a request body.
import { PinError } from './pinned-https.mjs';
import { SkillError } from './skill-main.mjs';

const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE']);

/** A PinError or socket error -> SkillError; anything already a SkillError passes through. */
export function deviceFailure(err, what, host) {
  if (err instanceof SkillError) return err;
  if (err instanceof PinError) {
    if (err.code === 'TIMEOUT') return new SkillError('TIMEOUT', `${what} (${host}) hat nicht rechtzeitig geantwortet.`);
    if (err.code === 'CERT_NOT_PINNED') {
      const presented = /presents ([0-9a-f]{64})/.exec(err.message)?.[1];
      return new SkillError(
        'CERT_NOT_PINNED',
        `Das Zertifikat von ${what} (${host}) ist noch nicht bestätigt. Vergleiche den Fingerabdruck ${presented ?? '(unbekannt)'} mit dem des Geräts und trage ihn ein.`,
      );
    }
    if (err.code === 'CERT_FINGERPRINT_CHANGED') {
      return new SkillError(
        'CERT_FINGERPRINT_CHANGED',
        `${what} (${host}) zeigt ein anderes Zertifikat als das bestätigte. Es wurde nichts gesendet. Prüfe das Gerät, bevor du den neuen Fingerabdruck einträgst.`,
      );
    }
    return new SkillError(err.code, `${what}: ${err.message}`);
  }
  const code = err && typeof err === 'object' ? err.code : undefined;
  if (UNREACHABLE.has(code)) return new SkillError('UNREACHABLE', `${what} (${host}) ist nicht erreichbar (${code}).`);
  if (code === 'ENOENT' || code === 'EACCES') return new SkillError('CA_FILE_UNREADABLE', `Die CA-Datei für ${what} ist nicht lesbar.`);
  if (code && /^ERR_TLS|CERT|SELF_SIGNED|UNABLE_TO/.test(String(code))) {
    return new SkillError('CERT_REJECTED', `Das Zertifikat von ${what} (${host}) passt nicht zur eingetragenen CA-Datei.`);
  }
  return new SkillError('UNREACHABLE', `${what} (${host}) ist nicht erreichbar.`);
}

/** Parses a JSON answer body or fails with a clear sentence. */
export function parseJson(body, what) {
  try {
    return body === '' ? undefined : JSON.parse(body);
  } catch {
    throw new SkillError('BAD_ANSWER', `${what} hat keine JSON-Antwort geschickt.`);
  }
}
