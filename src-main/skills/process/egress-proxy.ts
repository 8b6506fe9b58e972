import { lookup } from 'node:dns/promises';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, isIP, type Server, type Socket } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EGRESS_FORWARDER_SOURCE } from './egress-forwarder';

// A sandboxed skill with the network permission has a network namespace of its own, like
// one without: nothing but its own loopback. Its way out is this proxy, which the master (or
// worker) runs on a unix socket that is bind-mounted into the sandbox; a small forwarder in
// the sandbox offers it on 127.0.0.1:EGRESS_PORT, and HTTP_PROXY / HTTPS_PROXY name it. The
// proxy connects only to addresses that are not this machine's: the master's loopback API,
// its LAN and mesh listeners and every other service of the host are refused unless the
// skill's grant names that host and port.

/** Where the forwarder listens inside the sandbox (its own loopback: no clash with the host). */
export const EGRESS_PORT = 3128;

/** The largest request head the proxy reads before it decides. */
const MAX_HEAD_BYTES = 32 * 1024;
const HEAD_TIMEOUT_MS = 30_000;

/** A grant: `host:port` (a name or an address; IPv6 in brackets) a skill may reach although it is this machine's. */
export type EgressGrant = string;

export interface EgressDecision {
  readonly allowed: boolean;
  /** Why not, in words, for the refusal's answer. */
  readonly reason?: string;
}

function ipv4Parts(ip: string): number[] | undefined {
  const parts = ip.split('.').map(Number);
  return parts.length === 4 && parts.every((p) => Number.isInteger(p) && p >= 0 && p <= 255) ? parts : undefined;
}

/** `::ffff:127.0.0.1` is 127.0.0.1. */
function unmapped(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1]! : ip.toLowerCase();
}

/** The addresses of this machine's own interfaces, read at each decision (a DHCP lease may change). */
function ownAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) out.add(unmapped(a.address.split('%')[0]!));
  return out;
}

/**
 * Whether an address is this machine (loopback, unspecified, one of its interfaces) or no
 * single host (link-local, multicast, broadcast): what a skill never reaches without a grant.
 */
export function isThisMachine(address: string, own: ReadonlySet<string> = ownAddresses()): boolean {
  const ip = unmapped(address.split('%')[0]!);
  if (own.has(ip)) return true;
  const v4 = ipv4Parts(ip);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return a === 127 || a === 0 || (a === 169 && b === 254) || a >= 224;
  }
  if (isIP(ip) !== 6) return true;
  return ip === '::1' || ip === '::' || /^fe[89ab]/.test(ip) || ip.startsWith('ff');
}

function parseGrant(grant: EgressGrant): { host: string; port: number } | undefined {
  const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(grant.trim());
  if (!m) return undefined;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: unmapped(m[1]!), port } : undefined;
}

/** The host and port of an http(s) URL as a grant, or undefined (an integration's configured address). */
export function grantOfUrl(text: string): EgressGrant | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}

/** Whether a connection to `host` (as the skill named it) at `address`:`port` may be made. */
export function decideEgress(
  host: string,
  address: string,
  port: number,
  grants: readonly EgressGrant[],
  own?: ReadonlySet<string>,
): EgressDecision {
  if (!isThisMachine(address, own)) return { allowed: true };
  const name = unmapped(host.replace(/^\[|\]$/g, ''));
  const ip = unmapped(address);
  for (const grant of grants) {
    const g = parseGrant(grant);
    if (g && g.port === port && (g.host === name || g.host === ip)) return { allowed: true };
  }
  return { allowed: false, reason: `${host}:${port} is this machine or its local network link, which a skill may not reach` };
}

interface Target {
  readonly host: string;
  readonly port: number;
  /** For a plain HTTP request: the head to send on, in origin form; undefined for CONNECT. */
  readonly head?: Buffer;
}

function splitHostPort(text: string, fallbackPort: number): { host: string; port: number } | undefined {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(text);
  if (!m) return undefined;
  const port = m[2] ? Number(m[2]) : fallbackPort;
  return port > 0 && port < 65536 ? { host: m[1]!.replace(/^\[|\]$/g, ''), port } : undefined;
}

