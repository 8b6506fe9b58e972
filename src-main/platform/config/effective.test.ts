import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';
import { createEffectiveConfig } from './effective';

describe('effective config: the environment, then the app, then the defaults', () => {
  it('an app-held value is what the live config reads at once; clearing it brings the default back', () => {
    const e = createEffectiveConfig(loadConfig({}), {});
    const seen: (readonly string[])[] = [];
    e.onChange((keys) => seen.push(keys));
    expect(e.config.language).toBe('de');
    e.apply({ JARVIS_LANGUAGE: 'en', HOMEASSISTANT_URL: 'http://ha.local:8123/' });
    expect(e.config.language).toBe('en');
    expect(e.config.homeAssistantUrl).toBe('http://ha.local:8123');
    expect(seen.at(-1)).toEqual(expect.arrayContaining(['language', 'homeAssistantUrl']));
    e.apply({});
    expect(e.config.language).toBe('de');
    expect(e.config.homeAssistantUrl).toBeUndefined();
  });

  it('a variable the environment sets wins over the app and is reported as fixed', () => {
    const e = createEffectiveConfig(loadConfig({ JARVIS_TIMEZONE: 'America/New_York' }), { JARVIS_TIMEZONE: 'America/New_York' });
    expect(e.fixedByEnvironment('JARVIS_TIMEZONE')).toBe(true);
    expect(e.fixedByEnvironment('JARVIS_LANGUAGE')).toBe(false);
    e.apply({ JARVIS_TIMEZONE: 'Europe/Berlin' });
    expect(e.config.timezone).toBe('America/New_York');
  });

  it('a value that does not parse throws and changes nothing, not even the good values beside it', () => {
    const e = createEffectiveConfig(loadConfig({}), {});
    expect(() => e.apply({ JARVIS_LANGUAGE: 'en', JARVIS_TIMEZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(e.config.language).toBe('de');
    expect(() => e.apply({ NOT_A_SETTING: 'x' })).toThrow(ConfigError);
  });

  it('skills read app-held values under their variable names, the host environment first', () => {
    const host = { PATH: '/usr/bin', HUE_BRIDGE_URL: 'https://from-host' };
    const e = createEffectiveConfig(loadConfig({}), host);
    e.apply({ HUE_APPLICATION_KEY: 'app-key', UNIFI_URL: 'https://unifi.local' });
    expect(e.environment.HUE_APPLICATION_KEY).toBe('app-key');
    expect(e.environment.HUE_BRIDGE_URL).toBe('https://from-host');
    expect(e.environment.PATH).toBe('/usr/bin');
    expect(e.environment.NOT_SET).toBeUndefined();
  });

  it('the live view spreads and redacts like a plain config (exports see the current values)', () => {
    const e = createEffectiveConfig(loadConfig({}), {});
    e.apply({ JARVIS_MESH_ENROLLMENT_TOKEN: 'a-long-enough-enrollment-token' });
    const copy = { ...e.config } as Record<string, unknown>;
    expect(copy.meshEnrollmentToken).toBe('a-long-enough-enrollment-token');
    expect(e.config.meshEnabled).toBe(true);
    expect(Object.isFrozen(e.config) || Reflect.set(e.config, 'language', 'x') === false).toBe(true);
  });
});
