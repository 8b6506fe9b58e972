import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isValidSchema } from '../platform/validation';
import {
  applySettingsPatch,
  defaultSettings,
  mergeEnvironment,
  SETTINGS_FILE_SCHEMA,
  SettingsFile,
  settingsView,
  type SavedSettings,
} from './settings-store';

const desktopDefaults = {
  JARVIS_ADDR: '127.0.0.1:0',
  JARVIS_DATA: '/home/u/.config/JARVIS/jarvis.db',
  JARVIS_SKILLS_DIR: '/opt/jarvis/resources/skills',
};
const saved = (env: Record<string, string> = {}): SavedSettings => ({ ...defaultSettings('linux'), env });

describe('environment merge', () => {
  it('takes desktop defaults, then saved settings, and lets the environment win', () => {
    const merged = mergeEnvironment(
      { OLLAMA_URL: 'http://gpu-box:11434', PATH: '/usr/bin' },
      saved({ OLLAMA_URL: 'http://saved:11434', OLLAMA_MODEL: 'qwen3:8b' }),
      desktopDefaults,
    );
    expect(merged.OLLAMA_URL).toBe('http://gpu-box:11434');
    expect(merged.OLLAMA_MODEL).toBe('qwen3:8b');
    expect(merged.JARVIS_DATA).toBe(desktopDefaults.JARVIS_DATA);
    expect(merged.PATH).toBe('/usr/bin');
  });

  it('an empty environment value does not hide a saved one', () => {
    expect(mergeEnvironment({ OLLAMA_MODEL: '  ' }, saved({ OLLAMA_MODEL: 'llama3.1' }), {}).OLLAMA_MODEL).toBe('llama3.1');
  });

  it('ignores saved values for unknown and desktop-owned names', () => {
    const merged = mergeEnvironment({}, saved({ JARVIS_DATA: '/tmp/evil.db', LD_PRELOAD: '/tmp/x.so' }), desktopDefaults);
    expect(merged.JARVIS_DATA).toBe(desktopDefaults.JARVIS_DATA);
    expect(merged.LD_PRELOAD).toBeUndefined();
  });

  it('the environment may still move the data file (environment wins)', () => {
    expect(mergeEnvironment({ JARVIS_DATA: '/srv/jarvis.db' }, saved(), desktopDefaults).JARVIS_DATA).toBe('/srv/jarvis.db');
  });
});

describe('settings view', () => {
  it('says where each value comes from and what can be edited', () => {
    const view = settingsView({ OLLAMA_URL: 'http://gpu-box:11434' }, saved({ OLLAMA_MODEL: 'qwen3:8b' }), desktopDefaults, false, 'linux');
    const row = (name: string) => view.env.find((r) => r.name === name);
    expect(row('OLLAMA_URL')).toMatchObject({ value: 'http://gpu-box:11434', source: 'environment', editable: false });
    expect(row('OLLAMA_MODEL')).toMatchObject({ value: 'qwen3:8b', source: 'settings', editable: true });
    expect(row('JARVIS_TIMEZONE')).toMatchObject({ value: 'Europe/Berlin', source: 'default', editable: true });
    expect(row('JARVIS_DATA')).toMatchObject({ value: desktopDefaults.JARVIS_DATA, source: 'default', editable: false });
    expect(row('JARVIS_SKILLS_DIR')).toMatchObject({ value: desktopDefaults.JARVIS_SKILLS_DIR, source: 'default' });
    expect(row('JARVIS_DEBUG_DIR')).toMatchObject({ value: null, source: 'unset', editable: true });
  });

  it('never shows a secret', () => {
    const token = 'a-very-long-enrollment-token';
    const view = settingsView({}, saved({ JARVIS_MESH_ENROLLMENT_TOKEN: token }), desktopDefaults, false, 'linux');
    expect(JSON.stringify(view)).not.toContain(token);
    expect(view.env.find((r) => r.name === 'JARVIS_MESH_ENROLLMENT_TOKEN')).toMatchObject({ secret: true, source: 'settings' });
  });
});

