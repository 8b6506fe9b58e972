import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TestMaster } from './test-master';

export interface RawAnswer {
  readonly status: number;
  readonly setCookie?: string;
  readonly json: any;
  readonly text: string;
}

/**
 * One request to any listener. An event stream is answered as soon as its headers arrive
 * (its body never ends); everything else is read whole.
 */
export function rawRequest(
  base: URL,
  method: string,
  path: string,
  options: { cookie?: string; json?: unknown; headers?: Record<string, string>; ca?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        ...(base.protocol === 'https:' ? (options.ca ? { ca: options.ca } : { rejectUnauthorized: false }) : {}),
        headers: {
          host: base.host,
          origin: base.origin,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(options.headers ?? {}),
        },
      },
      (res) => {
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, json: undefined, text: '' });
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          const cookie = res.headers['set-cookie']?.[0];
          resolve({ status: res.statusCode ?? 0, json, text, ...(cookie ? { setCookie: cookie } : {}) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Pairs a device for a member over the LAN listener (a code from the desktop first); answers its cookie. */
export async function pairDevice(tm: TestMaster, lan: URL, memberId: string, name = 'Handy'): Promise<string> {
  const code = (await tm.request('/api/pairing', { method: 'POST' })).json.code as string;
  const res = await rawRequest(lan, 'POST', '/api/pairing/confirm', { json: { code, member: memberId, device_name: name } });
  if (res.status !== 201 || !res.setCookie) throw new Error(`pairing failed: ${res.status} ${res.text}`);
  return res.setCookie.split(';')[0]!;
}
