import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';

// The names and addresses the household's devices use to reach the LAN listener: what the
// Host check accepts and what the server certificate is made out to.

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

export interface LanNamesInput {
  /** The host of JARVIS_LAN_ADDR. */
  readonly host: string;
  /** JARVIS_LAN_NAMES, comma-separated. */
  readonly extra?: string;
  readonly hostname?: string;
  readonly interfaces?: ReturnType<typeof networkInterfaces>;
}

function machineAddresses(interfaces: ReturnType<typeof networkInterfaces>): string[] {
  const out: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) if (!a.internal && a.family === 'IPv4') out.push(a.address);
  }
  return out;
}

/**
 * The listener's names, the one a pairing link uses first: the configured address when it
 * names one, then JARVIS_LAN_NAMES, then the machine's LAN addresses (listening on all of
 * them), then `<hostname>.local`.
 */
export function lanNames(input: LanNamesInput): string[] {
  const names: string[] = [];
  const add = (n: string) => {
    const name = n
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1');
    if (name && !names.includes(name)) names.push(name);
  };
  const wildcard = WILDCARDS.has(input.host);
  if (!wildcard) add(input.host);
  for (const n of (input.extra ?? '').split(',')) add(n);
  if (wildcard) for (const a of machineAddresses(input.interfaces ?? networkInterfaces())) add(a);
  const host = (input.hostname ?? hostname()).split('.')[0];
  if (host) add(`${host}.local`);
  return names;
}

/** An origin-ready host: IPv6 addresses in brackets. */
export function urlHost(name: string): string {
  return isIP(name) === 6 ? `[${name}]` : name;
}

/** The host part of a Host header, lower-cased, without port or brackets; undefined when malformed. */
export function hostOfHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let host = header.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return undefined;
    const rest = host.slice(end + 1);
    if (rest !== '' && !/^:[0-9]{1,5}$/.test(rest)) return undefined;
    return host.slice(1, end);
  }
  const colon = host.lastIndexOf(':');
  if (colon >= 0) {
    if (!/^[0-9]{1,5}$/.test(host.slice(colon + 1))) return undefined;
    host = host.slice(0, colon);
  }
  return host;
}
