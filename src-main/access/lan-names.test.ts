import { describe, expect, it } from 'vitest';
import { hostOfHeader, lanNames } from './lan-names';

const interfaces = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
  eth0: [
    { address: '192.168.1.20', family: 'IPv4', internal: false },
    { address: 'fe80::1', family: 'IPv6', internal: false },
  ],
} as never;

describe('lanNames', () => {
  it('names the configured address first, then the extra names and <hostname>.local', () => {
    expect(lanNames({ host: '192.168.1.20', extra: 'Jarvis.Home, 10.0.0.2', hostname: 'Kitchen-PC', interfaces })).toEqual([
      '192.168.1.20',
      'jarvis.home',
      '10.0.0.2',
      'kitchen-pc.local',
    ]);
  });

  it("listening on every address names the machine's LAN addresses", () => {
    expect(lanNames({ host: '0.0.0.0', hostname: 'nas.fritz.box', interfaces })).toEqual(['192.168.1.20', 'nas.local']);
  });
});

describe('hostOfHeader', () => {
  it('takes the host out of a Host header and refuses malformed ones', () => {
    expect(hostOfHeader('Jarvis.local:8443')).toBe('jarvis.local');
    expect(hostOfHeader('[fe80::1]:8443')).toBe('fe80::1');
    expect(hostOfHeader('192.168.1.20')).toBe('192.168.1.20');
    expect(hostOfHeader('evil.example:x')).toBeUndefined();
    expect(hostOfHeader('[fe80::1')).toBeUndefined();
    expect(hostOfHeader(undefined)).toBeUndefined();
  });
});
