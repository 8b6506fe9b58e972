import { describe, expect, it } from 'vitest';
import { redirectFor } from './plain-http-redirect';

const ours = (host: string | undefined) => host === 'jarvis.local:8443';

describe('redirectFor', () => {
  it('sends a plain request to the same address over HTTPS', () => {
    const answer = redirectFor('GET /kalender?tag=1 HTTP/1.1\r\nHost: jarvis.local:8443\r\nAccept: */*', ours);
    expect(answer).toMatch(/^HTTP\/1\.1 308 /);
    expect(answer).toContain('\r\nLocation: https://jarvis.local:8443/kalender?tag=1\r\n');
  });

  it('never redirects to a host that is not ours, nor answers a malformed head', () => {
    for (const head of [
      'GET / HTTP/1.1\r\nHost: evil.example',
      'GET / HTTP/1.1',
      'GET http://evil.example/ HTTP/1.1\r\nHost: jarvis.local:8443',
      'GET / HTTP/1.1\r\nHost: jarvis.local:8443\r\n'.replace('jarvis.local:8443\r\n', 'jarvis.local:8443 x'),
      'NONSENSE',
    ]) {
      expect(redirectFor(head, ours), head).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect(redirectFor('GET / HTTP/1.1\r\nHost: jarvis.local:8443\r\nLocation: x', () => false)).toMatch(/^HTTP\/1\.1 400 /);
  });
});
