// A stand-in for a browser's push service, on loopback, written from the Web Push RFCs:
// RFC 8030 (a message is a POST to the subscription's endpoint, answered 201), RFC 8292
// (VAPID: `Authorization: vapid t=<ES256 JWT>, k=<public key>`, the JWT's aud the
// endpoint's origin) and RFC 8291 with RFC 8188 (the aes128gcm body, encrypted to the
// subscription's P-256 key and auth secret). It plays the browser's part too: it makes
// the subscription keys, so it can decrypt what arrives and hand it to the test.
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  readonly subscription: string;
  /** The decrypted message, parsed as JSON. */
  readonly message: unknown;
  readonly vapid: { readonly publicKey: string; readonly aud: string; readonly sub: string; readonly exp: number };
  readonly ttl: string | undefined;
  readonly urgency: string | undefined;
  /** performance.now() when the message was decrypted (the benchmark reads it). */
  readonly receivedAt: number;
}

export interface StandInSubscription {
  /** What a browser's PushSubscription.toJSON() gives. */
  readonly json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface PushServiceStandIn {
  readonly url: string;
  readonly received: readonly ReceivedPush[];
  /** Requests refused, with the reason (a bad signature, a payload that does not decrypt). */
  readonly refused: readonly string[];
  /** A new subscription with fresh keys, as a browser makes one. */
  subscribe(name: string): StandInSubscription;
  /** The browser dropped it: the service answers 410 Gone from now on. */
  expire(name: string): void;
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number): Promise<readonly ReceivedPush[]>;
  close(): Promise<void>;
}

const MAX_BODY = 8 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy(new Error('push message too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** RFC 8292: checks the JWT's ES256 signature against the key in `k=` and returns its claims. */
export function verifyVapid(authorization: string | undefined, expectedAud: string): ReceivedPush['vapid'] {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error('no VAPID authorization');
  const [header, claims, signature] = m[1]!.split('.') as [string, string, string];
  const k = Buffer.from(m[2]!, 'base64url');
  if (k.length !== 65 || k[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: k.subarray(1, 33).toString('base64url'), y: k.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`VAPID alg ${head.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
  if (body.aud !== expectedAud) throw new Error(`VAPID aud ${body.aud}, expected ${expectedAud}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) throw new Error('VAPID exp is not within the next 24 hours');
  if (!/^(mailto:|https:)/.test(body.sub)) throw new Error('VAPID sub is not a mailto: or https: URL');
  return { publicKey: m[2]!, aud: body.aud, sub: body.sub, exp: body.exp };
}

/** RFC 8291 + RFC 8188: decrypts an aes128gcm Web Push body with the receiver's keys. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || record.length > rs) throw new Error('not a single-record aes128gcm body with the sender key as keyid');
  const receiverPublic = receiver.getPublicKey();
  const ecdhSecret = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Starts the stand-in on 127.0.0.1; it closes itself after `lifetimeMs` if the test forgets. */
export async function startPushService(lifetimeMs = 120_000): Promise<PushServiceStandIn> {
  const keys = new Map<string, { ecdh: ECDH; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiters: { count: number; resolve: (r: readonly ReceivedPush[]) => void }[] = [];
  let origin = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const name = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1];
        const sub = name ? keys.get(name) : undefined;
        const body = await readBody(req);
        if (req.method !== 'POST' || !name || !sub) return void res.writeHead(404).end();
        if (sub.gone) return void res.writeHead(410).end();
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapid = verifyVapid(req.headers.authorization, origin);
        const message: unknown = JSON.parse(decryptAes128gcm(body, sub.ecdh, sub.auth).toString('utf8'));
        received.push({
          subscription: name,
          message,
          vapid,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          receivedAt: performance.now(),
        });
        res.writeHead(201).end();
        for (const w of waiters.splice(0)) {
          if (received.length >= w.count) w.resolve([...received]);
          else waiters.push(w);
        }
      } catch (err) {
        refused.push(err instanceof Error ? err.message : String(err));
        if (!res.headersSent) res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = setTimeout(() => server.close(), lifetimeMs);
  stop.unref();

  return {
    url: origin,
    received,
    refused,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(name, { ecdh, auth, gone: false });
      return {
        json: {
          endpoint: `${origin}/push/${name}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    expire(name) {
      const sub = keys.get(name);
      if (sub) sub.gone = true;
    },
    waitFor(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close() {
      clearTimeout(stop);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
