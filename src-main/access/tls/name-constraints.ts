import { isIP } from 'node:net';

// X.509 name constraints (RFC 5280 §4.2.1.10) for the household's CA: a phone that trusts
// it accepts from it only certificates for home-network names and addresses, so its key,
// if it were ever stolen, cannot impersonate a bank or any other site on the internet.

/** The private and link-local address ranges a home network uses. */
const HOME_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '127.0.0.0/8',
  '169.254.0.0/16',
  // Shared address space: carrier-grade NAT and mesh VPNs on the LAN host.
  '100.64.0.0/10',
  'fc00::/7',
  'fe80::/10',
  '::1/128',
];

/** Host name suffixes that only resolve inside a home network. */
const HOME_SUFFIXES = ['localhost', 'local', 'lan', 'home', 'home.arpa', 'internal'];

export interface PermittedNames {
  readonly dns: readonly string[];
  readonly ip: readonly string[];
}

function ipInRange(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const a = addressBytes(ip);
  const b = addressBytes(base!);
  if (a.length !== b.length) return false;
  let left = Number(bits);
  for (let i = 0; i < a.length && left > 0; i++, left -= 8) {
    const mask = left >= 8 ? 0xff : (0xff << (8 - left)) & 0xff;
    if ((a[i]! & mask) !== (b[i]! & mask)) return false;
  }
  return true;
}

function dnsPermitted(name: string, base: string): boolean {
  const n = name.toLowerCase();
  return n === base || n.endsWith(`.${base}`);
}

/** The names the CA permits: the home ranges and suffixes, and each of `names` outside them exactly. */
export function permittedNames(names: readonly string[]): PermittedNames {
  const dns = [...HOME_SUFFIXES];
  const ip = [...HOME_RANGES];
  for (const name of names) {
    if (isIP(name)) {
      if (!ip.some((r) => ipInRange(name, r))) ip.push(`${name}/${isIP(name) === 4 ? 32 : 128}`);
    } else if (!dns.some((d) => dnsPermitted(name, d))) dns.push(name.toLowerCase());
  }
  return { dns, ip };
}

/** Whether every name is inside what `permitted` allows. */
export function permits(permitted: PermittedNames, names: readonly string[]): boolean {
  return names.every((n) => (isIP(n) ? permitted.ip.some((r) => ipInRange(n, r)) : permitted.dns.some((d) => dnsPermitted(n, d))));
}

function addressBytes(ip: string): number[] {
  if (isIP(ip) === 4) return ip.split('.').map(Number);
  const [head = '', tail = ''] = ip.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const all = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return all.flatMap((g) => {
    const v = parseInt(g, 16);
    return [v >> 8, v & 0xff];
  });
}

function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

/** The DER value of the nameConstraints extension: permittedSubtrees of dNSName [2] and iPAddress [7]. */
export function nameConstraintsDer(permitted: PermittedNames): Buffer {
  const subtree = (general: Buffer) => der(0x30, general);
  const subtrees = [
    ...permitted.dns.map((d) => subtree(der(0x82, Buffer.from(d, 'ascii')))),
    ...permitted.ip.map((cidr) => {
      const [base, bits] = cidr.split('/');
      const bytes = addressBytes(base!);
      let left = Number(bits);
      const mask = bytes.map(() => {
        const m = left >= 8 ? 0xff : left > 0 ? (0xff << (8 - left)) & 0xff : 0;
        left -= 8;
        return m;
      });
      return subtree(der(0x87, Buffer.from([...bytes.map((b, i) => b & mask[i]!), ...mask])));
    }),
  ];
  return der(0x30, der(0xa0, Buffer.concat(subtrees)));
}

/** The nameConstraints extension's object identifier. */
export const NAME_CONSTRAINTS_OID = '2.5.29.30';
