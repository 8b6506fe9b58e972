// The loopback listener serves the household's data to local clients only. A browser
// tricked by DNS rebinding sends a foreign Host header; we refuse it.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return false;
    host = host.slice(0, end + 1);
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0) {
      const port = host.slice(colon + 1);
      if (!/^[0-9]{1,5}$/.test(port)) return false;
      host = host.slice(0, colon);
    }
  }
  if (LOOPBACK_HOSTS.has(host)) return true;
  return /^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/.test(host);
}
