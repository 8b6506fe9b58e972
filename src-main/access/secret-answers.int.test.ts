// Issue 37: an answer that carries a secret (a pairing code, an app password) is sent once and
// never kept by the Idempotency-Key store; a replay gets the record without the secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaldavDevice, type CaldavDevice } from '../testing/caldav-device';
import { storedBytes } from '../testing/stored-bytes';

let d: CaldavDevice;
beforeAll(async () => {
  d = await startCaldavDevice();
});
afterAll(() => d.tm.close());

const stored = () => storedBytes(d.tm.dataDir);

describe('Idempotency-Key on answers that carry a secret', () => {
  it('a pairing code is handed out once and never stored; a replay gets the record without it', async () => {
    const send = () => d.tm.request('/api/pairing', { method: 'POST', headers: { 'idempotency-key': 'pair-1' } });
    const first = await send();
    expect(first.status).toBe(200);
    const code = first.json.code as string;
    expect(code.length).toBeGreaterThan(3);
    const replay = await send();
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(replay.json.code).toBeUndefined();
    expect(replay.json.url).toBeUndefined();
    expect(replay.json.qr_svg).toBeUndefined();
    expect(replay.json.expires_at).toBe(first.json.expires_at);
    expect(stored()).not.toContain(first.json.url as string);
  });

  it('an app password is handed out once and never stored; a replay gets the record without it', async () => {
    const send = () =>
      d.tm.request(`/api/devices/${d.deviceId}/app-password`, { method: 'POST', headers: { 'idempotency-key': 'app-pw-1' } });
    const first = await send();
    expect(first.status).toBe(201);
    const password = first.json.password as string;
    expect(password.length).toBeGreaterThan(10);
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(replay.json).toEqual({ username: first.json.username, server_url: first.json.server_url });
    expect(stored()).not.toContain(password);
  });
});
