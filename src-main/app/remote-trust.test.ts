import { describe, expect, it } from 'vitest';
import { certificateVerdict, remoteOrigin, sameFingerprint } from './remote-trust';

describe('home server address and fingerprints', () => {
  it('takes only an https address and keeps its origin', () => {
    expect(remoteOrigin(' https://192.168.1.20:8443/pair ')).toBe('https://192.168.1.20:8443');
    expect(remoteOrigin('https://[fd00::2]:8443')).toBe('https://[fd00::2]:8443');
    expect(() => remoteOrigin('http://192.168.1.20:8443')).toThrow(/https/);
    expect(() => remoteOrigin('https://anna:pw@192.168.1.20:8443')).toThrow(/user name/);
    expect(() => remoteOrigin('192.168.1.20')).toThrow(/not a URL/);
  });

  it('compares fingerprints however they are written, and never an empty one', () => {
    const fp = 'AB:'.repeat(31) + 'CD';
    expect(sameFingerprint(fp, fp.toLowerCase().replace(/:/g, ' '))).toBe(true);
    expect(sameFingerprint(fp, 'AB:'.repeat(31) + 'CE')).toBe(false);
    expect(sameFingerprint('', '')).toBe(false);
  });

  it('leaves every host to Chromium until a CA is pinned, and refuses garbage for the pinned one', () => {
    expect(certificateVerdict({ hostname: '192.168.1.20', certificatePem: 'x' }, undefined)).toBe(-3);
    expect(certificateVerdict({ hostname: '192.168.1.20', certificatePem: 'x' }, { origin: 'https://192.168.1.20:8443', caPem: 'y' })).toBe(
      -2,
    );
  });
});
