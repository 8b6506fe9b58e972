import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomeAssistantView, SettingsResponse } from '../../src-shared';
import { startHomeAssistantStandIn, SAMPLE_HOME } from '../testing/home-assistant-stand-in';
import { startHueBridge } from '../testing/hue-bridge';
import { startNtfyServer } from '../testing/ntfy-server';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { LOCAL_SECRET_HEADER } from '../access';
import { createMaster } from '../master';
import { loadConfig } from '../platform/config';
import { silentLogger } from '../platform/trace';

// The real master: settings and connections made in the app apply without a restart, and
// the secrets typed in never come back out (routes, logs, trace, export, backups, the file).
// The stand-ins are written from the vendors' published API documents (see each one's header).

const skillsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills', 'home');
const TOKEN = 'llat-secret-token-0123456789abcdef';
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

async function master(env: Record<string, string> = {}): Promise<TestMaster> {
  const tm = await startTestMaster(env);
  closers.push(() => tm.close());
  return tm;
}

const settingOf = (s: SettingsResponse, name: string) => s.settings.find((v) => v.name === name)!;
const secretOf = (s: SettingsResponse, name: string) => s.secrets.find((v) => v.name === name)!;

describe('settings held by the app', () => {
  it('a fresh master has an unfinished first start, no secrets set and its defaults', async () => {
    const tm = await master();
    const res = await tm.request('/api/settings');
    expect(res.status).toBe(200);
    const s = res.json as SettingsResponse;
    expect(s.setup).toMatchObject({ finished: false, steps: { household: 'open', people: 'open', assistant: 'open', next: 'open' } });
    expect(settingOf(s, 'language')).toMatchObject({ value: 'de', fixed: false });
    expect(s.secrets.every((x) => !x.set)).toBe(true);
    expect(s.secret_store).toBe('key-file');
  });

  it('a changed language is what the running master reads at once, and it survives a restart', async () => {
    const tm = await master();
    const res = await tm.request('/api/settings', { method: 'PATCH', json: { language: 'en', household_name: 'Familie Berg' } });
    expect(res.status).toBe(200);
    expect(settingOf(res.json, 'language').value).toBe('en');
    expect(tm.master.platform.config.language).toBe('en');
    // The same data file, a new master: the values come back from the database.
    await tm.master.stop();
    const again = createMaster(loadConfig({ ...tmEnv(tm), JARVIS_ADDR: '127.0.0.1:0' }), { logger: silentLogger });
    closers.push(() => again.stop());
    const { apiUrl } = await again.start();
    // As the desktop: the new master's own secret (any other local program is no admin).
    const desktop = { [LOCAL_SECRET_HEADER]: again.capabilities.access.localSecret };
    const view = (await (await fetch(`${apiUrl}/api/settings`, { headers: desktop })).json()) as SettingsResponse;
    expect(settingOf(view, 'language').value).toBe('en');
    expect(settingOf(view, 'household_name').value).toBe('Familie Berg');
  });

  it('the environment wins: a value it sets is marked fixed and cannot be changed in the app', async () => {
    const tm = await master({ JARVIS_TIMEZONE: 'America/New_York' });
    const s = (await tm.request('/api/settings')).json as SettingsResponse;
    expect(settingOf(s, 'timezone')).toMatchObject({ value: 'America/New_York', fixed: true });
    const res = await tm.request('/api/settings', { method: 'PATCH', json: { timezone: 'Europe/Berlin' } });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('FIXED_BY_ENVIRONMENT');
    expect(tm.master.platform.config.timezone).toBe('America/New_York');
  });

  it('a bad value is refused at its field and changes nothing, not even the good values beside it', async () => {
    const tm = await master();
    const res = await tm.request('/api/settings', { method: 'PATCH', json: { language: 'en', timezone: 'Mars/Olympus' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'INVALID_SETTING', path: '/timezone' });
    expect(res.text).not.toMatch(/JARVIS_/);
    const s = (await tm.request('/api/settings')).json as SettingsResponse;
    expect(settingOf(s, 'language').value).toBe('de');
    expect((await tm.request('/api/settings', { method: 'PATCH', json: { colour: 'red' } })).status).toBe(400);
  });

  it('computers to wake: set in the app, the network skill lists them at once; a bad entry is refused by its sentence', async () => {
    const tm = await master({ JARVIS_SKILLS_DIR: skillsDir });
    // The skill's long-lived process starts here without the list …
    expect((await tm.request('/api/home/machines')).json).toMatchObject({ state: 'not_configured' });
    const res = await tm.request('/api/settings', { method: 'PATCH', json: { wake_targets: 'localhost=aa:bb:cc:dd:ee:ff@127.0.0.1' } });
    expect(res.status).toBe(200);
    expect(settingOf(res.json, 'wake_targets')).toMatchObject({
      value: 'localhost=aa:bb:cc:dd:ee:ff@127.0.0.1',
      fixed: false,
      applies: 'now',
    });
    expect(tm.master.platform.config.wolTargets).toBe('localhost=aa:bb:cc:dd:ee:ff@127.0.0.1');
    // … and the next call gets it, without a restart.
    const machines = (await tm.request('/api/home/machines')).json;
    expect(machines).toMatchObject({ state: 'ready', machines: [{ name: 'localhost', mac: 'aa:bb:cc:dd:ee:ff' }] });

    const bad = await tm.request('/api/settings', {
      method: 'PATCH',
      json: { wake_targets: 'localhost=aa:bb:cc:dd:ee:ff, Gaming-PC=aa:bb:cc', compose_stacks: 'media' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'INVALID_SETTING', path: '/wake_targets' });
    expect(bad.json.error.message).toContain('"Gaming-PC=aa:bb:cc" is not a name, an equals sign and a MAC address');
    expect(bad.text).not.toMatch(/WOL_TARGETS|JARVIS_/);
    const after = (await tm.request('/api/settings')).json as SettingsResponse;
    expect(settingOf(after, 'wake_targets').value).toBe('localhost=aa:bb:cc:dd:ee:ff@127.0.0.1');
    expect(settingOf(after, 'compose_stacks').value).toBe('');
    const port = await tm.request('/api/settings', { method: 'PATCH', json: { wake_targets: 'PC=aa:bb:cc:dd:ee:ff@10.0.0.255:70000' } });
    expect(port.json.error).toMatchObject({ code: 'INVALID_SETTING', path: '/wake_targets' });
  });

  it('Docker stacks: set in the app, the stack tools exist from the next start; a name that is no Compose project is refused', async () => {
    const tm = await master();
    expect((await tm.request('/api/home/stacks')).json).toMatchObject({ state: 'not_configured' });
    const bad = await tm.request('/api/settings', { method: 'PATCH', json: { compose_stacks: 'media, Paperless' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'INVALID_SETTING', path: '/compose_stacks' });
    expect(bad.json.error.message).toContain('"Paperless" is not a Compose project name');
    expect(settingOf((await tm.request('/api/settings')).json, 'compose_stacks').value).toBe('');

    const res = await tm.request('/api/settings', { method: 'PATCH', json: { compose_stacks: 'media, paperless' } });
    expect(res.status).toBe(200);
    expect(settingOf(res.json, 'compose_stacks')).toMatchObject({ value: 'media, paperless', fixed: false, applies: 'next_start' });
    expect(tm.master.platform.config.composeStacks).toBe('media, paperless');
    // As the screen says: the running master keeps what it started with …
    expect((await tm.request('/api/home/stacks')).json).toMatchObject({ state: 'not_configured' });
    // … and the next one, on the same data, has the stack tools (here without a Docker engine to answer).
    await tm.master.stop();
    const again = createMaster(
      loadConfig({ ...tmEnv(tm), JARVIS_ADDR: '127.0.0.1:0', JARVIS_DOCKER_SOCKET: join(tmpdir(), 'no-docker.sock') }),
      {
        logger: silentLogger,
      },
    );
    closers.push(() => again.stop());
    const { apiUrl } = await again.start();
    const desktop = { [LOCAL_SECRET_HEADER]: again.capabilities.access.localSecret };
    const stacks = (await (await fetch(`${apiUrl}/api/home/stacks`, { headers: desktop })).json()) as { state: string };
    expect(stacks.state).not.toBe('not_configured');
    expect(again.platform.config.composeStacks).toBe('media, paperless');
  });

  it('wake and stack lists the environment sets are shown fixed and cannot be changed in the app', async () => {
    const tm = await master({ WOL_TARGETS: 'NAS=00:11:32:aa:bb:cc', JARVIS_COMPOSE_STACKS: 'media' });
    const s = (await tm.request('/api/settings')).json as SettingsResponse;
    expect(settingOf(s, 'wake_targets')).toMatchObject({ value: 'NAS=00:11:32:aa:bb:cc', fixed: true });
    expect(settingOf(s, 'compose_stacks')).toMatchObject({ value: 'media', fixed: true });
    for (const json of [{ wake_targets: 'PC=aa:bb:cc:dd:ee:ff' }, { compose_stacks: 'paperless' }]) {
      const res = await tm.request('/api/settings', { method: 'PATCH', json });
      expect(res.status).toBe(409);
      expect(res.json.error.code).toBe('FIXED_BY_ENVIRONMENT');
    }
    expect(tm.master.platform.config.wolTargets).toBe('NAS=00:11:32:aa:bb:cc');
    expect(tm.master.platform.config.composeStacks).toBe('media');
  });

  it('each first-start step can be done, skipped and opened again', async () => {
    const tm = await master();
    for (const step of ['household', 'people', 'assistant']) {
      expect((await tm.request(`/api/settings/setup/${step}`, { method: 'PUT', json: { state: 'done' } })).status).toBe(200);
    }
    const done = await tm.request('/api/settings/setup/next', { method: 'PUT', json: { state: 'skipped' } });
    expect(done.json.setup.finished).toBe(true);
    const reopened = await tm.request('/api/settings/setup/people', { method: 'PUT', json: { state: 'open' } });
    expect(reopened.json.setup).toMatchObject({ finished: false, steps: { people: 'open' } });
    expect((await tm.request('/api/settings/setup/nonsense', { method: 'PUT', json: { state: 'done' } })).status).toBe(400);
  });

  it('the mesh enrollment token is shown once when rotated and never again', async () => {
    const tm = await master();
    const res = await tm.request('/api/settings/mesh-token', { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    const token = res.json.token as string;
    expect(token.length).toBeGreaterThanOrEqual(16);
    const s = await tm.request('/api/settings');
    expect(secretOf(s.json, 'mesh_token').set).toBe(true);
    expect(s.text).not.toContain(token);
    const other = await tm.request('/api/settings/mesh-token', { method: 'POST', json: {} });
    expect(other.json.token).not.toBe(token);
  });
});

function tmEnv(tm: TestMaster): Record<string, string> {
  return {
    JARVIS_MESH_ADDR: '127.0.0.1:0',
    JARVIS_DATA: tm.config.dataFile,
    OLLAMA_URL: 'http://127.0.0.1:9',
    JARVIS_SKILLS_DIR: tm.config.skillsDir!,
    JARVIS_SKILLS_USER_DIR: tm.config.skillsUserDir!,
    JARVIS_SKILL_OVERLAY_DIR: tm.config.skillOverlayDir!,
    TASK_SCOUT_INTERVAL: '0',
    KANBAN_AI_INTERVAL: '0',
    JARVIS_MCP_CONFIG: tm.config.mcpConfig!,
  };
}

describe('connections made in the app', () => {
  it('Home Assistant: a wrong token is named and nothing is kept; the right one connects without a restart', async () => {
    const ha = await startHomeAssistantStandIn(structuredClone(SAMPLE_HOME), { token: TOKEN });
    closers.push(() => ha.close());
    const tm = await master();
    expect(((await tm.request('/api/home/homeassistant')).json as HomeAssistantView).connection).toBe('not_configured');

    const wrong = await tm.request('/api/settings/connections/homeassistant', { json: { url: ha.url, token: 'not-the-token' } });
    expect(wrong.json).toEqual({ ok: false, problem: 'token_refused' });
    expect(secretOf((await tm.request('/api/settings')).json, 'homeassistant_token').set).toBe(false);

    const away = await tm.request('/api/settings/connections/homeassistant', { json: { url: 'http://127.0.0.1:9', token: TOKEN } });
    expect(away.json).toMatchObject({ ok: false, problem: 'unreachable' });

    const right = await tm.request('/api/settings/connections/homeassistant', { json: { url: ha.url, token: TOKEN } });
    expect(right.json).toEqual({ ok: true });
    await vi.waitFor(
      async () => expect(((await tm.request('/api/home/homeassistant')).json as HomeAssistantView).connection).toBe('connected'),
      { timeout: 10_000, interval: 25 },
    );
    const s = await tm.request('/api/settings');
    expect(secretOf(s.json, 'homeassistant_token')).toMatchObject({ set: true, fixed: false });
    expect(settingOf(s.json, 'homeassistant_url').value).toBe(ha.url);

    // The token never comes back out: not from a route, the export, the database file or a backup.
    expect(s.text).not.toContain(TOKEN);
    const exported = await tm.request('/api/debug/export');
    expect(exported.text).not.toContain(TOKEN);
    const db = tm.config.dataFile;
    tm.master.platform.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(db).includes(Buffer.from(TOKEN))).toBe(false);
    const keyFile = join(dirname(db), 'secrets.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('a backup carries no secret in the clear and says which secrets it does not carry', async () => {
    const ha = await startHomeAssistantStandIn(structuredClone(SAMPLE_HOME), { token: TOKEN });
    closers.push(() => ha.close());
    const backups = mkdtempSync(join(tmpdir(), 'jarvis-settings-backup-'));
    closers.push(async () => rmSync(backups, { recursive: true, force: true }));
    const tm = await master({ JARVIS_BACKUP_DIR: backups });
    // The token is kept only once the connection test passed; a backup before that names no secret.
    const connected = await tm.request('/api/settings/connections/homeassistant', { json: { url: ha.url, token: TOKEN } });
    expect(connected.json).toEqual({ ok: true });
    expect(secretOf((await tm.request('/api/settings')).json, 'homeassistant_token').set).toBe(true);
    // The backup at start may still be under way; "back up now" is made after the connection.
    const made = await tm.master.capabilities.backup.backupNow();
    const archive = readFileSync(join(backups, made.name));
    expect(archive.includes(Buffer.from(TOKEN))).toBe(false);
    const keyText = readFileSync(join(dirname(tm.config.dataFile), 'secrets.key'), 'utf8').trim();
    expect(archive.includes(Buffer.from(keyText))).toBe(false);
    expect(archive.toString('latin1')).toContain('"secrets_not_carried":["homeassistant_token"]');
    expect(readdirSync(backups)).toContain(made.name);
  });

  it('"back up now" while another backup is under way makes a new one that holds what was just changed', async () => {
    const backups = mkdtempSync(join(tmpdir(), 'jarvis-settings-backup-'));
    closers.push(async () => rmSync(backups, { recursive: true, force: true }));
    const tm = await master({ JARVIS_BACKUP_DIR: backups });
    const backup = tm.master.capabilities.backup;
    const underWay = backup.runScheduled();
    tm.master.capabilities.settings.service.setSecret('ntfy_token', 'tk_while_a_backup_runs');
    const made = await backup.backupNow();
    await underWay;
    expect(readFileSync(join(backups, made.name), 'latin1')).toContain('"secrets_not_carried":["ntfy_token"]');
  });

  it('Hue: the certificate is shown first, the link button is asked for, then the lights work without a restart', async () => {
    const bridge = await startHueBridge();
    closers.push(() => bridge.close());
    const tm = await master({ JARVIS_SKILLS_DIR: skillsDir });
    const cert = await tm.request('/api/settings/connections/hue/certificate', { json: { url: bridge.url } });
    expect(cert.json.fingerprint).toBe(bridge.fingerprint);
    const nobody = await tm.request('/api/settings/connections/hue/certificate', { json: { url: 'https://127.0.0.1:9' } });
    expect(nobody.json).toEqual({ problem: 'unreachable' });

    const early = await tm.request('/api/settings/connections/hue', { json: { url: bridge.url, fingerprint: cert.json.fingerprint } });
    expect(early.json).toEqual({ ok: false, problem: 'link_button' });
    const otherCert = await tm.request('/api/settings/connections/hue', { json: { url: bridge.url, fingerprint: 'ab'.repeat(32) } });
    expect(otherCert.json).toEqual({ ok: false, problem: 'certificate_changed' });

    bridge.pressLinkButton();
    const paired = await tm.request('/api/settings/connections/hue', { json: { url: bridge.url, fingerprint: cert.json.fingerprint } });
    expect(paired.json).toEqual({ ok: true });
    await vi.waitFor(() => expect(bridge.streams()).toBeGreaterThan(0), { timeout: 10_000, interval: 25 });
    const s = await tm.request('/api/settings');
    expect(secretOf(s.json, 'hue_key').set).toBe(true);

    // A sentence reaches the bridge through the home skill, which reads the app-held key.
    const chat = await tm.request('/api/agent/chat', { json: { message: 'Licht im Wohnzimmer an' } });
    expect(chat.json.reply).toBe('Wohnzimmer: Licht an.');
    expect(bridge.requests.some((r) => r.method === 'PUT')).toBe(true);
  });

  it('ntfy: a test message is sent, a protected topic without its token is named', async () => {
    const ntfy = await startNtfyServer({ token: 'tk_ntfy_secret' });
    closers.push(() => ntfy.close());
    const tm = await master();
    const refused = await tm.request('/api/settings/connections/ntfy', { json: { url: ntfy.url, topic: 'familie' } });
    expect(refused.json).toEqual({ ok: false, problem: 'token_refused' });
    const ok = await tm.request('/api/settings/connections/ntfy', { json: { url: ntfy.url, topic: 'familie', token: 'tk_ntfy_secret' } });
    expect(ok.json).toEqual({ ok: true });
    expect(ntfy.published.map((p) => p.message)).toEqual(['JARVIS ist verbunden.']);
    const s = await tm.request('/api/settings');
    expect(settingOf(s.json, 'ntfy_topic').value).toBe('familie');
    expect(s.text).not.toContain('tk_ntfy_secret');
  });
});
