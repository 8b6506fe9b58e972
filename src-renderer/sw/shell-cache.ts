// Which requests the service worker answers from its cache, and how. Pure, so the rules
// are tested without a browser.

export type CacheRule =
  /** Hashed build files never change: the cache first. */
  | 'cache-first'
  /** The page, the manifest, icons and the last household state: the network first, the cache when offline. */
  | 'network-first'
  /** Everything else (the API, the event stream, writes): straight to the network. */
  | 'network-only';

/** The last known household state, shown read-only while offline. */
export const STATE_PATH = '/api/state';

export function cacheRuleFor(method: string, url: URL, origin: string, navigate: boolean): CacheRule {
  if (method !== 'GET' || url.origin !== origin) return 'network-only';
  if (navigate) return 'network-first';
  if (url.pathname.startsWith('/assets/')) return 'cache-first';
  if (url.pathname === STATE_PATH && url.search === '') return 'network-first';
  if (url.pathname.startsWith('/api/') || url.pathname === '/sw.js') return 'network-only';
  return 'network-first';
}

/**
 * The cache key of a page: the wall display (`/?wall`) is its own page (wall.html); every other
 * address is the app's index.html, which routes itself.
 */
export function pageKeyFor(url: URL): string {
  return new URLSearchParams(url.search).has('wall') ? '/wall.html' : '/';
}
