import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerProofText, CALL_NONCE_HEADER, WORKER_SIGNATURE_HEADER } from '../../src-shared';
import { postToWorker } from './worker-client';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const publicOf = (k: KeyObject) => k.export({ type: 'spki', format: 'der' }).toString('base64');

/** A worker stand-in that answers `{ok:true}`, signed by `signer` (or not at all). */
async function workerAt(signer: KeyObject | undefined, seen: (string | undefined)[] = []): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    const nonce = req.headers[CALL_NONCE_HEADER];
    seen.push(typeof nonce === 'string' ? nonce : undefined);
    const body = JSON.stringify({ ok: true });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signer && typeof nonce === 'string')
      headers[WORKER_SIGNATURE_HEADER] = sign(null, Buffer.from(answerProofText(nonce, body)), signer).toString('base64');
    res.writeHead(200, headers).end(body);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('answers of a worker with a key', () => {
  const worker = generateKeyPairSync('ed25519');
  const stranger = generateKeyPairSync('ed25519');

  it('are taken when signed by the key it enrolled with, with a new nonce each call', async () => {
    const seen: (string | undefined)[] = [];
    const url = await workerAt(worker.privateKey, seen);
    for (let i = 0; i < 2; i++) {
      const answer = await postToWorker(url, '/v1/invoke', 't', {}, 5000, 1 << 20, publicOf(worker.publicKey));
      expect(answer).toEqual({ status: 200, body: { ok: true } });
    }
    expect(seen[0]).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('are dropped as unverified when unsigned or signed by another key (someone else at its address)', async () => {
    for (const signer of [undefined, stranger.privateKey]) {
      const url = await workerAt(signer);
      const answer = await postToWorker(url, '/v1/invoke', 't', {}, 5000, 1 << 20, publicOf(worker.publicKey));
      expect(answer).toEqual({ status: 200, body: undefined, unverified: true });
    }
  });

  it('of a worker without a real public key carry no nonce and stand as they are', async () => {
    const seen: (string | undefined)[] = [];
    const url = await workerAt(undefined, seen);
    expect(await postToWorker(url, '/v1/invoke', 't', {}, 5000, 1 << 20, 'free-form-key')).toEqual({ status: 200, body: { ok: true } });
    expect(seen).toEqual([undefined]);
  });
});
