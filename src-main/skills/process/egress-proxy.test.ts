import { describe, expect, it } from 'vitest';
import { parseNetworkGrants } from './process-runner';
import { decideEgress, grantOfUrl, isThisMachine } from './egress-proxy';

const own = new Set(['192.168.1.20', 'fd00::20']);

describe('where a skill’s egress proxy connects', () => {
  it('refuses this machine: loopback, its own interfaces, unspecified, link-local, multicast', () => {
    for (const address of [
      '127.0.0.1',
      '127.9.9.9',
      '::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '::',
      '192.168.1.20',
      'fd00::20',
      '169.254.169.254',
      'fe80::1',
      '224.0.0.251',
      'ff02::1',
    ])
      expect(isThisMachine(address, own), address).toBe(true);
  });

  it('lets through other hosts of the LAN and the internet', () => {
    for (const address of ['192.168.1.30', '10.0.0.5', '93.184.215.14', '2606:4700::1111', 'fd00::21'])
      expect(isThisMachine(address, own), address).toBe(false);
  });

  it('lets through a local address only when a grant names that host and port', () => {
    expect(decideEgress('127.0.0.1', '127.0.0.1', 8080, [], own)).toMatchObject({ allowed: false });
    expect(decideEgress('127.0.0.1', '127.0.0.1', 8080, ['127.0.0.1:8080'], own)).toEqual({ allowed: true });
    expect(decideEgress('127.0.0.1', '127.0.0.1', 8081, ['127.0.0.1:8080'], own)).toMatchObject({ allowed: false });
    expect(decideEgress('localhost', '::1', 11434, ['localhost:11434'], own)).toEqual({ allowed: true });
    expect(decideEgress('[::1]', '::1', 443, ['[::1]:443'], own)).toEqual({ allowed: true });
    // A name granted does not grant another name that resolves to this machine.
    expect(decideEgress('rebind.example', '127.0.0.1', 8080, ['other.example:8080'], own)).toMatchObject({ allowed: false });
  });

  it('reads grants from the configuration and from an integration’s URL', () => {
    expect(parseNetworkGrants('a.b=127.0.0.1:1 localhost:2; c=[::1]:3')).toEqual({ 'a.b': ['127.0.0.1:1', 'localhost:2'], c: ['[::1]:3'] });
    expect(parseNetworkGrants('')).toEqual({});
    expect(grantOfUrl('https://192.168.1.2/clip/v2')).toBe('192.168.1.2:443');
    expect(grantOfUrl('http://127.0.0.1:9000')).toBe('127.0.0.1:9000');
    expect(grantOfUrl('ftp://x')).toBeUndefined();
    expect(grantOfUrl('not a url')).toBeUndefined();
  });
});
