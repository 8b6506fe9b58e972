import { describe, expect, it } from 'vitest';
import { ConfigError, configSecrets, loadConfig, parseDuration, redactedConfig, SETTINGS, type SettingDefinition } from './index';

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.addr).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(c.meshAddr).toEqual({ host: '0.0.0.0', port: 8081 });
    expect(c.dataFile).toBe('./data/jarvis.db');
    expect(c.timezone).toBe('Europe/Berlin');
    expect(c.skillMaxTimeoutMs).toBe(30000);
    expect(c.skillAllowSystemExec).toBe(false);
    expect(c.taskScoutIntervalMs).toBe(120_000);
    expect(c.meshLeaseMs).toBe(30000);
    expect(c.meshHeartbeatMs).toBe(10000);
    expect(c.meshEnabled).toBe(false);
  });

  it('names the variable and the expected form for a bad value', () => {
    expect(() => loadConfig({ JARVIS_SKILL_MAX_TIMEOUT_MS: 'abc' })).toThrowError(
      'JARVIS_SKILL_MAX_TIMEOUT_MS must be a positive integer, got "abc"',
    );
  });

  it('reports every bad variable at once', () => {
    try {
      loadConfig({ JARVIS_ADDR: 'nope', JARVIS_SKILLS_ENABLED: 'maybe', JARVIS_TIMEZONE: 'Mars/Olympus' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toContain('JARVIS_ADDR must be host:port, such as 127.0.0.1:8080 or :8080, got "nope"');
      expect(problems).toContain('JARVIS_SKILLS_ENABLED must be true or false, got "maybe"');
      expect(problems).toContain('JARVIS_TIMEZONE must be an IANA time zone such as Europe/Berlin, got "Mars/Olympus"');
    }
  });

  it('checks every set variable against its form, and choices against their list', () => {
    expect(() => loadConfig({ JARVIS_DATA: ' ' })).not.toThrow(); // blank counts as unset
    expect(() => loadConfig({ OLLAMA_URL: 'ftp://x' })).toThrowError(
      'OLLAMA_URL must be an http(s) URL such as http://127.0.0.1:11434, got "ftp://x"',
    );
    expect(() => loadConfig({ JARVIS_MESH_LEASE_MS: '1e5' })).toThrowError('JARVIS_MESH_LEASE_MS must be a positive integer, got "1e5"');
    const choice = (SETTINGS as readonly SettingDefinition[]).find((s) => s.oneOf !== undefined);
    expect(choice).toBeDefined();
    expect(() => loadConfig({ [choice!.env]: 'not-a-choice' })).toThrowError(
      `${choice!.env} must be one of ${choice!.oneOf!.join(', ')}, got "not-a-choice"`,
    );
    expect(() => loadConfig({ [choice!.env]: choice!.oneOf![0]! })).not.toThrow();
  });

  it('accepts canonical time zones and the aliases the runtime knows, and nothing else', () => {
    expect(loadConfig({ JARVIS_TIMEZONE: 'America/New_York' }).timezone).toBe('America/New_York');
    expect(loadConfig({ JARVIS_TIMEZONE: 'UTC' }).timezone).toBe('UTC');
    expect(loadConfig({ JARVIS_TIMEZONE: 'US/Eastern' }).timezone).toBe('US/Eastern');
    expect(() => loadConfig({ JARVIS_TIMEZONE: 'Europe/Atlantis' })).toThrowError(
      'JARVIS_TIMEZONE must be an IANA time zone such as Europe/Berlin, got "Europe/Atlantis"',
    );
  });

  it('has a canonical time zone as its default, which loading takes without looking it up', () => {
    const zone = (SETTINGS as readonly SettingDefinition[]).find((s) => s.type === 'timezone');
    expect(Intl.supportedValuesOf('timeZone')).toContain(zone?.default);
  });

  it('accepts loopback listen addresses: IPv4, IPv6 and localhost', () => {
    expect(loadConfig({ JARVIS_ADDR: '127.0.0.1:9000' }).addr).toEqual({ host: '127.0.0.1', port: 9000 });
    expect(loadConfig({ JARVIS_ADDR: '[::1]:9000' }).addr).toEqual({ host: '::1', port: 9000 });
    expect(loadConfig({ JARVIS_ADDR: 'localhost:9000' }).addr).toEqual({ host: 'localhost', port: 9000 });
  });

  it('refuses a JARVIS_ADDR other devices could reach, and points to the LAN listener', () => {
    for (const addr of [':8080', '0.0.0.0:8080', '192.168.1.20:8080', '[::]:8080', 'jarvis.local:8080']) {
      expect(() => loadConfig({ JARVIS_ADDR: addr })).toThrowError(
        'JARVIS_ADDR must be a loopback address (127.0.0.1, ::1, localhost); other devices of the household will reach JARVIS through the paired LAN listener (JARVIS_LAN_ADDR)',
      );
    }
  });

  it('turns the mesh on only with an enrollment token of 16 characters or more', () => {
    expect(loadConfig({ JARVIS_MESH_ENROLLMENT_TOKEN: 'short' }).meshEnabled).toBe(false);
    expect(loadConfig({ JARVIS_MESH_ENROLLMENT_TOKEN: 'a-long-enough-token' }).meshEnabled).toBe(true);
  });

  it('never shows a secret, not even in an error', () => {
    const c = loadConfig({ JARVIS_MESH_ENROLLMENT_TOKEN: 'super-secret-enrollment' });
    expect(JSON.stringify(redactedConfig(c))).not.toContain('super-secret-enrollment');
    expect(configSecrets(c)).toEqual(['super-secret-enrollment']);
  });

  it('derives the heartbeat from the lease unless set', () => {
    expect(loadConfig({ JARVIS_MESH_LEASE_MS: '9000' }).meshHeartbeatMs).toBe(3000);
    expect(loadConfig({ JARVIS_MESH_LEASE_MS: '9000', JARVIS_MESH_HEARTBEAT_MS: '1000' }).meshHeartbeatMs).toBe(1000);
  });
});

describe('parseDuration', () => {
  it('reads the spec forms', () => {
    expect(parseDuration('2m')).toBe(120_000);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('250')).toBe(250);
    expect(parseDuration('0')).toBe(0);
    expect(() => parseDuration('soon')).toThrow();
  });
});
