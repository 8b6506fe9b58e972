import { describe, expect, it } from 'vitest';
import { crossSiteReason, type RequestOrigin } from './cross-site';

const req = (method: string, headers: RequestOrigin['headers'], scheme = 'http'): RequestOrigin => ({ method, headers, scheme });
const own = { host: '127.0.0.1:8080' };

describe('crossSiteReason', () => {
  it('lets programs without Origin or Fetch Metadata write (CLI, scripts, workers)', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(crossSiteReason(req(method, own))).toBeUndefined();
  });

  it("lets the listener's own page write: same Origin, same-origin or user-started fetches", () => {
    expect(crossSiteReason(req('POST', { ...own, origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' }))).toBeUndefined();
    expect(crossSiteReason(req('DELETE', { ...own, 'sec-fetch-site': 'none' }))).toBeUndefined();
    expect(crossSiteReason(req('POST', { host: 'localhost', origin: 'http://localhost:80' }))).toBeUndefined();
    expect(crossSiteReason(req('POST', { host: '[::1]:8080', origin: 'http://[::1]:8080' }))).toBeUndefined();
    expect(crossSiteReason(req('POST', { host: 'jarvis.lan:8443', origin: 'https://jarvis.lan:8443' }, 'https'))).toBeUndefined();
  });

  it('refuses a write from a page of another site, origin, port or scheme', () => {
    const foreign = [
      { ...own, origin: 'https://evil.example' },
      { ...own, origin: 'http://127.0.0.2:8080' },
      { ...own, origin: 'http://127.0.0.1:9999' },
      { ...own, origin: 'https://127.0.0.1:8080' },
      { ...own, origin: 'http://localhost:8080' },
      { ...own, origin: 'null' },
      { ...own, origin: 'not a url' },
      { ...own, 'sec-fetch-site': 'cross-site' },
      { ...own, 'sec-fetch-site': 'same-site' },
      { ...own, 'sec-fetch-site': 'cross-site', origin: 'http://127.0.0.1:8080' },
      { origin: 'http://127.0.0.1:8080' },
    ];
    for (const headers of foreign) {
      for (const method of ['POST', 'put', 'PATCH', 'DELETE'])
        expect(crossSiteReason(req(method, headers)), JSON.stringify(headers)).toBeDefined();
    }
  });

  it('leaves reads alone: a page cannot read the answer without CORS, which is never granted', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(crossSiteReason(req(method, { ...own, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }))).toBeUndefined();
    }
  });
});