/** The destination of a request head: `CONNECT host:port`, or an absolute `http://` request rewritten to origin form. */
function targetOf(head: string): Target | { error: string } {
  const [requestLine = '', ...headerLines] = head.split('\r\n');
  const [method = '', target = '', version = ''] = requestLine.split(' ');
  if (!/^HTTP\/1\.[01]$/.test(version)) return { error: 'not an HTTP/1 request' };
  if (method === 'CONNECT') {
    const hp = splitHostPort(target, 443);
    return hp ? { ...hp } : { error: 'CONNECT needs host:port' };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { error: 'a proxy request names an absolute http:// URL' };
  }
  if (url.protocol !== 'http:') return { error: 'only http:// is forwarded as a request; https goes through CONNECT' };
  // One request per connection: a kept-alive connection could carry the next request elsewhere.
  const headers = headerLines.filter((l) => l && !/^(proxy-connection|proxy-authorization|connection|keep-alive):/i.test(l));
  const origin = `${method} ${url.pathname}${url.search} ${version}\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80), head: Buffer.from(origin, 'latin1') };
}

function refuse(client: Socket, status: string, reason: string): void {
  const body = `JARVIS: ${reason}\n`;
  client.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

async function resolveAll(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}

/** Serves one skill's connections: each is a CONNECT tunnel or one plain HTTP request. */
function serveConnection(client: Socket, grants: readonly EgressGrant[], onRefused?: (reason: string) => void): void {
  let buffered = Buffer.alloc(0);
  client.on('error', () => client.destroy());
  client.setTimeout(HEAD_TIMEOUT_MS, () => client.destroy());
  const onData = (chunk: Buffer): void => {
    buffered = Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) {
      if (buffered.length > MAX_HEAD_BYTES) refuse(client, '431 Request Header Fields Too Large', 'the request head is too large');
      return;
    }
    client.off('data', onData);
    client.pause();
    const rest = buffered.subarray(end + 4);
    const target = targetOf(buffered.subarray(0, end).toString('latin1'));
    if ('error' in target) return refuse(client, '400 Bad Request', target.error);
    void connectChecked(client, target, rest, grants, onRefused);
  };
  client.on('data', onData);
}

async function connectChecked(
  client: Socket,
  target: Target,
  rest: Buffer,
  grants: readonly EgressGrant[],
  onRefused?: (reason: string) => void,
): Promise<void> {
  let addresses: string[];
  try {
    addresses = await resolveAll(target.host);
  } catch {
    return refuse(client, '502 Bad Gateway', `${target.host} could not be resolved`);
  }
  // Every address the name has must be allowed: a name that also points at this machine is refused.
  const own = ownAddresses();
  for (const address of addresses) {
    const decision = decideEgress(target.host, address, target.port, grants, own);
    if (!decision.allowed) {
      onRefused?.(decision.reason!);
      return refuse(client, '403 Forbidden', decision.reason!);
    }
  }
  // The checked address, never the name again: a second lookup could answer differently.
  const upstream = createConnection({ host: addresses[0]!, port: target.port });
  upstream.on('error', () => {
    if (!client.destroyed && client.bytesWritten === 0)
      refuse(client, '502 Bad Gateway', `${target.host}:${target.port} did not accept the connection`);
    else client.destroy();
  });
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
  upstream.once('connect', () => {
    client.setTimeout(0);
    if (target.head) upstream.write(target.head);
    else client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (rest.length) upstream.write(rest);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  });
}

/**
 * The proxies of one process (master or worker): one unix socket per skill and grant set,
 * made on first use and kept for the process's life, in a folder only this user can enter.
 */
export class EgressProxies {
  private dir: string | undefined;
  private forwarder: string | undefined;
  private readonly servers = new Map<string, { server: Server; socket: string }>();

  constructor(private readonly onRefused?: (skillId: string, reason: string) => void) {}

  /** The forwarder script the sandbox runs before the skill. */
  forwarderFile(): string {
    if (!this.forwarder) {
      this.forwarder = join(this.folder(), 'forwarder.cjs');
      writeFileSync(this.forwarder, EGRESS_FORWARDER_SOURCE, { mode: 0o600 });
    }
    return this.forwarder;
  }

  /** The unix socket of `skillId`'s proxy with these grants; listening from the moment it is returned. */
  socketFor(skillId: string, grants: readonly EgressGrant[]): string {
    const key = `${skillId}\0${[...grants].sort().join(',')}`;
    const known = this.servers.get(key);
    if (known) return known.socket;
    const socket = join(this.folder(), `s${this.servers.size}.sock`);
    const server = createServer((client) => serveConnection(client, grants, (reason) => this.onRefused?.(skillId, reason)));
    // A unix socket is bound within listen() itself, so a skill started right after finds it.
    server.listen(socket);
    server.unref();
    this.servers.set(key, { server, socket });
    return socket;
  }

  close(): void {
    for (const { server } of this.servers.values()) server.close();
    this.servers.clear();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
    this.forwarder = undefined;
  }

  private folder(): string {
    if (!this.dir) {
      this.dir = mkdtempSync(join(tmpdir(), 'jarvis-egress-'));
      chmodSync(this.dir, 0o700);
    }
    return this.dir;
  }
}

let shared: EgressProxies | undefined;

/** The process's proxies, for every runner that is not given its own. */
export function sharedEgressProxies(): EgressProxies {
  if (!shared) {
    const proxies = new EgressProxies();
    shared = proxies;
    process.once('exit', () => proxies.close());
  }
  return shared;
}