describe('settings patch', () => {
  it('saves a valid value and reports that a restart is needed', () => {
    const { next, envChanged } = applySettingsPatch(saved(), { env: { OLLAMA_MODEL: ' qwen3:8b ' } }, {}, desktopDefaults, 'linux');
    expect(next.env).toEqual({ OLLAMA_MODEL: 'qwen3:8b' });
    expect(envChanged).toBe(true);
  });

  it('null removes a saved value', () => {
    expect(
      applySettingsPatch(saved({ OLLAMA_MODEL: 'x' }), { env: { OLLAMA_MODEL: null } }, {}, desktopDefaults, 'linux').next.env,
    ).toEqual({});
  });

  it.each([
    [{ env: { OLLAMA_URL: 'ftp://nope' } }, '/env', /OLLAMA_URL/],
    [{ env: { NOT_A_SETTING: 'x' } }, '/env/NOT_A_SETTING', /not a JARVIS setting/],
    [{ env: { JARVIS_DATA: '/tmp/x.db' } }, '/env/JARVIS_DATA', /managed by the desktop/],
    [{ env: { OLLAMA_MODEL: 'x' } }, '/env/OLLAMA_MODEL', /environment/],
    [{ preferences: { pushToTalkShortcut: 'Alt+Space' } }, '/preferences/pushToTalkShortcut', /already used/],
    [{ preferences: { pushToTalkShortcut: 'J' } }, '/preferences/pushToTalkShortcut', /needs Control/],
  ])('refuses %j and changes nothing', (patch, path, message) => {
    const before = saved({ OLLAMA_MODEL: 'keep' });
    const copy = JSON.stringify(before);
    expect(() => applySettingsPatch(before, patch, { OLLAMA_MODEL: 'from-env' }, desktopDefaults, 'linux')).toThrow(
      expect.objectContaining({ code: 'INVALID_SETTING', path, message: expect.stringMatching(message) }),
    );
    expect(JSON.stringify(before)).toBe(copy);
  });

  it('changes preferences without touching the environment', () => {
    const { next, envChanged } = applySettingsPatch(
      saved(),
      { preferences: { muted: true, pushToTalkShortcut: 'Control+Shift+F9' } },
      {},
      desktopDefaults,
      'linux',
    );
    expect(next.preferences).toMatchObject({ muted: true, pushToTalkShortcut: 'Control+Shift+F9', openAtLogin: false });
    expect(envChanged).toBe(false);
  });
});

describe('settings file', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts with defaults, saves atomically and reads back', () => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-settings-'));
    const path = join(dir, 'settings.json');
    const file = new SettingsFile(path, 'darwin');
    expect(file.get().preferences.pushToTalkShortcut).toBe('Control+Option+J');
    file.set({ ...file.get(), env: { OLLAMA_MODEL: 'qwen3:8b' }, window: { x: 1, y: 2, width: 900, height: 700 } });
    expect(new SettingsFile(path, 'darwin').get()).toEqual(file.get());
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('keeps an unreadable file aside and starts from defaults', () => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-settings-'));
    const path = join(dir, 'settings.json');
    writeFileSync(path, '{"version":1,"preferences":{"muted":"yes"}}');
    const file = new SettingsFile(path, 'linux');
    expect(file.loadProblem).toMatch(/settings\.json/);
    expect(file.get()).toEqual(defaultSettings('linux'));
    const aside = readdirSync(dir).find((n) => n.startsWith('settings.json.invalid-'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(dir, aside as string), 'utf8')).toContain('"yes"');
  });

  it('refuses to write invalid settings', () => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-settings-'));
    const file = new SettingsFile(join(dir, 'settings.json'), 'linux');
    expect(() => file.set({ ...file.get(), env: { bad: 'x' } })).toThrow(/invalid settings/);
  });

  it('has a valid schema', () => {
    expect(isValidSchema(SETTINGS_FILE_SCHEMA)).toMatchObject({ ok: true });
  });
});
