import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './host-check';

describe('isLoopbackHost', () => {
  it('accepts loopback names with and without port', () => {
    for (const h of ['127.0.0.1', '127.0.0.1:8080', 'localhost:3000', 'LOCALHOST', '[::1]:8080', '[::1]', '127.1.2.3:1']) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
  });
  it('refuses anything a DNS rebinding attack would send', () => {
    for (const h of [
      undefined,
      '',
      'evil.example',
      'evil.example:8080',
      '192.168.1.5:8080',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      '[::2]:80',
      'localhost:abc',
    ]) {
      expect(isLoopbackHost(h), String(h)).toBe(false);
    }
  });
});
