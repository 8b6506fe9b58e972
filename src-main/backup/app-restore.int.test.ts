import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupsView } from '../../src-shared';
import { pairDevice, rawRequest } from '../testing/lan-devices';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// A restore started in the Settings screen, on the real master: it stops, restores and
// starts again by itself on the same port, and only an admin may start it (or "Set up voice").

let tm: TestMaster;
let backupDir: string;
let lan: URL;
const phones: Record<'admin' | 'adult' | 'child' | 'guest', string> = { admin: '', adult: '', child: '', guest: '' };

beforeAll(async () => {
  backupDir = mkdtempSync(join(tmpdir(), 'jarvis-app-restore-'));
  tm = await startTestMaster(
    { JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_BACKUP_DIR: backupDir },
    // No download server answers here: the setup says what is missing, fast.
    {
      voiceSetup: {
        downloads: {
          whisperModel: 'http://127.0.0.1:9/m',
          piperVoice: 'http://127.0.0.1:9/v',
          piperVoiceConfig: 'http://127.0.0.1:9/v.json',
          piperArchive: 'http://127.0.0.1:9/p',
        },
        connectTimeoutMs: 2000,
      },
    },
  );
  lan = new URL((await tm.request('/api/devices')).json.lan.url);
  for (const role of ['admin', 'adult', 'child', 'guest'] as const) {
    const member = await tm.request('/api/members', { json: { name: `Person ${role}`, role } });
    phones[role] = await pairDevice(tm, lan, member.json.id, `Telefon ${role}`);
  }
}, 60_000);
afterAll(async () => {
  await tm?.close();
  rmSync(backupDir, { recursive: true, force: true });
});

const titles = async () => ((await tm.request('/api/tasks?limit=1000')).json.data.tasks as { title: string }[]).map((t) => t.title);
const backups = async (): Promise<BackupsView> => (await tm.request('/api/settings/backups')).json;

async function restored(id: string): Promise<BackupsView> {
  for (let i = 0; i < 200; i++) {
    try {
      const view = await backups();
      if (view.last_restore?.id === id) return view;
    } catch {
      // JARVIS is restarting.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the restore did not finish');
}

describe('restore from the app', () => {
  it('only an admin starts a restore or the voice setup; adults, children and guests are refused', async () => {
    for (const role of ['adult', 'child', 'guest'] as const) {
      const restore = await rawRequest(lan, 'POST', '/api/settings/backups/restore', {
        cookie: phones[role],
        json: { name: 'jarvis-20261201T030000Z.jarvis-backup' },
      });
      expect(restore.status, role).toBe(403);
      const voice = await rawRequest(lan, 'POST', '/api/settings/voice/setup', { cookie: phones[role], json: {} });
      expect(voice.status, role).toBe(403);
    }
    const listed = await rawRequest(lan, 'GET', '/api/settings/backups', { cookie: phones.admin });
    expect(listed.status).toBe(200);
    expect(listed.json.restore_available).toBe(true);
  });

  it('puts the data of the chosen backup back, restarts on the same address and says how it went', async () => {
    await tm.request('/api/tools/tasks_create', { json: { arguments: { title: 'Vor der Sicherung' } } });
    const made = await tm.request('/api/settings/backups', { method: 'POST', json: {} });
    expect(made.status).toBe(200);
    await tm.request('/api/tools/tasks_create', { json: { arguments: { title: 'Nach der Sicherung' } } });
    expect(await titles()).toEqual(expect.arrayContaining(['Vor der Sicherung', 'Nach der Sicherung']));
    const before = tm.master;

    const started = await rawRequest(lan, 'POST', '/api/settings/backups/restore', {
      cookie: phones.admin,
      json: { name: made.json.file.name },
    });
    expect(started.status).toBe(202);
    const view = await restored(started.json.id);
    await tm.host.settled();

    expect(tm.master).not.toBe(before);
    expect(view.last_restore?.ok).toBe(true);
    expect(view.last_restore?.backup_created_at.slice(0, 19)).toBe(String(made.json.file.created_at).slice(0, 19));
    const now = await titles();
    expect(now).toContain('Vor der Sicherung');
    expect(now).not.toContain('Nach der Sicherung');
    // The phone paired before the backup still reaches the same LAN address.
    expect((await rawRequest(lan, 'GET', '/api/settings', { cookie: phones.admin })).status).toBe(200);
  }, 60_000);

  it('refuses a damaged backup, a path and a name that is not in the folder, and changes nothing', async () => {
    const name = 'jarvis-20261130T030000Z.jarvis-backup';
    writeFileSync(join(backupDir, name), 'not a backup at all');
    const before = tm.master;
    const damaged = await tm.request('/api/settings/backups/restore', { json: { name } });
    expect(damaged.status).toBe(400);
    expect(damaged.json.error.code).toBe('BACKUP_DAMAGED');
    const path = await tm.request('/api/settings/backups/restore', { json: { name: '../jarvis.db' } });
    expect(path.status).toBe(400);
    const missing = await tm.request('/api/settings/backups/restore', { json: { name: 'jarvis-20200101T000000Z.jarvis-backup' } });
    expect(missing.status).toBe(404);
    expect(tm.master).toBe(before);
    expect(await titles()).toContain('Vor der Sicherung');
    expect(readdirSync(backupDir)).toContain(name);
  });
});

describe('set up voice from the app', () => {
  it('runs the voice setup and says per part what is there and what could not be set up here', async () => {
    const events: unknown[] = [];
    const off = tm.master.platform.events.subscribe((e) => {
      if (e.type === 'voice.setup') events.push(e.data);
    });
    const started = await tm.request('/api/settings/voice/setup', { method: 'POST', json: {} });
    expect(started.status).toBe(202);
    expect(started.json.state).toBe('running');
    await tm.master.capabilities.voice.setup.idle();
    off();
    const done = events.at(-1) as { state: string; items: { item: string; result: string }[] };
    expect(done.state).toBe('done');
    expect(done.items.map((i) => i.item)).toEqual(['whisper model', 'piper', 'piper voice', 'whisper-cli', 'ffmpeg']);
    for (const i of done.items) expect(['present', 'installed', 'offline', 'missing']).toContain(i.result);
    expect(done.items.some((i) => i.result === 'offline' || i.result === 'present')).toBe(true);
  }, 60_000);
});
