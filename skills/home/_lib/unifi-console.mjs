// A UniFi OS console (Dream Machine, Cloud Gateway, Cloud Key) with an API key: the
// Network and Protect integration APIs share the host, the key and the certificate.
import { pinnedRequest } from './pinned-https.mjs';
import { deviceFailure, parseJson } from './device-errors.mjs';
import { requireSetting, SkillError } from './skill-main.mjs';

const optionalSetting = (name) => process.env[name]?.trim() || undefined;

export function consoleConnection(what) {
  const base = requireSetting(process.env, 'UNIFI_URL', what).replace(/\/+$/, '');
  const apiKey = requireSetting(process.env, 'UNIFI_API_KEY', what);
  let host;
  try {
    host = new URL(base).host;
  } catch {
    throw new SkillError('NOT_CONFIGURED', 'UNIFI_URL ist keine gültige Adresse.');
  }
  const timeoutMs = Number(optionalSetting('UNIFI_TIMEOUT_MS')) > 0 ? Number(optionalSetting('UNIFI_TIMEOUT_MS')) : 8000;
  return { what, base, host, apiKey, timeoutMs, fingerprint: optionalSetting('UNIFI_CERT_FINGERPRINT'), caFile: optionalSetting('UNIFI_CA_FILE') };
}

/** One request to the console; resolves the raw answer after the status checks every caller shares. */
export async function consoleRequest(conn, method, path, { body, accept = 'application/json' } = {}) {
  let res;
  try {
    res = await pinnedRequest(`${conn.base}${path}`, {
      method,
      headers: { 'x-api-key': conn.apiKey, accept },
      ...(body === undefined ? {} : { body }),
      fingerprint: conn.fingerprint,
      caFile: conn.caFile,
      timeoutMs: conn.timeoutMs,
    });
  } catch (err) {
    throw deviceFailure(err, conn.what, conn.host);
  }
  if (res.status === 401 || res.status === 403) {
    throw new SkillError('UNAUTHORIZED', `Die UniFi-Konsole lehnt den API-Schlüssel ab (${conn.what}).`);
  }
  if (res.status >= 400) {
    // The integration APIs answer errors as {statusCode, statusName, message, ...}; the
    // Network application's own API as {meta: {rc: "error", msg}}.
    let detail = `HTTP ${res.status}`;
    try {
      const json = JSON.parse(res.body);
      if (json && typeof json.message === 'string') detail = `${json.statusName ?? res.status}: ${json.message}`;
      else if (typeof json?.meta?.msg === 'string') detail = json.meta.msg;
    } catch {
      // not JSON: the status says enough
    }
    throw new SkillError(res.status === 404 ? 'NOT_FOUND' : 'UPSTREAM_ERROR', `${conn.what} hat die Anfrage abgelehnt (${detail.slice(0, 300)}).`);
  }
  return res;
}

export async function consoleJson(conn, method, path, body) {
  const res = await consoleRequest(conn, method, path, body === undefined ? {} : { body });
  return parseJson(res.body, conn.what);
}
