import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { createServer, type Server } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCert } from '../../../src-main/testing/self-signed-cert';
import { connectPinned, normalizeFingerprint, pinnedRequest, probeFingerprint } from './pinned-https.mjs';

describe('pinned HTTPS for home devices with self-signed certificates', () => {
  const cert = selfSignedCert('device');
  const other = selfSignedCert('impostor');
  let server: Server;
  let url = '';
  let hits = 0;
  let silent: TcpServer;
  let silentUrl = '';
  const held: Socket[] = [];

  beforeAll(async () => {
    server = createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
      hits += 1;
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => res.end(JSON.stringify({ method: req.method, body, key: req.headers['x-key'] ?? null })));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
    // Accepts TCP and then says nothing: a device that hangs mid-handshake.
    silent = createTcpServer((socket) => held.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    silentUrl = `https://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    for (const socket of held) socket.destroy();
    await new Promise((r) => silent.close(r));
  });

  it('normalises fingerprints with or without colons, in any case, and rejects anything else', () => {
    const colons = cert.fingerprint.toUpperCase().match(/.{2}/g)!.join(':');
    expect(normalizeFingerprint(colons)).toBe(cert.fingerprint);
    expect(normalizeFingerprint(cert.fingerprint)).toBe(cert.fingerprint);
    expect(normalizeFingerprint('abc')).toBeUndefined();
    expect(normalizeFingerprint(undefined)).toBeUndefined();
  });

  it('hands the master a socket only for the pinned certificate, and one that outlives its connect timeout', async () => {
    await expect(connectPinned(new URL(url), other.fingerprint, 2000)).rejects.toMatchObject({ code: 'CERT_FINGERPRINT_CHANGED' });
    await expect(connectPinned(new URL(url), 'not-a-pin', 2000)).rejects.toMatchObject({ code: 'BAD_FINGERPRINT' });
    const socket = await connectPinned(new URL(url), cert.fingerprint, 150);
    // A long-lived event stream sits idle for longer than the connect timeout.
    await new Promise((r) => setTimeout(r, 400));
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });

  it('shows the presented fingerprint (trust on first use)', async () => {
    expect(await probeFingerprint(url)).toBe(cert.fingerprint);
  });

  it('talks to the device that presents the pinned certificate', async () => {
    const res = await pinnedRequest(`${url}/x`, { method: 'PUT', headers: { 'x-key': 'k' }, body: { on: true }, fingerprint: cert.fingerprint });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ method: 'PUT', body: '{"on":true}', key: 'k' });
  });

  it('refuses a changed certificate before a byte of the request is sent', async () => {
    const before = hits;
    await expect(pinnedRequest(`${url}/x`, { method: 'PUT', headers: { 'x-key': 'secret' }, body: {}, fingerprint: other.fingerprint })).rejects.toMatchObject({
      code: 'CERT_FINGERPRINT_CHANGED',
    });
    expect(hits).toBe(before);
  });

  it('refuses HTTPS without a pin and a pin that is not a fingerprint', async () => {
    await expect(pinnedRequest(url, {})).rejects.toMatchObject({ code: 'CERT_NOT_PINNED' });
    await expect(pinnedRequest(url, { fingerprint: 'nope' })).rejects.toMatchObject({ code: 'BAD_FINGERPRINT' });
  });

  it('gives up on a device that does not answer within the time limit', async () => {
    await expect(pinnedRequest(silentUrl, { fingerprint: cert.fingerprint, timeoutMs: 200 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('reports a refused connection as the socket error', async () => {
    const gone = createTcpServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const port = (gone.address() as { port: number }).port;
    await new Promise((r) => gone.close(r));
    await expect(pinnedRequest(`https://127.0.0.1:${port}`, { fingerprint: cert.fingerprint, timeoutMs: 1000 })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
