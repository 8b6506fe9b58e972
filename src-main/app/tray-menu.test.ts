import { describe, expect, it } from 'vitest';
import { shownStatus, trayIconFile, trayMenuModel, trayStatusForPhase, trayTooltip, type TrayState } from './tray-menu';

const base: TrayState = {
  status: 'idle',
  recording: false,
  muted: false,
  openAtLogin: false,
  shortcut: 'Control+Alt+Space',
  shortcutRegistered: true,
  language: 'en',
};
const ids = (state: TrayState) => trayMenuModel(state).map((i) => ('id' in i ? i.id : '---'));
const item = (state: TrayState, id: string) => trayMenuModel(state).find((i) => 'id' in i && i.id === id);

describe('tray menu model', () => {
  it('offers Open, the wall display, Push-to-talk, Mute voice, Start with system and Quit in that order', () => {
    expect(ids(base)).toEqual([
      'status',
      '---',
      'open',
      'open-wall',
      'push-to-talk',
      'toggle-mute',
      'toggle-login',
      '---',
      'remote-connect',
      '---',
      'quit',
    ]);
    expect(
      trayMenuModel(base)
        .filter((i) => i.type !== 'separator')
        .map((i) => ('label' in i ? i.label : '')),
    ).toEqual([
      'JARVIS — Ready',
      'Open',
      'Open wall display',
      'Push-to-talk',
      'Mute voice',
      'Start with system',
      'Connect to JARVIS on the home server …',
      'Quit',
    ]);
  });

  it('the status line is not clickable and shows what JARVIS does', () => {
    expect(item(base, 'status')).toMatchObject({ enabled: false });
    expect(item({ ...base, status: 'listening' }, 'status')).toMatchObject({ label: 'JARVIS — Listening …' });
    expect(item({ ...base, status: 'error', errorDetail: 'Ollama is not reachable' }, 'status')).toMatchObject({
      label: 'JARVIS — Error: Ollama is not reachable',
    });
  });

  it('checkboxes mirror mute and login item', () => {
    expect(item({ ...base, muted: true, openAtLogin: true }, 'toggle-mute')).toMatchObject({ type: 'checkbox', checked: true });
    expect(item({ ...base, muted: true, openAtLogin: true }, 'toggle-login')).toMatchObject({ type: 'checkbox', checked: true });
    expect(item(base, 'toggle-mute')).toMatchObject({ checked: false });
  });

  it('push-to-talk shows the shortcut, turns into Stop while recording, and says when the shortcut is unavailable', () => {
    expect(item(base, 'push-to-talk')).toMatchObject({ label: 'Push-to-talk', accelerator: 'Control+Alt+Space' });
    expect(item({ ...base, recording: true }, 'push-to-talk')).toMatchObject({ label: 'Stop recording' });
    const unregistered = item({ ...base, shortcutRegistered: false }, 'push-to-talk');
    expect(unregistered).toMatchObject({ label: 'Push-to-talk (shortcut unavailable)' });
    expect(unregistered).not.toHaveProperty('accelerator');
  });

  it('speaks German by default', () => {
    expect(item({ ...base, language: 'de' }, 'quit')).toMatchObject({ label: 'Beenden' });
  });

  it('maps voice phases to the four tray icons', () => {
    expect(['idle', 'listening', 'thinking', 'speaking', 'error'].map((p) => trayStatusForPhase(p as never))).toEqual([
      'idle',
      'listening',
      'thinking',
      'thinking',
      'error',
    ]);
    expect(trayIconFile('listening')).toBe('tray-listening.png');
  });

  it('connected to the home server, it says so and offers to disconnect; not connected, the icon shows it', () => {
    const de = { ...base, language: 'de' as const };
    expect(item({ ...de, remote: undefined }, 'remote-connect')).toMatchObject({ label: 'Mit JARVIS auf dem Heimserver verbinden …' });
    const connected = { ...de, remote: 'connected' as const };
    expect(trayMenuModel(connected).map((i) => ('label' in i ? i.label : '---'))).toContain('Heimserver: verbunden');
    expect(ids(connected)).not.toContain('remote-connect');
    expect(item(connected, 'remote-disconnect')).toMatchObject({ label: 'Vom Heimserver trennen', enabled: true });
    expect(shownStatus(connected)).toBe('idle');
    const lost = { ...de, remote: 'not-connected' as const };
    expect(trayTooltip(lost)).toContain('Heimserver: nicht verbunden');
    expect(shownStatus(lost)).toBe('error');
    expect(shownStatus({ ...lost, status: 'listening' })).toBe('listening');
    // Revoked on the server: pair again, or go back to the app's own JARVIS.
    expect(ids({ ...de, remote: 'not-paired' })).toEqual(expect.arrayContaining(['remote-connect', 'remote-disconnect']));
  });
});
