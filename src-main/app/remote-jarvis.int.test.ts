import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src-shared';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { NotificationDeduper, notificationForEvent, type NotificationModel } from './desktop-notifications';
import { probeServerCa, RemoteJarvis, RemoteRequestError, type RemoteStatus } from './remote-jarvis';
import { caFingerprint, certificateVerdict, RemoteSetupError } from './remote-trust';

// The desktop app against a real JARVIS with its LAN listener on 127.0.0.2, as on a home server.

const masters: TestMaster[] = [];
const dirs: string[] = [];
let clockNow = new Date('2026-11-30T09:00:00Z');
let serverLog: string[] = [];

afterEach(async () => {
  for (const m of masters.splice(0)) await m.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  clockNow = new Date('2026-11-30T09:00:00Z');
});

async function homeServer(): Promise<{ tm: TestMaster; lanUrl: string; adminId: string }> {
  serverLog = [];
  const line = (m: string) => serverLog.push(m);
  const tm = await startTestMaster(
    { JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_DEBUG_TRACE: 'true', JARVIS_TIMEZONE: 'Europe/Berlin' },
    { clock: () => clockNow, logger: { info: line, warn: line, error: (m, e) => line(`${m} ${String(e)}`) } },
  );
  masters.push(tm);
  const adminId = (await tm.request('/api/members', { json: { name: 'Anna', is_admin: true } })).json.id as string;
  const lanUrl = (await tm.request('/api/devices')).json.lan.url as string;
  return { tm, lanUrl, adminId };
}

function appFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-desktop-'));
  dirs.push(dir);
  return dir;
}

async function pairingCode(tm: TestMaster): Promise<{ code: string; ca_fingerprint: string }> {
  const res = await tm.request('/api/pairing', { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json;
}

function until<T>(check: () => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const tick = () => {
      const value = check();
      if (value !== undefined) resolve(value);
      else setTimeout(tick, 10);
    };
    tick();
  });
}

