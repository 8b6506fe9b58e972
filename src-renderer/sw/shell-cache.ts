// Which requests the service worker answers from its cache, and how. Pure, so the rules
// are tested without a browser.
import { isHomeDomain, type HomeDomain } from '../../src-shared';

export type CacheRule =
  /** Hashed build files never change: the cache first. */
  | 'cache-first'
  /** The page, the manifest, icons and the last household state: the network first, the cache when offline. */
  | 'network-first'
  /** Some domains of the household state (?domains=): the network only, its parts merged into the kept state. */
  | 'merge-state'
  /** Everything else (the API, the event stream, writes): straight to the network. */
  | 'network-only';

/** The last known household state, shown read-only while offline. */
export const STATE_PATH = '/api/state';

/** The domains a partial state request names (`/api/state?domains=tasks,kanban`), or undefined when it is none. */
export function stateDomainsOf(url: URL): readonly HomeDomain[] | undefined {
  let others = false;
  url.searchParams.forEach((_value, key) => (others ||= key !== 'domains'));
  const domains = url.searchParams.getAll('domains');
  if (url.pathname !== STATE_PATH || others || domains.length !== 1) return undefined;
  const names = domains[0]!.split(',');
  return names.every(isHomeDomain) ? names : undefined;
}

export function cacheRuleFor(method: string, url: URL, origin: string, navigate: boolean): CacheRule {
  if (method !== 'GET' || url.origin !== origin) return 'network-only';
  if (navigate) return 'network-first';
  if (url.pathname.startsWith('/assets/')) return 'cache-first';
  if (url.pathname === STATE_PATH && url.search === '') return 'network-first';
  if (stateDomainsOf(url)) return 'merge-state';
  if (url.pathname.startsWith('/api/') || url.pathname === '/sw.js') return 'network-only';
  return 'network-first';
}
