// A JARVIS master with its LAN listener and a paired device that has an app password:
// what a phone's calendar program has after the family followed the guide. Requests go
// over HTTPS, verified against JARVIS's own CA.
import { writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { startTestMaster, type TestMaster } from './test-master';
import type { MasterOptions } from '../master';

export interface DavAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

export interface CaldavDevice {
  readonly tm: TestMaster;
  readonly lan: URL;
  /** JARVIS's CA certificate (PEM), and the file it is written to for other programs. */
  readonly ca: string;
  readonly caFile: string;
  readonly memberId: string;
  readonly deviceId: string;
  readonly username: string;
  readonly password: string;
  /** One request to the LAN listener with the device's app password (or `auth`). */
  dav(
    method: string,
    path: string,
    options?: { body?: string; headers?: Record<string, string>; auth?: string | null },
  ): Promise<DavAnswer>;
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export function lanRequest(
  lan: URL,
  ca: string,
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<DavAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: lan.hostname,
        port: lan.port,
        method,
        path,
        ...(ca ? { ca } : { rejectUnauthorized: false }),
        checkServerIdentity: (_name: string, cert: PeerCertificate) => checkServerIdentity(lan.hostname, cert),
        headers: { host: lan.host, ...(options.headers ?? {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Pairs one more device for `memberId` and gives it an app password. */
export async function pairCaldavDevice(
  tm: TestMaster,
  lan: URL,
  ca: string,
  memberId: string,
  deviceName = 'Telefon',
): Promise<{ deviceId: string; username: string; password: string }> {
  const code = (await tm.request('/api/pairing', { method: 'POST' })).json.code as string;
  const paired = await lanRequest(lan, ca, 'POST', '/api/pairing/confirm', {
    body: JSON.stringify({ code, member: memberId, device_name: deviceName }),
    headers: { 'content-type': 'application/json', origin: lan.origin },
  });
  if (paired.status !== 201) throw new Error(`pairing failed: ${paired.status} ${paired.text}`);
  const deviceId = JSON.parse(paired.text).device.id as string;
  const made = await tm.request(`/api/devices/${deviceId}/app-password`, { method: 'POST' });
  if (made.status !== 201) throw new Error(`app password failed: ${made.status} ${made.text}`);
  return { deviceId, username: made.json.username, password: made.json.password };
}

/** Starts a master with the LAN listener on 127.0.0.2, a member, and a paired device with an app password. */
export async function startCaldavDevice(
  member: { name: string; is_admin?: boolean } = { name: 'Anna', is_admin: true },
  env: Record<string, string> = {},
  options: MasterOptions = {},
): Promise<CaldavDevice> {
  const tm = await startTestMaster({ JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_TIMEZONE: 'Europe/Berlin', ...env }, options);
  try {
    const memberId = (await tm.request('/api/members', { json: member })).json.id as string;
    const lan = new URL((await tm.request('/api/devices')).json.lan.url);
    const ca = (await lanRequest(lan, '', 'GET', '/pair/ca.crt')).text;
    const caFile = join(tm.dataDir, 'jarvis-ca.pem');
    writeFileSync(caFile, ca);
    const { deviceId, username, password } = await pairCaldavDevice(tm, lan, ca, memberId);
    return {
      tm,
      lan,
      ca,
      caFile,
      memberId,
      deviceId,
      username,
      password,
      dav(method, path, options = {}) {
        const auth = options.auth === undefined ? basicAuth(username, password) : options.auth;
        return lanRequest(lan, ca, method, path, {
          ...(options.body !== undefined ? { body: options.body } : {}),
          headers: { ...(auth ? { authorization: auth } : {}), ...(options.headers ?? {}) },
        });
      },
    };
  } catch (err) {
    await tm.close();
    throw err;
  }
}