describe('the desktop app connected to a JARVIS on the home server', () => {
  it('pins the CA the person compared, pairs by code, sees health and a due reminder as a notification; revoked, it is not paired', async () => {
    const { tm, lanUrl, adminId } = await homeServer();
    const folder = appFolder();
    const stateFile = join(folder, 'remote-jarvis.json');
    const appLog: string[] = [];
    const statuses: RemoteStatus[] = [];
    const remote = new RemoteJarvis({
      url: `${lanUrl}/`,
      stateFile,
      log: (l) => appLog.push(l),
      onStatus: (s) => statuses.push(s),
      backoffMs: { first: 20, max: 100 },
    });
    expect(remote.status.state).toBe('not-trusted');

    // The fingerprint the app shows is the one the server shows with the pairing code.
    const offered = await probeServerCa(lanUrl);
    const { code, ca_fingerprint: shownOnServer } = await pairingCode(tm);
    expect(offered.fingerprint).toBe(shownOnServer);
    expect(() => remote.trust(offered, 'AA:'.repeat(31) + 'AA')).toThrow(RemoteSetupError);
    remote.trust(offered, shownOnServer.toLowerCase());
    expect(remote.status.state).toBe('not-paired');

    const { members } = await remote.checkCode(code);
    expect(members.map((m) => m.name)).toContain('Anna');
    const device = await remote.pair(code, adminId, 'Annas PC');
    expect(device).toMatchObject({ name: 'Annas PC', member_id: adminId });
    // The credential is kept for this user only.
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    const credential = remote.credential!;
    expect(readFileSync(stateFile, 'utf8')).toContain(credential);

    // A new start of the app finds the pin and the credential again.
    const restarted = new RemoteJarvis({ url: lanUrl, stateFile, log: (l) => appLog.push(l), backoffMs: { first: 20, max: 100 } });
    expect(restarted.status.state).toBe('not-connected');
    expect((await restarted.health()).ok).toBe(true);

    const events: ServerEvent[] = [];
    const following = remote.follow((e) => events.push(e));
    await until(() => (remote.status.state === 'connected' ? true : undefined));

    await tm.request('/api/tools/reminders_create', {
      json: { arguments: { text: 'Müll rausbringen', when: { kind: 'relative', offset_days: 0, time: '11:00' } } },
    });
    clockNow = new Date('2026-11-30T10:00:30Z');
    tm.master.capabilities.household.service!.fireDueReminders();
    const deduper = new NotificationDeduper();
    const shown: NotificationModel[] = [];
    await until(() => {
      for (const e of events.splice(0)) {
        const n = notificationForEvent(e, 'de');
        if (n && deduper.isNew(n.key)) shown.push(n);
      }
      return shown.length > 0 ? true : undefined;
    });
    expect(shown).toEqual([expect.objectContaining({ title: 'Erinnerung', body: expect.stringContaining('Müll rausbringen') })]);

    // Revoked on the server: the open stream ends, and the app says it is not paired.
    expect((await tm.request(`/api/devices/${device.id}`, { method: 'DELETE' })).status).toBe(204);
    await until(() => (remote.status.state === 'not-paired' ? true : undefined));
    expect(remote.credential).toBeUndefined();
    expect(readFileSync(stateFile, 'utf8')).not.toContain(credential);
    await expect(restarted.health()).rejects.toMatchObject({ state: 'not-paired' });
    following.stop();
    expect(statuses.map((s) => s.state)).toEqual(expect.arrayContaining(['connecting', 'connected', 'not-paired']));

    // Nothing secret in what the app or the server logged.
    for (const line of [...appLog, ...serverLog, ...statuses.map((s) => s.detail ?? '')]) {
      expect(line).not.toContain(credential);
      expect(line).not.toContain(code);
    }
  });

  it('refuses a server whose certificate another CA signed, in Node and in the window check', async () => {
    const first = await homeServer();
    const other = await homeServer();
    const folder = appFolder();
    const stateFile = join(folder, 'remote-jarvis.json');
    const pinned = await probeServerCa(first.lanUrl);
    const impostor = await probeServerCa(other.lanUrl);
    expect(impostor.fingerprint).not.toBe(pinned.fingerprint);

    // The pin for the first server, but the second one answers at the address.
    writeFileSync(stateFile, JSON.stringify({ origin: other.lanUrl, caPem: pinned.caPem, credential: 'A'.repeat(43) }), { mode: 0o600 });
    const statuses: RemoteStatus[] = [];
    const remote = new RemoteJarvis({
      url: other.lanUrl,
      stateFile,
      onStatus: (s) => statuses.push(s),
      backoffMs: { first: 20, max: 100 },
    });
    const err = await remote.health().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteRequestError);
    expect(err).toMatchObject({ state: 'certificate-changed' });
    expect(remote.status.state).toBe('certificate-changed');

    const following = remote.follow(() => {});
    await until(() => (statuses.some((s) => s.state === 'certificate-changed') ? true : undefined));
    following.stop();

    // The window's check: the second server's certificate under the first one's CA is refused.
    const leaf = await serverCertificate(other.lanUrl);
    const host = new URL(other.lanUrl).hostname;
    expect(certificateVerdict({ hostname: host, certificatePem: leaf }, { origin: other.lanUrl, caPem: pinned.caPem })).toBe(-2);
    expect(certificateVerdict({ hostname: host, certificatePem: leaf }, { origin: other.lanUrl, caPem: impostor.caPem })).toBe(0);
    // Other hosts keep Chromium's own check.
    expect(certificateVerdict({ hostname: 'example.org', certificatePem: leaf }, { origin: other.lanUrl, caPem: pinned.caPem })).toBe(-3);
    expect(caFingerprint(pinned.caPem)).toBe(pinned.fingerprint);
  });

  it('says "not connected" when the home server goes away, and keeps trying', async () => {
    const { tm, lanUrl, adminId } = await homeServer();
    const statuses: RemoteStatus[] = [];
    const remote = new RemoteJarvis({
      url: lanUrl,
      stateFile: join(appFolder(), 'remote-jarvis.json'),
      onStatus: (s) => statuses.push(s),
      backoffMs: { first: 20, max: 40 },
    });
    const ca = await probeServerCa(lanUrl);
    remote.trust(ca, ca.fingerprint);
    const { code } = await pairingCode(tm);
    await remote.pair(code, adminId, 'PC');
    const following = remote.follow(() => {});
    await until(() => (remote.status.state === 'connected' ? true : undefined));
    await tm.close();
    masters.splice(masters.indexOf(tm), 1);
    await until(() => (remote.status.state === 'not-connected' ? true : undefined));
    // Each new attempt goes through "connecting" again; the credential is kept for when the server is back.
    const attempts = () => statuses.filter((s) => s.state === 'connecting').length;
    const before = attempts();
    await until(() => (attempts() >= before + 2 ? true : undefined));
    following.stop();
    expect(remote.credential).toBeDefined();
  });

  it('refuses an address that is not https, and a pin for another address', async () => {
    expect(() => new RemoteJarvis({ url: 'http://192.168.1.20:8443', stateFile: join(appFolder(), 'r.json') })).toThrow(/https/);
    const { lanUrl } = await homeServer();
    const ca = await probeServerCa(lanUrl);
    const remote = new RemoteJarvis({ url: 'https://127.0.0.2:1', stateFile: join(appFolder(), 'r.json') });
    expect(() => remote.trust(ca, ca.fingerprint)).toThrow(/another address/);
  });
});

/** The server certificate a listener presents (PEM). */
async function serverCertificate(url: string): Promise<string> {
  const { connect } = await import('node:tls');
  const { X509Certificate } = await import('node:crypto');
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    // Only reading the certificate the server presents; nothing is sent.
    const socket = connect({ host: target.hostname, port: Number(target.port), rejectUnauthorized: false }, () => {
      const raw = socket.getPeerCertificate().raw;
      socket.end();
      resolve(new X509Certificate(raw).toString());
    });
    socket.on('error', reject);
  });
}
