// Network checks, each bounded by a time limit: TCP connect, "is it up", DNS, HTTP(S).
import { execFile } from 'node:child_process';
import dns from 'node:dns';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { SkillError } from '../_lib/skill-main.mjs';

export const DEFAULT_TIMEOUT_MS = 2000;
/** Ports a home machine usually answers on (SSH, web, SMB, RDP); a refusal proves it is up too. */
export const PROBE_PORTS = [22, 80, 443, 445, 139, 3389, 5000, 8080];

export function checkHost(host) {
  if (typeof host !== 'string' || host.startsWith('-') || !/^[A-Za-z0-9._:-]{1,253}$/.test(host))
    throw new SkillError('INVALID_ARGUMENTS', 'host must be a host name or an IP address.');
  return host;
}

/** 'open' (connected), 'closed' (refused: the host is there), 'timeout' or 'unreachable'. */
export function tcpProbe(host, port, timeoutMs) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ host, port });
    const done = (state) => {
      socket.destroy();
      resolve({ state, ms: Math.round(performance.now() - started) });
    };
    socket.setTimeout(timeoutMs, () => done('timeout'));
    socket.once('connect', () => done('open'));
    socket.once('error', (err) => done(err.code === 'ECONNREFUSED' ? 'closed' : 'unreachable'));
  });
}

function pingOnce(host, timeoutMs) {
  // ping exists on most hosts but may lack the right to send ICMP in a sandbox: then only TCP decides.
  return new Promise((resolve) => {
    const seconds = String(Math.max(1, Math.ceil(timeoutMs / 1000)));
    execFile('ping', ['-c', '1', '-W', seconds, host], { timeout: timeoutMs + 500 }, (err) => resolve(!err));
  });
}

/** Up when it answers ping or any TCP probe (open or refused); the first answer decides. */
export async function hostUp(host, timeoutMs = DEFAULT_TIMEOUT_MS) {
  checkHost(host);
  const started = performance.now();
  const probes = PROBE_PORTS.map((port) =>
    tcpProbe(host, port, timeoutMs).then((r) => (r.state === 'open' || r.state === 'closed' ? `tcp:${port}` : Promise.reject(new Error('no')))),
  );
  probes.push(pingOnce(host, timeoutMs).then((ok) => (ok ? 'ping' : Promise.reject(new Error('no')))));
  try {
    const by = await Promise.any(probes);
    return { host, up: true, by, ms: Math.round(performance.now() - started) };
  } catch {
    return { host, up: false, ms: Math.round(performance.now() - started) };
  }
}

export async function portOpen(host, port, timeoutMs = DEFAULT_TIMEOUT_MS) {
  checkHost(host);
  const r = await tcpProbe(host, port, timeoutMs);
  return { host, port, open: r.state === 'open', state: r.state, ms: r.ms };
}

function withTimeout(promise, timeoutMs, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new SkillError('TIMEOUT', `${what} took longer than ${timeoutMs} ms.`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function dnsLookup(name, timeoutMs = DEFAULT_TIMEOUT_MS) {
  checkHost(name);
  const started = performance.now();
  try {
    const found = await withTimeout(dns.promises.lookup(name, { all: true }), timeoutMs, `Looking up ${name}`);
    return { name, addresses: found.map((a) => a.address), ms: Math.round(performance.now() - started) };
  } catch (err) {
    if (err instanceof SkillError) throw err;
    if (err.code === 'ENOTFOUND' || err.code === 'ENODATA') return { name, addresses: [], ms: Math.round(performance.now() - started) };
    throw new SkillError('DNS_FAILED', `Looking up ${name} failed (${err.code ?? err.message}).`);
  }
}

/** Status and time to the response head; a certificate problem is a result, not a crash. */
export function httpCheck(urlText, timeoutMs = DEFAULT_TIMEOUT_MS) {
  let url;
  try {
    url = new URL(urlText);
  } catch {
    throw new SkillError('INVALID_ARGUMENTS', 'url is not a valid address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SkillError('INVALID_ARGUMENTS', 'url must start with http:// or https://.');
  const shown = `${url.protocol}//${url.host}${url.pathname}`;
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const started = performance.now();
    const req = lib.request(url, { method: 'GET', headers: { 'user-agent': 'jarvis-home-check' } }, (res) => {
      res.resume();
      resolve({ url: shown, ok: (res.statusCode ?? 0) < 400, status: res.statusCode ?? 0, ms: Math.round(performance.now() - started) });
      req.destroy();
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve({ url: shown, ok: false, status: 0, error: 'timeout', ms: Math.round(performance.now() - started) });
    });
    req.once('error', (err) => resolve({ url: shown, ok: false, status: 0, error: err.code ?? 'error', ms: Math.round(performance.now() - started) }));
    req.end();
  });
}

/** The IP the ARP table has for a MAC (the host's neighbours), if any. */
export function ipFromArp(mac, table = () => readFileSync('/proc/net/arp', 'utf8')) {
  let text;
  try {
    text = table();
  } catch {
    return undefined;
  }
  for (const line of text.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols.length >= 4 && cols[3].toLowerCase() === mac.toLowerCase() && cols[3] !== '00:00:00:00:00:00') return cols[0];
  }
  return undefined;
}
